"""The worker switches as physics: each switch's field from the pieces, with hysteresis.

Given the board's `WorkerField` (board.toml's `[worker_field]`), every switch of every
cell's column (the board's, plus one per block with `sensors_in_blocks`) sees the field
of the worker standing on its cell (`WorkerField.worker_fields_mt`), the vertical field
of every other worker as a dipole one or more pitches away, the stray field and, under
a flux guide, the steel's remanence. A switch closes at the sensor's B_OP and opens
below B_RP (the datasheet's worst-case points, so the simulated part is a worst-case
part); a cell's worker line reads "present" while any switch of its column is closed.

>>> from santorini_hw.sensing.worker_field import load_worker_field
>>> switches = MagneticSwitches(load_worker_field())
>>> switches.update(levels=[3] + [0] * 24, workers={0: "A"})
>>> switches.closed(0), switches.closed(1)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from santorini_hw.rules.cells import CELL_COUNT, SIZE
from santorini_hw.sensing.magnet_field import dipole_axial_component
from santorini_hw.sensing.worker_field import WorkerField

MM = 1e-3
MT = 1e-3


class MagneticSwitches:
    """The switch states of all 25 columns, recomputed whenever the pieces change."""

    def __init__(self, field: WorkerField) -> None:
        self.field = field
        self._closed: list[list[bool]] = [[False] for _ in range(CELL_COUNT)]
        self.fields: list[list[float]] = [[0.0] for _ in range(CELL_COUNT)]
        """The field (mT) at each switch of each cell, as of the last update."""

    def update(self, levels: Sequence[int], workers: Mapping[int, str]) -> None:
        """Recompute every switch for these stack `levels` and `workers` (cell -> player)."""
        field, sensor = self.field, self.field.sensor
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
            before = self._closed[cell]
            self._closed[cell] = [
                value >= sensor.operate_mt
                or (n < len(before) and before[n] and value >= sensor.release_mt)
                for n, value in enumerate(values)
            ]
            self.fields[cell] = values

    def closed(self, cell: int) -> bool:
        """Whether the cell's worker line is pulled low (any switch of its column closed)."""
        return any(self._closed[cell])


def _distance(a: int, b: int) -> float:
    """Distance between two cells, in pitches."""
    return math.hypot(a % SIZE - b % SIZE, a // SIZE - b // SIZE)
