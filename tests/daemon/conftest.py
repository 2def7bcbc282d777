from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import Daemon


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    running = Daemon(tmp_path / "state").start()
    yield running
    running.close()
