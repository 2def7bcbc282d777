"""The board service in the test's own process, on the simulator's manual clock: the
tests step its scan loop tick by tick (`ScanLoop.tick`) and move the clock themselves,
so timers are checked on the injected clock, never by sleeping."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from santorini_hw.daemon.event_hub import EventHub, Subscriber
from santorini_hw.daemon.service import BoardService
from santorini_hw.daemon.settings import Settings
from santorini_hw.store import Store
from sim.carry_out import SPACING, carry_out_events, steps_done
from sim.hardware import SimulatedHardware
from sim.physical import Noise

START = 0.5
"""Simulated seconds for a started board to settle (the bridge's snapshot, debouncing)."""


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


class Stepper:
    """Ticks that say whether they ran the pipeline."""

    def __init__(self, service: BoardService, sim: SimulatedHardware) -> None:
        self.service, self.sim = service, sim

    async def step(self) -> bool:
        before = self.service.counters["scans_judged"]
        await tick(self.service, self.sim)
        await asyncio.sleep(0)  # what the tick handed to the event loop has run
        return bool(self.service.counters["scans_judged"] > before)

    async def idle_until(self, deadline: float, check: Callable[[], None] = lambda: None) -> int:
        """Tick every scan period while the next tick is still before `deadline`
        (calling `check` after each); how many of them ran the pipeline."""
        ran = 0
        while self.sim.clock.monotonic() + self.sim.scan_period < deadline:
            self.sim.clock.advance(self.sim.scan_period)
            ran += await self.step()
            check()
        return ran

    async def next_tick(self) -> bool:
        self.sim.clock.advance(self.sim.scan_period)
        return await self.step()

    async def until_seen(self) -> float:
        """Tick now, then every scan period, until a tick runs the pipeline: a worker
        switch shows a change at its next look at the field (the DRV5032 samples every
        50 ms). The time of that tick; fails after two sample periods."""
        switches = self.sim.physical.switches
        limit = self.sim.clock.monotonic() + 2 * (switches.period if switches else 0.0)
        while not await self.step():
            assert self.sim.clock.monotonic() < limit, "no switch showed the change"
            self.sim.clock.advance(self.sim.scan_period)
        return self.sim.clock.monotonic()


@contextlib.asynccontextmanager
async def settled_service(
    state_dir: Path,
) -> AsyncIterator[tuple[BoardService, SimulatedHardware, Stepper]]:
    """`board_service` once it has started and settled, with a `Stepper`."""
    async with board_service(state_dir) as (service, sim):
        await tick(service, sim, START)
        yield service, sim, Stepper(service, sim)


def published_events(listener: Subscriber) -> list[dict[str, Any]]:
    """The events the hub has put on `listener`'s queue so far (taken off it)."""
    events = []
    while not listener.queue.empty():
        message = json.loads(listener.queue.get_nowait() or "{}")
        if message.get("type") == "event":
            events.append(message["event"])
    return events


async def carry_out(service: BoardService, stepper: Stepper) -> None:
    """The hand at the table does what the board shows for a seat not at the board (the
    scenarios' `carry_out`), then lets the board settle."""
    expected = service.referee.awaiting
    assert expected is not None
    sim = stepper.sim
    done = steps_done(expected, service.game)
    for event in carry_out_events(expected, sim.clock.monotonic(), done):
        sim.act(event)
        await stepper.idle_until(sim.clock.monotonic() + SPACING)
    await stepper.idle_until(sim.clock.monotonic() + 1.0)
