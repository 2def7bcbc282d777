from tests.sensing.conftest import config

__all__ = ["config"]
