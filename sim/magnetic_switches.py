"""The worker switches as physics: each switch's field from the pieces, with hysteresis.

Given the board's `WorkerField` (board.toml's `[worker_field]`), every switch of every
cell's column (the board's, plus one per block with `sensors_in_blocks`) sees the field
of the worker standing on its cell (`WorkerField.worker_fields_mt`), the vertical field
of every other worker as a dipole one or more pitches away, the stray field and, under
a flux guide, the steel's remanence. A switch closes at the sensor's B_OP and opens
below B_RP (the datasheet's worst-case points, so the simulated part is a worst-case
part); a cell's worker line reads "present" while any switch of its column is closed.

A sampling Hall switch (`sample_hz`: the DRV5032 looks at the field 20 times a second
to save power) changes its output only when it samples, and holds it in between: each
switch has its own free-running oscillator, so each gets its own phase. A worker put
down is seen up to one period later; a worker brushed over a cell for less than a
period is missed, or held on the line for one period.

>>> from santorini_hw.physics.worker_field import load_worker_field
>>> switches = MagneticSwitches(load_worker_field())
>>> switches.update(levels=[3] + [0] * 24, workers={0: "A"}, now=0.0)
>>> switches.closed(0, now=0.0), switches.closed(0, now=0.05), switches.closed(1, now=0.05)
(False, True, False)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from santorini_hw.physics.magnet_field import dipole_axial_component
from santorini_hw.physics.worker_field import WorkerField
from santorini_hw.rules.cells import CELL_COUNT, SIZE

MM = 1e-3
MT = 1e-3


class MagneticSwitches:
    """The switch states of all 25 columns: fields recomputed whenever the pieces change,
    outputs as of each switch's last sample (at once for a switch that does not sample)."""

    def __init__(self, field: WorkerField, now: float = 0.0) -> None:
        self.field = field
        self.period = field.sensor.sample_period
        self._closed: list[list[bool]] = [[False] for _ in range(CELL_COUNT)]
        self.fields: list[list[float]] = [[0.0] for _ in range(CELL_COUNT)]
        """The field (mT) at each switch of each cell, as of the last update."""
        self._sampled_to = now

    def update(self, levels: Sequence[int], workers: Mapping[int, str], now: float = 0.0) -> None:
        """Recompute every switch's field for these stack `levels` and `workers` (cell ->
        player) as of `now`: the samples taken before `now` saw the old fields."""
        if self.period:
            self._sample(now)
        field = self.field
        moment, pitch = field.magnet.moment, field.geometry.pitch_mm
        centres = {
            cell: field.magnet_height(levels[cell]) + field.magnet.thickness_mm / 2
            for cell in workers
        }
        for cell in range(CELL_COUNT):
            level = levels[cell]
            heights = field.switch_heights(level)
            own = field.worker_fields_mt(level) if cell in workers else [0.0] * len(heights)
            values = []
            for n, height in enumerate(heights):
                value = own[n] + field.stray_mt
                if n == 0:
                    value += field.remanent_field_mt(level)
                for other, centre in centres.items():
                    if other != cell:
                        across = _distance(cell, other) * pitch * MM
                        vertical = dipole_axial_component(moment, across, (height - centre) * MM)
                        value += vertical / MT
                values.append(abs(value))
            self.fields[cell] = values
            before = self._closed[cell]
            # A block's switch joins (or leaves) the column with its block, open.
            self._closed[cell] = [n < len(before) and before[n] for n in range(len(values))]
            if not self.period:
                self._look(cell, range(len(values)))

    def closed(self, cell: int, now: float = 0.0) -> bool:
        """Whether the cell's worker line is pulled low at `now` (any switch of its column
        closed as of its last sample)."""
        if self.period:
            self._sample(now)
        return any(self._closed[cell])

    def _sample(self, now: float) -> None:
        """Let every switch whose sample falls after the last call and by `now` look at
        the field (unchanged in between: `update` samples up to its own time first)."""
        last, period = self._sampled_to, self.period
        if now <= last:
            return
        for cell in range(CELL_COUNT):
            looking = [
                n
                for n in range(len(self.fields[cell]))
                if _samples_between(_phase(cell, n) * period, period, last, now)
            ]
            self._look(cell, looking)
        self._sampled_to = now

    def _look(self, cell: int, switches: Iterable[int]) -> None:
        sensor, states, values = self.field.sensor, self._closed[cell], self.fields[cell]
        for n in switches:
            value = values[n]
            states[n] = value >= sensor.operate_mt or (states[n] and value >= sensor.release_mt)


def _phase(cell: int, n: int) -> float:
    """Where in the sampling period switch `n` of `cell` looks (0 to 1): free-running
    oscillators, spread over the period."""
    return ((cell * 37 + n * 11) % 97) / 97


def _samples_between(phase: float, period: float, after: float, until: float) -> bool:
    """Whether a switch sampling at `phase + k * period` samples in (after, until]."""
    return math.floor((until - phase) / period) > math.floor((after - phase) / period)


def _distance(a: int, b: int) -> float:
    """Distance between two cells, in pitches."""
    return math.hypot(a % SIZE - b % SIZE, a // SIZE - b // SIZE)
