"""A steel flux guide under one cell: a core through every block and a pin through the
board, tapered to a tip over the sensor (a candidate design; see worker_field.py).

`GuidedColumn` builds the `FluxChain` under a worker on level L and answers three
questions, each in tesla at the sensor: how much of the worker's field reaches it,
how much remanence (and stray field, which the steel gathers too) may be left when the
worker goes, and how much of a neighbouring worker's field the steel gathers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from santorini_hw.physics.magnet_field import (
    MU0,
    FluxChain,
    axial_field,
    dipole_axial_component,
    disc_field,
    overlap_area,
)

MM = 1e-3


@dataclass(frozen=True)
class FluxGuide:
    """The steel's dimensions and its worst-case magnetic properties: permeability is
    taken low when the worker must be seen (less flux reaches the tip) and high when it
    must not (more remanent and stray flux reaches it); coercivity bounds the remanence."""

    core_diameter_mm: float
    tip_diameter_mm: float
    permeability_operate: float
    permeability_release: float
    coercivity_a_per_m: float
    leakage_radius_mm: float
    saturation_t: float


@dataclass(frozen=True)
class GuidedColumn:
    """One cell's guide. `blocks_mm`: block heights, level 1 first; `board_mm`: the pin
    through the board; `stack_gap_mm`: between pieces; `sensor_distance_mm`: from the
    tip to the sensing element; the magnet (radius, thickness in mm, remanence in T)
    sits `worker_gap_mm` above the top core, up to `offset_mm` off its axis."""

    guide: FluxGuide
    blocks_mm: tuple[float, ...]
    board_mm: float
    stack_gap_mm: float
    sensor_distance_mm: float
    magnet_radius_mm: float
    magnet_thickness_mm: float
    remanence_t: float
    worker_gap_mm: float
    offset_mm: float

    def chain(self, level: int, permeability: float) -> FluxChain:
        """The cores under a worker on `level`, top first, ending with the board pin."""
        parts: list[tuple[str, float]] = []
        for height in reversed(self.blocks_mm[:level]):
            parts += [("core", height * MM), ("gap", self.stack_gap_mm * MM)]
        parts.append(("core", self.board_mm * MM))
        guide = self.guide
        return FluxChain(
            parts=tuple(parts),
            radius=guide.core_diameter_mm / 2 * MM,
            permeability=permeability,
            leakage_radius=guide.leakage_radius_mm * MM,
            tip_radius=guide.tip_diameter_mm / 2 * MM,
        )

    def _tip_field(self, flux: float) -> float:
        """Field at the sensor from the tip's flux (capped where the tip saturates)."""
        tip = self.guide.tip_diameter_mm / 2 * MM
        flux = min(abs(flux), self.guide.saturation_t * math.pi * tip**2)
        return disc_field(flux, tip, self.sensor_distance_mm * MM)

    def injected_flux(self) -> float:
        """Flux entering the top core: the magnet's free-space field there times the
        area it covers (a permeable core only gathers more: a lower bound)."""
        covered = overlap_area(
            self.magnet_radius_mm * MM,
            self.guide.core_diameter_mm / 2 * MM,
            self.offset_mm * MM,
        )
        field = axial_field(
            self.remanence_t,
            self.magnet_radius_mm * MM,
            self.magnet_thickness_mm * MM,
            self.worker_gap_mm * MM,
        )
        return field * covered

    def worker_field(self, level: int) -> float:
        chain = self.chain(level, self.guide.permeability_operate)
        return self._tip_field(chain.tip_flux(injected=self.injected_flux()))

    def remanent_field(self, level: int, stray: float) -> float:
        """Remanence at its bound (a built-in MMF of coercivity x length in every core)
        plus a uniform `stray` field (T) gathered by the steel, worker gone."""
        chain = self.chain(level, self.guide.permeability_release)
        bias = self.guide.coercivity_a_per_m + stray / MU0
        return self._tip_field(chain.tip_flux(field=lambda depth: bias))

    def gathered_field(self, level: int, moment: float, pitch: float, height: float) -> float:
        """What the steel under `level` gathers of a vertical dipole `moment` one `pitch`
        away whose centre stands `height` (m) above the sensing element."""
        chain = self.chain(level, self.guide.permeability_release)
        top = chain.length + self.sensor_distance_mm * MM

        def outside(depth: float) -> float:
            return dipole_axial_component(moment, pitch, top - depth - height) / MU0

        return self._tip_field(chain.tip_flux(field=outside))
