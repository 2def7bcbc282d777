"""What a guided check needs: the board (`Rig`) and someone to handle the pieces (`Actor`)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Hashable
from typing import Protocol, TextIO

from santorini_hw.clock import Clock
from santorini_hw.hardware.config import PixelMap
from santorini_hw.lights.strips import Pixel, PixelStrip
from santorini_hw.rules.cells import cell_name
from santorini_hw.sensing.calibration import describe
from santorini_hw.sensing.observation import Observation

LIT: Pixel = (255, 255, 255)
DARK: Pixel = (0, 0, 0)
HOLD_S = 0.25
"""How long (on the rig's clock) what a check reads must hold before it counts: longer
than contact bounce, the fusion's settle time and the bridge's report of a change."""


class Rig(Protocol):
    """The board under test: `BoardHardware` on a Pi, `SimulatedHardware` in the simulator."""

    @property
    def clock(self) -> Clock: ...

    @property
    def strip(self) -> PixelStrip: ...

    @property
    def pixel_map(self) -> PixelMap: ...

    async def settle(self, timeout: float = 1.0) -> Observation:
        """Scan until the board is settled (at most `timeout` on the rig's clock)."""
        ...

    def stack_reading(self, cell: int) -> int | None:
        """The latest raw stack reading of a cell, None without a bridge."""
        ...


class Actor(Protocol):
    """Whoever handles the pieces. `patience`: how long (on the rig's clock) a check
    waits for the board to show what the actor was asked to do."""

    patience: float

    async def place(self, cell: int, piece: str) -> None:
        """Put a `worker` or a `block` on the cell."""
        ...

    async def clear(self, cell: int) -> None:
        """Take every piece off the cell."""
        ...

    async def build(self, cell: int, level: int, dome: bool) -> None:
        """Make the cell's stack exactly `level` blocks and maybe a dome; return once it
        stands (TimeoutError if it never does)."""
        ...

    async def sees_lit(self, cell: int) -> bool:
        """Whether the cell's pixels, and only they, are lit."""
        ...


async def steady(rig: Rig, patience: float, key: Callable[[Observation], Hashable]) -> Observation:
    """The first settled observation after `key` of settled observations has held for
    `HOLD_S` (a value of None never holds); TimeoutError after `patience`."""
    clock = rig.clock
    deadline = clock.monotonic() + patience
    held: tuple[Hashable, float] | None = None
    while True:
        observation = await rig.settle()
        value, now = key(observation), clock.monotonic()
        if not observation.settled or value is None:
            held = None
        elif held is None or held[0] != value:
            held = (value, now)
        elif now - held[1] >= HOLD_S:
            return observation
        if now >= deadline:
            raise TimeoutError(f"the board did not hold still for {HOLD_S} s")


def light(rig: Rig, cell: int | None) -> None:
    """Light one cell's pixels (all dark for None)."""
    lit = set(rig.pixel_map.pixels_of(cell)) if cell is not None else set()
    rig.strip.show([LIT if pixel in lit else DARK for pixel in range(rig.strip.pixel_count)])


class HumanActor:
    """A person at the board, told what to do on `output` and answering on `input`."""

    def __init__(self, input: TextIO, output: TextIO, *, patience: float = 60.0) -> None:
        self._input = input
        self._output = output
        self.patience = patience
        self._lines: asyncio.Queue[str | None] | None = None
        self._ended = False

    def say(self, text: str) -> None:
        print(text, file=self._output, flush=True)

    async def place(self, cell: int, piece: str) -> None:
        self.say(f"Put a {piece} on {cell_name(cell)} (lit).")

    async def clear(self, cell: int) -> None:
        self.say(f"Take everything off {cell_name(cell)}.")

    async def build(self, cell: int, level: int, dome: bool) -> None:
        answer = await self._ask(
            f"Build {describe(level, dome)} on {cell_name(cell)} (lit), then press Enter."
        )
        if answer is None:
            raise TimeoutError(f"no answer in {self.patience:.0f} s")

    async def sees_lit(self, cell: int) -> bool:
        answer = await self._ask(f"Is {cell_name(cell)} lit, and no other cell? [y/n]")
        return answer is not None and answer.strip().lower() in ("y", "yes")

    async def _ask(self, question: str) -> str | None:
        """The answer line, or None on end of input or after `patience` seconds."""
        self.say(question)
        if self._ended:
            return None
        if self._lines is None:
            self._lines = asyncio.Queue()
            self._start_reader(asyncio.get_running_loop(), self._lines)
        try:
            answer = await asyncio.wait_for(self._lines.get(), self.patience)
        except TimeoutError:
            return None
        self._ended = answer is None
        return answer

    def _start_reader(
        self, loop: asyncio.AbstractEventLoop, lines: asyncio.Queue[str | None]
    ) -> None:
        """Read lines in a daemon thread, so a prompt can time out without blocking exit."""

        def read() -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is asking
                for line in self._input:
                    loop.call_soon_threadsafe(lines.put_nowait, line)
                loop.call_soon_threadsafe(lines.put_nowait, None)

        threading.Thread(target=read, name="prompt-input", daemon=True).start()
