"""Magnetostatics of a worker's magnet, with or without steel flux guides: pure functions.

Everything is in SI units (tesla, metre, weber, ampere). The worker's disc magnet is a
uniformly magnetised cylinder; on its axis, at a distance `z` from its face:

    B(z) = Br/2 * ((z + L)/sqrt((z + L)^2 + R^2) - z/sqrt(z^2 + R^2))

>>> round(axial_field(1.45, 0.003, 0.003, 0.070) * 1e3, 3)  # 6 x 3 mm N52, 70 mm: mT
0.053

A **flux guide** is a chain of soft-steel cores (one through each block, a pin through
the board) separated by thin air gaps. It is solved as a magnetic ladder network
(`FluxChain`): each core is cut into short segments with a series reluctance
`dx / (mu0 mu_r A)` and a leakage permeance `2 pi mu0 dx / ln(D / a)` from the core to the
surroundings (a coaxial return at radius `D`: closer than any real return, so the
leakage is overestimated); each gap is a series reluctance `t / (mu0 A)` without
fringing (overestimated too). The chain ends at a tip of radius `a_tip` whose
permeance into the air is that of one face of a disc, `4 mu0 a_tip` (the smaller of the
textbook figures). The field at the sensor is that of a uniformly charged disc carrying
the tip's flux, `Phi / (2 pi a^2) * (1 - d / sqrt(d^2 + a^2))`, which lets half of the flux
go upward; the real tip sends nearly all of it down. Each choice errs on the weak side.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

MU0 = 4e-7 * math.pi
"""Permeability of free space (H/m)."""


def axial_field(remanence: float, radius: float, length: float, z: float) -> float:
    """Field (T) on the axis of a cylindrical magnet, at distance `z` (m) from its face."""
    near = z / math.hypot(z, radius)
    far = (z + length) / math.hypot(z + length, radius)
    return remanence / 2 * (far - near)


def disc_field(flux: float, radius: float, distance: float) -> float:
    """Axial field (T) at `distance` from a disc of `radius` emitting `flux` (Wb) both ways."""
    return flux / (2 * math.pi * radius**2) * (1 - distance / math.hypot(distance, radius))


def dipole_moment(remanence: float, radius: float, length: float) -> float:
    """Magnetic moment (A m^2) of a uniformly magnetised cylinder."""
    return float(remanence * math.pi * radius**2 * length / MU0)


def dipole_axial_component(moment: float, across: float, height: float) -> float:
    """B_z (T) of a vertical dipole (moment up) at horizontal distance `across` and
    height `height` above it (negative: below it)."""
    r2 = across**2 + height**2
    return float(MU0 * moment / (4 * math.pi) * (3 * height**2 - r2) / r2**2.5)


def overlap_area(r1: float, r2: float, offset: float) -> float:
    """Area (m^2) shared by two discs of radii r1, r2 whose centres are `offset` apart."""
    if offset >= r1 + r2:
        return 0.0
    if offset <= abs(r1 - r2):
        return math.pi * min(r1, r2) ** 2
    a1 = math.acos((offset**2 + r1**2 - r2**2) / (2 * offset * r1))
    a2 = math.acos((offset**2 + r2**2 - r1**2) / (2 * offset * r2))
    kite = 0.5 * math.sqrt(
        (-offset + r1 + r2) * (offset + r1 - r2) * (offset - r1 + r2) * (offset + r1 + r2)
    )
    return r1**2 * a1 + r2**2 * a2 - kite


@dataclass(frozen=True)
class FluxChain:
    """A chain of cores (`("core", length)`) and gaps (`("gap", length)`), top first.

    `radius`: the cores' radius; `permeability`: their relative permeability;
    `leakage_radius`: where the leakage flux is taken to return (see the module doc);
    `tip_radius`: the radius of the bottom end; `step`: the longest segment (m).
    """

    parts: tuple[tuple[str, float], ...]
    radius: float
    permeability: float
    leakage_radius: float
    tip_radius: float
    step: float = 0.0005

    @property
    def area(self) -> float:
        return math.pi * self.radius**2

    @property
    def tip_permeance(self) -> float:
        return 4 * MU0 * self.tip_radius

    @property
    def length(self) -> float:
        return sum(length for _, length in self.parts)

    def _ladder(self) -> tuple[list[float], list[tuple[float, float]], list[float]]:
        """Series reluctances, the (depth below the top, length) of the steel each one
        crosses (length 0 for gaps), and the shunt permeance at every node."""
        leakage = 2 * math.pi * MU0 / math.log(self.leakage_radius / self.radius)
        series: list[float] = []
        spans: list[tuple[float, float]] = []
        shunts = [0.0]
        depth = 0.0
        for kind, length in self.parts:
            if kind == "gap":
                series.append(length / (MU0 * self.area))
                spans.append((depth + length / 2, 0.0))
                shunts.append(0.0)
                depth += length
                continue
            pieces = max(1, math.ceil(length / self.step))
            dx = length / pieces
            for _ in range(pieces):
                series.append(dx / (MU0 * self.permeability * self.area))
                spans.append((depth + dx / 2, dx))
                shunts[-1] += leakage * dx / 2
                shunts.append(leakage * dx / 2)
                depth += dx
        shunts[-1] += self.tip_permeance
        return series, spans, shunts

    def tip_flux(
        self, injected: float = 0.0, field: Callable[[float], float] = lambda depth: 0.0
    ) -> float:
        """Flux (Wb) leaving the tip when `injected` Wb enters the top face and the steel
        sits in a downward field `field(depth)` (A/m, depth below the chain's top in m).

        The field acts on each core segment as an MMF of field times length: an outside
        field, or the built-in MMF of remanent steel (at most its coercivity)."""
        series, spans, shunts = self._ladder()
        sources = [0.0] * len(shunts)
        sources[0] += injected
        for n, (reluctance, (depth, length)) in enumerate(zip(series, spans, strict=True)):
            push = field(depth) * length / reluctance  # Norton equivalent of the MMF
            sources[n] -= push
            sources[n + 1] += push
        potentials = _solve_ladder(series, shunts, sources)
        return potentials[-1] * self.tip_permeance


def _solve_ladder(
    series: Sequence[float], shunts: Sequence[float], sources: Sequence[float]
) -> list[float]:
    """Node potentials of a ladder (series reluctances between consecutive nodes, shunt
    permeances to ground, injected fluxes): a tridiagonal system, Thomas algorithm."""
    count = len(shunts)
    conductance = [1 / reluctance for reluctance in series]
    diagonal = [
        shunts[n]
        + (conductance[n - 1] if n > 0 else 0.0)
        + (conductance[n] if n < count - 1 else 0.0)
        for n in range(count)
    ]
    rhs = list(sources)
    for n in range(1, count):
        factor = -conductance[n - 1] / diagonal[n - 1]
        diagonal[n] += factor * conductance[n - 1]
        rhs[n] -= factor * rhs[n - 1]
    potentials = [0.0] * count
    potentials[-1] = rhs[-1] / diagonal[-1]
    for n in range(count - 2, -1, -1):
        potentials[n] = (rhs[n] + conductance[n] * potentials[n + 1]) / diagonal[n]
    return potentials
