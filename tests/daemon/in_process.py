"""The board service in the test's own process, on the simulator's manual clock: the
tests step its scan loop tick by tick (`ScanLoop.tick`) and move the clock themselves,
so timers are checked on the injected clock, never by sleeping."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.service import BoardService
from santorini_hw.daemon.settings import Settings
from santorini_hw.store import Store
from sim.hardware import SimulatedHardware
from sim.physical import Noise


@contextlib.asynccontextmanager
async def board_service(
    state_dir: Path, noise: Noise | None = None
) -> AsyncIterator[tuple[BoardService, SimulatedHardware]]:
    state_dir.mkdir(parents=True, exist_ok=True)
    settings = Settings(state_dir=state_dir, sim=True)
    store = Store.open(settings.database)
    try:
        async with SimulatedHardware(noise=noise, bridge_dir=str(state_dir / "bridge")) as sim:
            yield BoardService(sim.hardware, store, EventHub(16), settings, sim=sim), sim
    finally:
        store.close()


async def tick(service: BoardService, sim: SimulatedHardware, seconds: float = 0.0) -> None:
    """Tick once at the current time, then once a scan period for `seconds` more (the
    bridge caught up before each tick, as the simulator's `advance` does)."""
    for number in range(round(seconds / sim.scan_period) + 1):
        if number:
            sim.clock.advance(sim.scan_period)
        await sim.sync()
        service.scan.tick()
