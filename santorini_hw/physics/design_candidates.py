"""The worker-sensing designs weighed against each other, computed from one board config.

Each candidate changes the configured design (`WorkerField`) in one respect, so the
comparison in docs/build/sensors.md (`santorini-hw hardware compare`) is reproducible:
today's parts, a bigger magnet, stacked magnets, a steel flux guide, and switches in the
pieces. Workers that join the stack network are weighed by the stack tolerance
analysis instead (`worker_resistor_candidate`), since they change readings, not fields.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from santorini_hw.hardware.config import Stacks
from santorini_hw.physics.flux_guide import FluxGuide
from santorini_hw.physics.stack_tolerance import (
    StackReport,
    StackTolerance,
    analyse,
    with_workers,
)
from santorini_hw.physics.worker_field import LevelMargin, WorkerField

WORKER_OHMS = {"A": 6800.0, "B": 30000.0}
"""The pair of worker resistors that lies furthest (in nominal counts) from every stack
the board's current block resistors make: the best case for that candidate."""

STEEL_GUIDE = FluxGuide(
    core_diameter_mm=12,
    tip_diameter_mm=3,
    permeability_operate=300,
    permeability_release=12000,
    coercivity_a_per_m=48,
    leakage_radius_mm=22,
    saturation_t=1.2,
)
"""The best guide found: electrical pure iron (DT4E: H_c <= 48 A/m, mu_max >= 12000),
a 12 mm core per block and a pin tapered to a 3 mm tip."""


@dataclass(frozen=True)
class Candidate:
    name: str
    margins: tuple[LevelMargin, ...]

    @property
    def operate(self) -> float:
        """The smallest operate margin over the levels."""
        return min(row.margin for row in self.margins)

    @property
    def release(self) -> float:
        return min(row.release_margin for row in self.margins)


def _magnet(design: WorkerField, diameter: float, thickness: float, part: str) -> WorkerField:
    magnet = replace(design.magnet, diameter_mm=diameter, thickness_mm=thickness, part=part)
    return replace(design, magnet=magnet)


def _under_board(design: WorkerField, board_mm: float) -> WorkerField:
    geometry = replace(design.geometry, board_mm=board_mm, worker_gap_mm=1.0)
    return replace(design, sensors_in_blocks=False, guide=None, geometry=geometry)


def candidates(design: WorkerField) -> list[Candidate]:
    """Every candidate's margins per level, the configured design last."""
    today = _magnet(_under_board(design, 3.0), 6, 3, "6 x 3 mm N52")
    thin = _under_board(design, 0.8)
    guided = replace(
        _magnet(thin, 10, 5, "10 x 5 mm N52"),
        guide=STEEL_GUIDE,
        geometry=replace(thin.geometry, board_mm=4.0, sensor_gap_mm=0.1, worker_gap_mm=0.5),
    )
    options = [
        ("today: 6x3 magnet, switch under a 3 mm board", today),
        ("bigger magnet: 12x10, switch under a 0.8 mm skin", _magnet(thin, 12, 10, "12 x 10")),
        ("stacked magnets: 3 x (6x3) = 6x9, 0.8 mm skin", _magnet(thin, 6, 9, "6 x 9")),
        ("flux guide: 10x5 magnet, 12 mm iron cores, 3 mm tip", guided),
        ("switches in the blocks too (configured)", design),
    ]
    return [Candidate(name, tuple(field.margins())) for name, field in options]


def worker_resistor_candidate(
    stacks: Stacks, tolerance: StackTolerance, *, seed: int = 1, samples: int = 500
) -> StackReport:
    """The stack network with a resistor in every worker's base (`WORKER_OHMS`)."""
    return analyse(stacks, with_workers(tolerance, WORKER_OHMS), seed=seed, samples=samples)
