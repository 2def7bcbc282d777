"""The board's scanning: worker sensors, the stack-height bridge and fusion, in one place.

`BoardScanner` is the only code that combines them, for the real board and the
simulator alike (the simulator only passes mock pins and the fake bridge's pty path).
Each `scan()` reads the worker switches now, takes the bridge's latest stack readings
(None while the bridge is not connected, so the observation says so), and fuses them
into an `Observation` on the injected clock.

The bridge client runs its serial thread in real time whatever the fusion clock is,
so its heartbeats and timeouts keep working when a simulator drives fusion on a
`ManualClock`; pass `bridge_clock` only to change that.

Usage, inside a running event loop:

    async with BoardScanner(config, SystemClock()) as scanner:
        async for observation in scanner.observations(period=0.01):
            ...
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any, NamedTuple

from santorini_hw.clock import Clock, SystemClock
from santorini_hw.closing import AsyncStartStop
from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.sensing.bridge_client import (
    BridgeClient,
    BridgeSettings,
    BridgeState,
    StackReadings,
)
from santorini_hw.sensing.calibration import CalibrationTable
from santorini_hw.sensing.fusion import SensorFusion
from santorini_hw.sensing.observation import Observation
from santorini_hw.sensing.shift_register import PolaritySensors, open_worker_sensors


class RawScan(NamedTuple):
    """One scan's raw inputs: the presence bitmask, the (north, south) pole bitmasks of
    polarity sensors, the bridge's readings (None while it is not connected)."""

    workers: int
    poles: tuple[int, int] | None
    stacks: tuple[int, ...] | None


class BoardScanner(AsyncStartStop):
    """Turns the worker sensors and the bridge's readings into one `Observation` per scan.

    `table` is the calibration (the config's default bands unless given); `pin_factory`
    and `bridge_path` select the hardware (the config's bridge port by default).
    """

    def __init__(
        self,
        config: HardwareConfig,
        clock: Clock,
        *,
        table: CalibrationTable | None = None,
        pin_factory: Any = None,
        bridge_path: str | None = None,
        bridge_settings: BridgeSettings | None = None,
        bridge_clock: Clock | None = None,
    ) -> None:
        self._polarity = config.workers.sensing == "polarity"
        self.fusion = SensorFusion.from_config(config, clock, table)
        self.bridge = BridgeClient(
            bridge_path or config.bridge.port,
            clock=bridge_clock or SystemClock(),
            settings=bridge_settings or BridgeSettings(baudrate=config.bridge.baudrate),
            on_readings=self._on_readings,
            on_state=self._on_state,
        )
        self._sensors = open_worker_sensors(config.workers, pin_factory)
        self.stacks: StackReadings | None = None
        """The bridge's latest readings, None while it is not connected."""
        self.latest: Observation | None = None
        self.on_change: Callable[[], None] = lambda: None
        """Called (on the loop's thread) when the bridge's readings or state change:
        the scan loop wakes for them instead of waiting for its next poll."""

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Start the bridge client (in the running loop unless `loop` is given)."""
        self.bridge.start(loop)

    def read(self) -> RawScan:
        """The raw inputs now: the worker switches (read now) and the bridge's latest
        stack readings. Two equal reads with no `next_deadline()` due between them fuse
        to the same board, so a caller may skip `fuse` for the second."""
        if self._polarity:
            sensors: PolaritySensors = self._sensors  # type: ignore[assignment]
            poles = sensors.read_poles()
            workers = poles[0] | poles[1]
        else:
            poles, workers = None, self._sensors.read()
        stacks = self.stacks.values if self.stacks is not None else None
        return RawScan(workers, poles, stacks)

    def fuse(self, raw: RawScan) -> Observation:
        """Debounce, calibrate and fuse raw inputs into the observation of now."""
        self.latest = self.fusion.update(raw.workers, raw.stacks, raw.poles)
        return self.latest

    def scan(self) -> Observation:
        """Read the worker switches now and fuse them with the latest stack readings."""
        return self.fuse(self.read())

    def next_deadline(self) -> float | None:
        """When a reading next settles on the fusion clock (None: everything settled)."""
        return self.fusion.next_deadline()

    async def observations(self, period: float) -> AsyncIterator[Observation]:
        """Scan every `period` seconds of real time, for ever."""
        while True:
            yield self.scan()
            await asyncio.sleep(period)

    def _on_readings(self, readings: StackReadings) -> None:
        changed = self.stacks is None or readings.values != self.stacks.values
        self.stacks = readings
        if changed:
            self.on_change()

    def _on_state(self, state: BridgeState) -> None:
        if state is not BridgeState.CONNECTED:
            self.stacks = None  # never fuse readings across a gap: wait for a new snapshot
        self.on_change()

    def close(self) -> None:
        self.bridge.close()
        self._sensors.close()

    async def aclose(self) -> None:
        await self.bridge.aclose()
        self._sensors.close()
