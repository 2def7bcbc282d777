"""The page tests use the end-to-end tests' daemon fixture."""

from tests.daemon.conftest import daemon

__all__ = ["daemon"]
