"""The calibration procedure as pure logic: what to build where next, and the result.

Cell by cell, the player builds each stack the procedure asks for (the lights show
the target), and the daemon feeds it settled raw readings of that cell. The order
builds up and then takes down a tower, so each step moves at most two pieces:
empty, L1, L2, L3, L3+dome, L2+dome, L1+dome, dome. When every step has its
samples, `table()` turns them into bands and refuses a cell whose stacks are not
separable, naming them, instead of saving a table that would misread builds.

>>> from santorini_hw.sensing.calibration import CalibrationTable
>>> from santorini_hw.hardware.config import load_hardware_config
>>> stacks = load_hardware_config().stacks
>>> procedure = CalibrationProcedure(CalibrationTable.from_config(stacks), cells=[12])
>>> procedure.step
CalibrationStep(cell=12, level=0, dome=False)
>>> procedure.add_samples([stacks.nominal_reading(0, False)] * 8)
>>> procedure.step, procedure.progress
(CalibrationStep(cell=12, level=1, dome=False), (1, 8))
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from santorini_hw.hardware.config import Band
from santorini_hw.rules.cells import CELL_COUNT, cell_name
from santorini_hw.sensing.calibration import (
    CalibrationError,
    CalibrationTable,
    check_separable,
    describe,
)

BUILD_ORDER: tuple[tuple[int, bool], ...] = (
    (0, False),
    (1, False),
    (2, False),
    (3, False),
    (3, True),
    (2, True),
    (1, True),
    (0, True),
)
"""Every stack a cell can hold, in an order that moves at most two pieces per step."""


@dataclass(frozen=True)
class CalibrationStep:
    """Build this stack on this cell, then let it settle."""

    cell: int
    level: int
    dome: bool

    def __str__(self) -> str:
        return f"{cell_name(self.cell)}: {describe(self.level, self.dome)}"


class CalibrationProcedure:
    """Collects `samples` readings per (cell, stack) step and produces a new table.

    `margin` widens each band beyond the spread of its samples (toward a neighbour
    only as far as half the gap minus the hysteresis allows). Cells not in `cells`
    and stacks not in `stacks` keep the `base` table's bands.
    """

    def __init__(
        self,
        base: CalibrationTable,
        *,
        cells: Iterable[int] = range(CELL_COUNT),
        stacks: Sequence[tuple[int, bool]] = BUILD_ORDER,
        samples: int = 8,
        margin: int = 1200,
    ) -> None:
        if samples < 1:
            raise ValueError("a step needs at least one sample")
        self._base = base
        self._steps = [
            CalibrationStep(cell, level, dome) for cell in cells for level, dome in stacks
        ]
        self._samples_needed = samples
        self._margin = margin
        self._samples: dict[CalibrationStep, list[int]] = {}
        self._position = 0

    @property
    def step(self) -> CalibrationStep | None:
        """The stack to build next, or None when every step has its samples."""
        return self._steps[self._position] if self._position < len(self._steps) else None

    @property
    def progress(self) -> tuple[int, int]:
        """(steps done, steps in all)."""
        return self._position, len(self._steps)

    def add_samples(self, readings: Iterable[int]) -> None:
        """Record settled raw readings of the current step's cell; move on when enough."""
        step = self.step
        if step is None:
            raise CalibrationError("calibration is complete: no step takes samples")
        collected = self._samples.setdefault(step, [])
        for reading in readings:
            collected.append(reading)
            if len(collected) == self._samples_needed:
                self._position += 1
                return

    def redo(self, step: CalibrationStep) -> None:
        """Forget a step's samples and make it the current step again (e.g. after a bad one)."""
        self._samples.pop(step, None)
        self._position = min(self._position, self._steps.index(step))

    def table(self) -> CalibrationTable:
        """The base table with the calibrated cells' bands replaced by measured ones."""
        if self.step is not None:
            raise CalibrationError(f"calibration is not finished: next is {self.step}")
        table = self._base
        for cell, steps in itertools.groupby(self._steps, key=lambda step: step.cell):
            measured = {(s.level, s.dome): self._samples[s] for s in steps}
            bands = self._bands(cell, measured, table.hysteresis)
            kept = [b for b in table.bands[cell] if (b.level, b.dome) not in measured]
            combined = [*kept, *bands]
            check_separable(cell, combined, table.hysteresis)
            table = table.with_cell(cell, combined)
        return table

    def _bands(
        self, cell: int, measured: dict[tuple[int, bool], list[int]], hysteresis: int
    ) -> list[Band]:
        ordered = sorted(measured.items(), key=lambda item: statistics.median(item[1]))
        lows = [min(samples) - self._margin for _, samples in ordered]
        highs = [max(samples) + self._margin for _, samples in ordered]
        for n, ((below, below_samples), (above, above_samples)) in enumerate(
            itertools.pairwise(ordered)
        ):
            gap = min(above_samples) - max(below_samples)
            if gap <= hysteresis:
                raise CalibrationError(
                    f"{cell_name(cell)}: readings of {describe(*below)} "
                    f"({min(below_samples)}-{max(below_samples)}) and {describe(*above)} "
                    f"({min(above_samples)}-{max(above_samples)}) are not separable "
                    f"(gap {gap}, hysteresis {hysteresis})"
                )
            reach = min(self._margin, (gap - hysteresis - 1) // 2)
            highs[n] = max(below_samples) + reach
            lows[n + 1] = min(above_samples) - reach
        return [
            Band(level=level, dome=dome, low=max(0, low), high=min(65535, high))
            for ((level, dome), _), low, high in zip(ordered, lows, highs, strict=True)
        ]
