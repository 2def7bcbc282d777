"""Fusion: raw worker bits and raw stack readings → one debounced, calibrated `Observation`.

Each scan hands `SensorFusion.update` the worker sensors' bitmask (and, with polarity
sensors, their pole bitmasks) and the bridge's 25 raw stack readings — e.g.
`StackReadings.values` — or None while the bridge is away. Workers and stacks are
debounced separately on the injected clock, stacks through the calibration bands, and
every cell gets a health verdict:

- *no stack readings*: the bridge is unplugged or silent (stacks is None);
- *stuck*: a stack channel returns the very same raw value scan after scan while
  most other channels jitter, as live ADC channels always do (a dead multiplexer
  channel or ADC); set `stuck_scans = 0` where readings are quiet by design;
- *out of band*: the settled stack reading fits no calibration band;
- *not settling*: a cell's readings have kept moving for `unsettled_after` seconds;
- *worker on a dome*: physically impossible, so a sensor is wrong;
- *both poles*: a polarity sensor sees a north and a south magnet at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from santorini_hw.clock import Clock
from santorini_hw.hardware.config import Band, HardwareConfig
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.sensing.calibration import CalibrationTable, StackClassifier
from santorini_hw.sensing.debounce import Debouncer
from santorini_hw.sensing.observation import CellObservation, Observation

WorkerValue = tuple[bool, str | None]  # (present, player) of one cell


@dataclass(frozen=True)
class FusionSettings:
    """`settle_time`: how long a reading must hold to count; `unsettled_after`: how long
    a cell may keep moving before it is faulty; `stuck_scans`: identical stack readings
    in a row (while most cells move) that mean a stuck channel, 0 to disable."""

    settle_time: float = 0.08
    unsettled_after: float = 3.0
    stuck_scans: int = 50


class SensorFusion:
    """Turns successive raw scans into `Observation`s (one per `update`)."""

    def __init__(
        self,
        table: CalibrationTable,
        clock: Clock,
        settings: FusionSettings | None = None,
        *,
        north_player: str = "A",
        south_player: str = "B",
    ) -> None:
        self._classifier = StackClassifier(table)
        self._clock = clock
        self._settings = settings or FusionSettings()
        self._players = (north_player, south_player)
        self._workers: Debouncer[WorkerValue] | None = None
        self._stacks: Debouncer[Band | None] | None = None
        self._raw: list[int | None] = [None] * CELL_COUNT
        self._frozen = [0] * CELL_COUNT
        self._jittering_scans = 0
        """Scans in a row in which most stack channels had moved lately (live ADC jitter)."""
        self._last_good: list[Band | None] = [None] * CELL_COUNT

    @classmethod
    def from_config(
        cls, config: HardwareConfig, clock: Clock, table: CalibrationTable | None = None
    ) -> SensorFusion:
        """Fusion with the config's settle time and pole players (default bands unless given)."""
        workers = config.workers
        return cls(
            table or CalibrationTable.from_config(config.stacks),
            clock,
            FusionSettings(settle_time=workers.settle_time),
            north_player=workers.north_player,
            south_player=workers.south_player,
        )

    def update(
        self,
        workers: int,
        stacks: Sequence[int] | None,
        poles: tuple[int, int] | None = None,
    ) -> Observation:
        """Fuse one scan: the presence bitmask, the raw stack readings (None: no bridge)
        and, from polarity sensors, the (north, south) bitmasks."""
        worker_values = self._worker_values(workers, poles)
        if self._workers is None:
            self._workers = Debouncer(self._clock, self._settings.settle_time, worker_values)
        self._workers.update(worker_values)
        stuck = 0
        if stacks is not None:
            bands = self._classifier.classify_all(stacks)
            if self._stacks is None:
                self._stacks = Debouncer(self._clock, self._settings.settle_time, bands)
            self._stacks.update(bands)
            stuck = self._stuck(stacks)
        return self._observe(poles, stacks, stuck)

    def next_deadline(self) -> float | None:
        """When the next reading settles on the clock (None: all settled): until then,
        `update` with the same raw inputs as the last one would return the same board."""
        due = [d.next_deadline() for d in (self._workers, self._stacks) if d is not None]
        return min((deadline for deadline in due if deadline is not None), default=None)

    def _worker_values(self, workers: int, poles: tuple[int, int] | None) -> list[WorkerValue]:
        values: list[WorkerValue] = []
        for cell in range(CELL_COUNT):
            player = None
            if poles is not None:
                north, south = (poles[0] >> cell) & 1, (poles[1] >> cell) & 1
                if north != south:
                    player = self._players[0] if north else self._players[1]
            values.append((bool((workers >> cell) & 1), player))
        return values

    def _stuck(self, stacks: Sequence[int]) -> int:
        """Bitmask of stack channels frozen for `stuck_scans` scans while most others kept
        moving all that time. Moving once is not jitter: when hands clear most of a quiet
        board at once, the few untouched cells must not look stuck beside them."""
        for cell, reading in enumerate(stacks):
            self._frozen[cell] = self._frozen[cell] + 1 if reading == self._raw[cell] else 0
            self._raw[cell] = reading
        limit = self._settings.stuck_scans
        jittering = sorted(self._frozen)[CELL_COUNT // 2] < limit // 2
        self._jittering_scans = self._jittering_scans + 1 if jittering else 0
        if not limit or self._jittering_scans < limit:
            return 0
        return sum(1 << cell for cell, frozen in enumerate(self._frozen) if frozen >= limit)

    def _observe(
        self,
        poles: tuple[int, int] | None,
        stacks: Sequence[int] | None,
        stuck: int,
    ) -> Observation:
        assert self._workers is not None
        cells = []
        for cell, (present, player) in enumerate(self._workers.stable):
            band = self._stacks.stable[cell] if self._stacks is not None else None
            if band is not None:
                self._last_good[cell] = band
            shown = self._last_good[cell]
            level, dome = (shown.level, shown.dome) if shown else (0, False)
            settling = self._workers.settling(cell) or (
                self._stacks is not None and self._stacks.settling(cell)
            )
            moving = max(
                self._workers.unsettled_for(cell),
                self._stacks.unsettled_for(cell) if self._stacks is not None else 0.0,
            )
            fault = None
            if stacks is None:
                fault = "no stack readings"
            elif stuck >> cell & 1:
                fault = f"stack sensor stuck at {stacks[cell]}"
            elif band is None and not settling:
                fault = f"stack reading {stacks[cell]} fits no calibration band"
            elif moving >= self._settings.unsettled_after:
                fault = f"readings not settling for {moving:.1f} s"
            elif present and dome:
                fault = "worker on a dome"
            elif poles is not None and present and poles[0] >> cell & poles[1] >> cell & 1:
                fault = "both magnet poles sensed"
            cells.append(
                CellObservation(
                    worker=present,
                    player=player if present else None,
                    level=level,
                    dome=dome,
                    valid=fault is None,
                    fault=fault,
                    settling=settling,
                )
            )
        return Observation(cells=tuple(cells), time=self._clock.monotonic())
