from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import Daemon


@pytest.fixture
def own_daemon(tmp_path: Path) -> Iterator[Daemon]:
    """A daemon of the test's own (also where a module's `daemon` is a shared one)."""
    running = Daemon(tmp_path / "state").start()
    yield running
    running.close()


@pytest.fixture
def daemon(own_daemon: Daemon) -> Daemon:
    return own_daemon


@pytest.fixture(scope="module")
def shared_daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """One daemon for a module's tests that only read or are refused: none changes its
    state, so none needs a daemon of its own (a start costs about 1.5 s)."""
    running = Daemon(tmp_path_factory.mktemp("shared") / "state").start()
    yield running
    running.close()
