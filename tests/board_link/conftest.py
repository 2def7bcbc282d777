from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.board_link.pair import boards_for
from tests.daemon.harness import Daemon
from tests.mqtt.broker import Mosquitto


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    running = Mosquitto(tmp_path / "broker").start()
    yield running
    running.stop()


@pytest.fixture
def boards(tmp_path: Path, broker: Mosquitto) -> Iterator[list[Daemon]]:
    """Board 1 and board 2, started (a test may append a restarted one: closed too)."""
    running = boards_for(tmp_path, broker)
    try:
        for board in running:
            board.start()
        yield running
    finally:
        for board in running:
            board.close()
