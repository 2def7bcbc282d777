"""The worker sensors' physics: the field each switch sees, from the parts in board.toml.

`[worker_field]` in `hardware/board.toml` names the switch (its datasheet's worst-case
operate and release points), the worker's magnet, the dimensions of the board and the
pieces, and where the switches sit: under the board only, or also in the top of every
block (`sensors_in_blocks`: each block carries a switch whose open-drain output joins
its cell's worker line through a contact, so the line reads "a worker stands here"
whatever the height), optionally with a steel flux guide (`flux_guide.py`). Heights are
measured up from the board's top face. For a worker on each level, worst case:

- **operate**: the strongest field among the column's switches, minus the stray field
  (Earth, the room) and the worst neighbouring workers, which may oppose it, and minus
  the remanence a magnet of the other pole may have left in the steel;
- **release** (the worker has gone): the stray field, the worst neighbours and the
  steel's remanence, all adding, at the column's most exposed switch.

`margin` = operate field / B_OP (max); `release_margin` = B_RP (min) / release field.

>>> rows = load_worker_field().margins()
>>> [(row.level, row.margin >= 2, row.release_margin >= 2) for row in rows]
[(0, True, True), (1, True, True), (2, True, True), (3, True, True)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from santorini_hw.hardware.config import MAX_LEVEL, read_board_toml
from santorini_hw.hardware.toml_table import HardwareConfigError, TomlTable
from santorini_hw.physics.flux_guide import FluxGuide, GuidedColumn
from santorini_hw.physics.magnet_field import axial_field, dipole_axial_component, dipole_moment

MM = 1e-3
MT = 1e-3


@dataclass(frozen=True)
class SwitchSensor:
    """A digital switch: it closes at `operate_mt` (the datasheet's maximum B_OP over
    temperature) and opens below `release_mt` (the minimum B_RP); its sensing element
    sits `element_depth_mm` below the package's top face. A Hall switch that saves power
    by sampling (the DRV5032 at 20 Hz) looks at the field only `sample_hz` times a
    second and holds its output in between; 0 means it follows the field at once (a
    reed switch)."""

    part: str
    operate_mt: float
    release_mt: float
    element_depth_mm: float
    sample_hz: float = 0.0

    @property
    def sample_period(self) -> float:
        """Seconds between two looks at the field (0: continuous)."""
        return 1.0 / self.sample_hz if self.sample_hz else 0.0


@dataclass(frozen=True)
class Magnet:
    """The worker's axially magnetised disc (remanence: the grade's minimum, derated
    for the warmest room the board plays in)."""

    part: str
    diameter_mm: float
    thickness_mm: float
    remanence_t: float

    @property
    def moment(self) -> float:
        """Its magnetic moment (A m^2), for its field far away."""
        return dipole_moment(self.remanence_t, self.diameter_mm / 2 * MM, self.thickness_mm * MM)


@dataclass(frozen=True)
class Geometry:
    """Block heights (level 1 first); material over the board's switch (`board_mm`,
    or the length of the guide's pin through the board) and over a block's switch
    (`cover_mm`); gaps under the magnet, between stacked pieces and (with a guide)
    between its tip and the switch; the cell pitch; how far off-centre a worker may
    stand."""

    block_mm: tuple[float, ...]
    board_mm: float
    cover_mm: float
    sensor_gap_mm: float
    worker_gap_mm: float
    stack_gap_mm: float
    pitch_mm: float
    offset_mm: float

    def top(self, level: int) -> float:
        """Height (mm) of the top face of a stack of `level` blocks."""
        return sum(self.block_mm[:level]) + level * self.stack_gap_mm


@dataclass(frozen=True)
class LevelMargin:
    """Worst-case fields (mT) at the sensor for a worker on `level`, and after it left."""

    level: int
    field_mt: float
    operate_mt: float
    release_mt: float
    released_mt: float

    @property
    def margin(self) -> float:
        return self.field_mt / self.operate_mt

    @property
    def release_margin(self) -> float:
        return self.release_mt / self.released_mt if self.released_mt > 0 else math.inf

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "field_mT": round(self.field_mt, 4),
            "operate_mT": self.operate_mt,
            "release_mT": self.release_mt,
            "margin": round(self.margin, 3),
            "released_field_mT": round(self.released_mt, 4),
            "release_margin": round(self.release_margin, 3),
        }


@dataclass(frozen=True)
class WorkerField:
    """The worker-sensing design of one board (see the module doc)."""

    sensor: SwitchSensor
    magnet: Magnet
    geometry: Geometry
    sensors_in_blocks: bool
    guide: FluxGuide | None
    stray_mt: float
    neighbours: int

    def switch_heights(self, level: int) -> list[float]:
        """Heights (mm) of the sensing elements in a column of `level` blocks: the
        board's switch first (below the board's top face), then one per block."""
        geometry, depth = self.geometry, self.sensor.element_depth_mm
        if self.guide is not None:
            board = -(geometry.board_mm + geometry.sensor_gap_mm + depth)
        else:
            board = -(geometry.board_mm + depth)
        blocks = range(1, level + 1) if self.sensors_in_blocks else range(0)
        return [board, *(geometry.top(k) - geometry.cover_mm - depth for k in blocks)]

    def magnet_height(self, level: int) -> float:
        """Height (mm) of the magnet's lower face, worker on `level`."""
        return self.geometry.top(level) + self.geometry.worker_gap_mm

    def _column(self) -> GuidedColumn | None:
        if self.guide is None:
            return None
        geometry, magnet = self.geometry, self.magnet
        return GuidedColumn(
            guide=self.guide,
            blocks_mm=geometry.block_mm,
            board_mm=geometry.board_mm,
            stack_gap_mm=geometry.stack_gap_mm,
            sensor_distance_mm=geometry.sensor_gap_mm + self.sensor.element_depth_mm,
            magnet_radius_mm=magnet.diameter_mm / 2,
            magnet_thickness_mm=magnet.thickness_mm,
            remanence_t=magnet.remanence_t,
            worker_gap_mm=geometry.worker_gap_mm,
            offset_mm=geometry.offset_mm,
        )

    def worker_fields_mt(self, level: int) -> list[float]:
        """The field (mT) a worker on `level` makes at each switch of its column
        (`switch_heights` order), nothing else counted: what the simulator's switches see.

        A worker up to `offset_mm` off-centre is taken as 2 x offset farther away on the
        axis: a lower bound of a dipole's vertical field while the offset stays under
        the distance."""
        magnet, offset = self.magnet, self.geometry.offset_mm
        fields = [
            axial_field(
                magnet.remanence_t,
                magnet.diameter_mm / 2 * MM,
                magnet.thickness_mm * MM,
                (self.magnet_height(level) - height + 2 * offset) * MM,
            )
            / MT
            for height in self.switch_heights(level)
        ]
        column = self._column()
        if column is not None:  # the guide carries the field to the board's switch
            fields[0] = column.worker_field(level) / MT
        return fields

    def remanent_field_mt(self, level: int) -> float:
        """What the steel under an empty `level` may hold, stray field included (mT)."""
        column = self._column()
        return 0.0 if column is None else column.remanent_field(level, self.stray_mt * MT) / MT

    def neighbour_fields_mt(self, level: int) -> list[float]:
        """At each switch of a `level` column: the most one worker on a neighbouring cell
        (on any level) makes there (mT), directly and, with a guide, through the steel."""
        moment, pitch = self.magnet.moment, self.geometry.pitch_mm * MM
        column = self._column()
        fields = []
        for n, height in enumerate(self.switch_heights(level)):
            worst = 0.0
            for other in range(MAX_LEVEL + 1):
                centre = self.magnet_height(other) + self.magnet.thickness_mm / 2
                field = abs(dipole_axial_component(moment, pitch, (height - centre) * MM))
                if column is not None and n == 0:
                    field += column.gathered_field(level, moment, pitch, (centre - height) * MM)
                worst = max(worst, field)
            fields.append(worst / MT)
        return fields

    def margins(self) -> list[LevelMargin]:
        """Worst-case operate and release fields for a worker on each level, 0 to 3."""
        rows = []
        for level in range(MAX_LEVEL + 1):
            remanence = self.remanent_field_mt(level)
            around = [
                self.stray_mt + self.neighbours * field + (remanence if n == 0 else 0.0)
                for n, field in enumerate(self.neighbour_fields_mt(level))
            ]
            seen = self.worker_fields_mt(level)
            rows.append(
                LevelMargin(
                    level=level,
                    field_mt=max(field - noise for field, noise in zip(seen, around, strict=True)),
                    operate_mt=self.sensor.operate_mt,
                    release_mt=self.sensor.release_mt,
                    released_mt=max(around),
                )
            )
        return rows


def load_worker_field(path: Path | str | None = None) -> WorkerField:
    """`[worker_field]` of a board config (default: the repository's board.toml)."""
    field = find_worker_field(path)
    if field is None:
        raise HardwareConfigError("missing key worker_field")
    return field


def find_worker_field(path: Path | str | None = None) -> WorkerField | None:
    """`[worker_field]` of a board config, or None if it has none (ideal switches)."""
    _, data = read_board_toml(path)
    root = TomlTable(data, "")
    return parse_worker_field(root.table("worker_field")) if "worker_field" in data else None


def parse_worker_field(table: TomlTable) -> WorkerField:
    """Validate a `[worker_field]` table; errors name the key."""
    positive = (1e-9, 1e9)
    sensor_table, magnet_table, geometry_table = (
        table.table(key) for key in ("sensor", "magnet", "geometry")
    )
    sensor = SwitchSensor(
        part=sensor_table.text("part"),
        operate_mt=sensor_table.number("operate_mT", *positive),
        release_mt=sensor_table.number("release_mT", *positive),
        element_depth_mm=sensor_table.number("element_depth_mm", 0.0, 10.0),
        sample_hz=(
            sensor_table.number("sample_hz", 0.1, 1e6)
            if "sample_hz" in sensor_table.names()
            else 0.0
        ),
    )
    if sensor.release_mt >= sensor.operate_mt:
        raise sensor_table.fail("release_mT", "must be below operate_mT")
    magnet = Magnet(
        part=magnet_table.text("part"),
        diameter_mm=magnet_table.number("diameter_mm", *positive),
        thickness_mm=magnet_table.number("thickness_mm", *positive),
        remanence_t=magnet_table.number("remanence_T", 0.01, 2.0),
    )
    blocks = geometry_table.raw("block_mm", list, "a list of 3 heights")
    if len(blocks) != MAX_LEVEL or not all(
        isinstance(height, int | float) and height > 0 for height in blocks
    ):
        raise geometry_table.fail("block_mm", f"must be {MAX_LEVEL} positive heights")
    lengths = ("board_mm", "cover_mm", "sensor_gap_mm", "worker_gap_mm", "stack_gap_mm")
    geometry = Geometry(
        block_mm=tuple(float(height) for height in blocks),
        **{key: geometry_table.number(key, 0.0, 1000.0) for key in lengths},
        pitch_mm=geometry_table.number("pitch_mm", *positive),
        offset_mm=geometry_table.number("offset_mm", 0.0, 100.0),
    )
    guide = None
    if "flux_guide" in table.names():
        guide = _flux_guide(table.table("flux_guide"))
    field = WorkerField(
        sensor=sensor,
        magnet=magnet,
        geometry=geometry,
        sensors_in_blocks=table.boolean("sensors_in_blocks"),
        guide=guide,
        stray_mt=table.number("stray_mT", 0.0, 10.0),
        neighbours=table.integer("neighbours", 0, 8),
    )
    for done in (sensor_table, magnet_table, geometry_table, table):
        done.done()
    return field


def _flux_guide(table: TomlTable) -> FluxGuide:
    positive = (1e-9, 1e9)
    names = (
        "core_diameter_mm",
        "tip_diameter_mm",
        "permeability_operate",
        "permeability_release",
        "coercivity_a_per_m",
        "leakage_radius_mm",
    )
    guide = FluxGuide(
        **{key: table.number(key, *positive) for key in names},
        saturation_t=table.number("saturation_T", 0.1, 3.0),
    )
    table.done()
    if guide.leakage_radius_mm <= guide.core_diameter_mm / 2:
        raise table.fail("leakage_radius_mm", "must exceed the core's radius")
    return guide
