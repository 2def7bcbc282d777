"""The board's hardware as one object: scanning (sensors, bridge, fusion), buttons, lights.

`BoardHardware` wires what `hardware/board.toml` describes: the daemon uses it on the
Pi, and the simulator (`sim.hardware.SimulatedHardware`) builds the very same object
on mock pins, a pty bridge and a recorded strip.

    async with BoardHardware(load_hardware_config(), SystemClock()) as hardware:
        observation = await hardware.settle()
        hardware.strip.show(frame)
        button = await hardware.presses.get()
        action = await hardware.holds.get()     # "new_game", "adopt_board", "menu"
"""

from __future__ import annotations

import asyncio
from typing import Any

from santorini_hw.clock import Clock
from santorini_hw.closing import AsyncStartStop
from santorini_hw.hardware.config import HardwareConfig, PixelMap
from santorini_hw.lights.strips import PixelStrip, open_strip
from santorini_hw.sensing.bridge_client import BridgeSettings
from santorini_hw.sensing.button_holds import ButtonHolds
from santorini_hw.sensing.buttons import BoardButtons
from santorini_hw.sensing.calibration import CalibrationTable
from santorini_hw.sensing.observation import Observation
from santorini_hw.sensing.scanner import BoardScanner

SCAN_PERIOD = 0.01
"""Seconds between two scans of the worker sensors."""


class BoardHardware(AsyncStartStop):
    """Scanner, buttons (presses land in `presses`, long presses' actions in `holds`)
    and strip of one board.

    `pin_factory`, `bridge_path` and `simulated_strip` swap the hardware underneath
    (see the module doc); everything above them is the same code on the Pi and in
    the simulator. `start()` needs a running event loop (the context manager does it).
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
        simulated_strip: bool = False,
        scan_period: float = SCAN_PERIOD,
    ) -> None:
        self.config = config
        self.clock = clock
        self.scan_period = scan_period
        self._pin_factory = pin_factory
        self.scanner = BoardScanner(
            config,
            clock,
            table=table,
            pin_factory=pin_factory,
            bridge_path=bridge_path,
            bridge_settings=bridge_settings,
        )
        try:
            self.strip: PixelStrip = open_strip(
                config.lights, self.scanner.bridge, simulated=simulated_strip
            )
        except BaseException:
            self.scanner.close()
            raise
        self.presses: asyncio.Queue[str] = asyncio.Queue()
        self.holds: asyncio.Queue[str] = asyncio.Queue()
        """Actions of long presses (`button_holds.HOLD_ACTIONS`), once each."""
        self.buttons: BoardButtons | None = None
        self.button_holds: ButtonHolds | None = None

    @property
    def pixel_map(self) -> PixelMap:
        return self.config.lights.map

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        loop = loop or asyncio.get_running_loop()
        self.scanner.start(loop)
        self.buttons = BoardButtons(
            self.config.buttons,
            self.clock,
            self.presses.put_nowait,
            loop=loop,
            pin_factory=self._pin_factory,
        )
        self.button_holds = ButtonHolds(self.buttons, self.clock, self.holds.put_nowait, loop=loop)

    def poll_holds(self) -> None:
        """Report the long presses due by now on the clock (the daemon calls it at
        `next_hold_deadline()`)."""
        if self.button_holds is not None:
            self.button_holds.poll()

    def next_hold_deadline(self) -> float | None:
        """When the next long press is due on the clock, None if no button is down."""
        return None if self.button_holds is None else self.button_holds.next_deadline()

    def scan(self) -> Observation:
        return self.scanner.scan()

    def stack_reading(self, cell: int) -> int | None:
        """The bridge's latest raw reading of one cell, None while it is not connected."""
        stacks = self.scanner.stacks
        return None if stacks is None else stacks.values[cell]

    async def settle(self, timeout: float = 1.0) -> Observation:
        """Scan every `scan_period` (real time) until the board is settled, at most
        `timeout` seconds on the clock; the last observation either way."""
        deadline = self.clock.monotonic() + timeout
        while True:
            await asyncio.sleep(self.scan_period)
            observation = self.scan()
            if observation.settled or self.clock.monotonic() >= deadline:
                return observation

    async def aclose(self) -> None:
        self.strip.close()
        if self.buttons is not None:
            self.buttons.close()
        await self.scanner.aclose()
