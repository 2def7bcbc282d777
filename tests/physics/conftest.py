"""The physics tests share the sensing tests' board config."""

from tests.sensing.conftest import config

__all__ = ["config"]
