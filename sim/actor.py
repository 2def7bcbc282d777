"""The simulator's hand for guided checks, and the sensor faults a check should catch.

`SimulatedActor` does at once what `HumanActor` asks a person to do, on a
`SimulatedHardware`'s physical board, and looks at the simulated pixels. Faults are
given as `CELL:KIND` (e.g. `c3:stuck`, as `santorini-hw selftest --sim-fault` takes them):

- `stuck`: the cell's stack channel returns its present reading for ever;
- `worker-stuck`: the cell's presence switch keeps its present state for ever.
"""

from __future__ import annotations

from dataclasses import dataclass

from santorini_hw.lights.strips import Pixel
from santorini_hw.rules.cells import cell_name, parse_cell
from sim.hardware import SimulatedHardware, wait_real

FAULT_KINDS = ("stuck", "worker-stuck")
LOOK_TIMEOUT = 5.0
"""Real seconds to wait for a bridge-driven strip to show a frame."""


@dataclass(frozen=True)
class Fault:
    cell: int
    kind: str

    @classmethod
    def parse(cls, text: str) -> Fault:
        """`c3:stuck` → Fault(12, "stuck"); ValueError naming the problem otherwise."""
        name, _, kind = text.partition(":")
        if kind not in FAULT_KINDS:
            raise ValueError(f"fault {text!r}: the kind is one of {', '.join(FAULT_KINDS)}")
        return cls(parse_cell(name.strip().lower()), kind)

    def apply(self, sim: SimulatedHardware) -> None:
        board = sim.physical
        if self.kind == "stuck":
            board.set_stuck_reading(self.cell, board.expected_reading(self.cell))
        else:
            board.set_stuck_switch(self.cell, board.worker(self.cell) is not None)

    def __str__(self) -> str:
        return f"{cell_name(self.cell)}:{self.kind}"


class SimulatedActor:
    """Handles the pieces of a `SimulatedHardware` instantly; patience is simulated time."""

    def __init__(self, sim: SimulatedHardware, *, player: str = "A", patience: float = 2.0):
        self._sim = sim
        self._player = player
        self.patience = patience

    async def place(self, cell: int, piece: str) -> None:
        self._sim.place(cell, piece, self._player if piece == "worker" else None)

    async def clear(self, cell: int) -> None:
        board = self._sim.physical
        while board.worker(cell) is not None or board.level(cell) or board.dome(cell):
            self._sim.lift(cell)

    async def build(self, cell: int, level: int, dome: bool) -> None:
        board = self._sim.physical
        while board.worker(cell) is not None or not _prefix(
            board.level(cell), board.dome(cell), level, dome
        ):
            self._sim.lift(cell)
        while board.level(cell) < level:
            self._sim.place(cell, "block")
        if dome and not board.dome(cell):
            self._sim.place(cell, "dome")

    async def sees_lit(self, cell: int) -> bool:
        wanted = set(self._sim.pixel_map.pixels_of(cell))
        try:
            await wait_real(lambda: _lit(self._sim.pixels) == wanted, LOOK_TIMEOUT)
        except TimeoutError:
            return False
        return True


def _prefix(level: int, dome: bool, target_level: int, target_dome: bool) -> bool:
    """Whether a stack can grow into the target without lifting anything."""
    if dome:
        return target_dome and level == target_level
    return level <= target_level


def _lit(frame: tuple[Pixel, ...]) -> set[int]:
    return {index for index, pixel in enumerate(frame) if any(pixel)}
