from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.mqtt.broker import Mosquitto


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    running = Mosquitto(tmp_path / "broker").start()
    yield running
    running.stop()
