"""The page tests use the end-to-end tests' daemon fixture, or one daemon per module
(`board`: each test starts its own game on it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.daemon.conftest import daemon
from tests.daemon.harness import Daemon

__all__ = ["board", "daemon"]


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """One simulated daemon for the module's tests."""
    running = Daemon(tmp_path_factory.mktemp("board") / "state").start()
    yield running
    running.close()
