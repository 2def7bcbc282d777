"""The self-test: every cell's worker sensor, stack sensor and pixels, one verdict per cell.

For each cell the test lights it and asks the actor whether it (and only it) is lit,
then asks for a worker, takes it away, asks for a block, takes it away, and after each
request waits (up to the actor's patience) for a settled observation in which that
cell, and no other, shows the change. A cell whose sensors are faulty, stuck, or wired
to another cell fails with the reason; the test then clears it and goes on.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass

from santorini_hw.checks.rig import Actor, Rig, light, steady
from santorini_hw.rules.cells import CELL_COUNT, cell_name
from santorini_hw.sensing.observation import CellObservation, Observation

Contents = tuple[bool, int, bool]  # worker, level, dome
EMPTY: Contents = (False, 0, False)
STEPS: tuple[tuple[str | None, Contents, str], ...] = (
    ("worker", (True, 0, False), "a worker"),
    (None, EMPTY, "nothing"),
    ("block", (False, 1, False), "a level-1 block"),
    (None, EMPTY, "nothing"),
)
"""(piece to place or None to clear, what the cell must then read, its description)."""


class CellFailedError(Exception):
    """A cell did not pass; the message says why."""


@dataclass(frozen=True)
class CellResult:
    cell: int
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def __str__(self) -> str:
        name = cell_name(self.cell)
        return f"{name} ok" if self.problem is None else f"{name} FAIL: {self.problem}"


def _contents(cell: CellObservation) -> Contents:
    return (cell.worker, cell.level, cell.dome)


def _all_contents(observation: Observation) -> tuple[Contents, ...]:
    return tuple(_contents(cell) for cell in observation.cells)


def _describe(contents: Contents) -> str:
    worker, level, dome = contents
    stack = f"level {level}" + (" with a dome" if dome else "")
    return f"{'a' if worker else 'no'} worker, {stack}"


class SelfTest:
    """Runs the self-test of a `Rig` with an `Actor` (see the module doc)."""

    def __init__(self, rig: Rig, actor: Actor) -> None:
        self._rig = rig
        self._actor = actor

    async def run(self, cells: Iterable[int] = range(CELL_COUNT)) -> AsyncIterator[CellResult]:
        for cell in cells:
            yield await self.check_cell(cell)

    async def check_cell(self, cell: int) -> CellResult:
        light(self._rig, cell)
        try:
            if not await self._actor.sees_lit(cell):
                raise CellFailedError("its pixels did not light up alone")
            try:
                baseline = await steady(self._rig, self._actor.patience, _all_contents)
            except TimeoutError as error:
                raise CellFailedError(f"the board never held still: {error}") from error
            for piece, want, description in STEPS:
                if piece is None:
                    await self._actor.clear(cell)
                else:
                    await self._actor.place(cell, piece)
                await self._expect(cell, want, description, baseline)
        except CellFailedError as failure:
            await self._actor.clear(cell)
            await self._rig.settle()
            return CellResult(cell, str(failure))
        finally:
            light(self._rig, None)
        return CellResult(cell)

    async def _expect(
        self, cell: int, want: Contents, description: str, baseline: Observation
    ) -> None:
        """Wait for a settled observation where `cell` reads `want` and no other cell
        differs from `baseline`; raise `CellFailedError` saying what was read instead."""
        clock = self._rig.clock
        deadline = clock.monotonic() + self._actor.patience
        while True:
            observation = await self._rig.settle()
            seen = observation.cells[cell]
            moved = [
                cell_name(other)
                for other in range(CELL_COUNT)
                if other != cell
                and _contents(observation.cells[other]) != _contents(baseline.cells[other])
            ]
            if observation.settled and seen.valid and _contents(seen) == want and not moved:
                return
            if clock.monotonic() >= deadline:
                break
        expected = f"expected {description}"
        if not seen.valid:
            raise CellFailedError(f"{expected}: {seen.fault}")
        if moved:
            raise CellFailedError(f"{expected}: a change was seen on {', '.join(moved)} instead")
        raise CellFailedError(f"{expected}, the sensors read {_describe(_contents(seen))}")
