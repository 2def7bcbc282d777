"""Stack readings → level 0–3 and dome, per cell, through calibration bands.

Each cell has its own bands (resistor tolerances and contact resistance differ from
cell to cell): a raw reading inside a band is that stack. Between bands a cell keeps
its current stack while the reading stays within `hysteresis` counts of its band, so a
reading wandering at an edge does not toggle; a reading in no band and not near the
current one makes the cell faulty, because a guess would feed the referee a build
nobody made. Tables are saved as JSON, atomically, in the daemon's config directory.

>>> from santorini_hw.hardware.config import load_hardware_config
>>> classifier = StackClassifier(CalibrationTable.from_config(load_hardware_config().stacks))
>>> classifier.classify(12, 41_000)
Band(level=2, dome=False, low=39200, high=43200)
>>> classifier.classify(12, 43_500).level, classifier.classify(12, 45_000)
(2, None)
"""

from __future__ import annotations

import itertools
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from santorini_hw.hardware.config import MAX_LEVEL, Band, Stacks
from santorini_hw.rules.cells import CELL_COUNT, CELL_NAMES, cell_name, parse_cell

TABLE_FILE = "calibration.json"
TABLE_VERSION = 1


class CalibrationError(ValueError):
    """A calibration table or procedure whose bands cannot tell stacks apart."""


def describe(level: int, dome: bool) -> str:
    """Text form of a stack: `L2`, `L3+dome`, `dome` (a dome on the bare cell)."""
    if level == 0:
        return "dome" if dome else "empty"
    return f"L{level}+dome" if dome else f"L{level}"


def check_separable(cell: int, bands: Sequence[Band], hysteresis: int) -> None:
    """Raise `CalibrationError` unless the cell's bands are distinct and far enough apart.

    Neighbouring bands need a gap wider than `hysteresis`, or a reading held in one
    band by hysteresis could already be inside the next.
    """
    stacks = [(band.level, band.dome) for band in bands]
    if len(set(stacks)) != len(stacks):
        raise CalibrationError(f"{cell_name(cell)}: a stack has two bands")
    ordered = sorted(bands, key=lambda band: band.low)
    for below, above in itertools.pairwise(ordered):
        if above.low - below.high <= hysteresis:
            raise CalibrationError(
                f"{cell_name(cell)}: {describe(below.level, below.dome)} "
                f"({below.low}-{below.high}) and {describe(above.level, above.dome)} "
                f"({above.low}-{above.high}) are not separable "
                f"(gap {above.low - below.high}, hysteresis {hysteresis})"
            )


@dataclass(frozen=True)
class CalibrationTable:
    """The bands of every cell (index order) and the hysteresis between them."""

    bands: tuple[tuple[Band, ...], ...]
    hysteresis: int

    def __post_init__(self) -> None:
        if len(self.bands) != CELL_COUNT:
            raise CalibrationError(f"a table needs bands for {CELL_COUNT} cells")
        for cell, bands in enumerate(self.bands):
            check_separable(cell, bands, self.hysteresis)

    @classmethod
    def from_config(cls, stacks: Stacks) -> CalibrationTable:
        """The board config's default bands, the same for every cell."""
        return cls(bands=(stacks.bands,) * CELL_COUNT, hysteresis=stacks.hysteresis)

    def with_cell(self, cell: int, bands: Sequence[Band]) -> CalibrationTable:
        """This table with one cell's bands replaced."""
        rows = list(self.bands)
        rows[cell] = tuple(sorted(bands, key=lambda band: band.low))
        return CalibrationTable(tuple(rows), self.hysteresis)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": TABLE_VERSION,
            "hysteresis": self.hysteresis,
            "cells": {
                name: [
                    {"level": b.level, "dome": b.dome, "low": b.low, "high": b.high} for b in bands
                ]
                for name, bands in zip(CELL_NAMES, self.bands, strict=True)
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> CalibrationTable:
        try:
            if data["version"] != TABLE_VERSION:
                raise CalibrationError(f"unsupported calibration version {data['version']!r}")
            cells = {parse_cell(name): bands for name, bands in data["cells"].items()}
            rows = tuple(tuple(_band(item) for item in cells[cell]) for cell in range(CELL_COUNT))
            return cls(bands=rows, hysteresis=int(data["hysteresis"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise CalibrationError(f"malformed calibration table: {error!r}") from error


def _band(item: Any) -> Band:
    band = Band(level=item["level"], dome=item["dome"], low=item["low"], high=item["high"])
    valid_types = all(isinstance(v, int) for v in (band.level, band.low, band.high))
    if not valid_types or not isinstance(band.dome, bool) or not 0 <= band.level <= MAX_LEVEL:
        raise CalibrationError(f"malformed band {item!r}")
    if band.low > band.high:
        raise CalibrationError(f"band low above high: {item!r}")
    return band


def save_table(table: CalibrationTable, directory: Path) -> Path:
    """Write the table to `directory/calibration.json` atomically; return the path.

    A temporary file in the same directory is flushed to disk, then renamed over the
    old table, so a power cut leaves either the old table or the new one.
    """
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / TABLE_FILE
    descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=".calibration-")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(table.to_json(), file, indent=1)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    directory_fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(directory_fd)
    finally:
        os.close(directory_fd)
    return path


def load_table(directory: Path, default: CalibrationTable) -> CalibrationTable:
    """The table saved in `directory`, or `default` if none was saved yet."""
    path = directory / TABLE_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return default
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CalibrationError(f"{path}: {error}") from error
    return CalibrationTable.from_json(data)


class StackClassifier:
    """Classifies each cell's raw readings into its bands, with hysteresis per cell.

    A cell read again at the same raw value keeps its band without a search: the
    answer depends only on the reading and the current band, which that same reading
    set last time (most cells read the same between two scans).
    """

    def __init__(self, table: CalibrationTable) -> None:
        self._table = table
        self._current: list[Band | None] = [None] * CELL_COUNT
        self._last: list[int | None] = [None] * CELL_COUNT

    def classify(self, cell: int, reading: int) -> Band | None:
        """The band the cell is in after this reading, or None if it fits none (a fault)."""
        if reading == self._last[cell]:
            return self._current[cell]
        self._last[cell] = reading
        band = next((band for band in self._table.bands[cell] if reading in band), None)
        current = self._current[cell]
        hysteresis = self._table.hysteresis
        if (
            band is None
            and current is not None
            and current.low - hysteresis <= reading <= current.high + hysteresis
        ):
            band = current
        self._current[cell] = band
        return band

    def classify_all(self, readings: Sequence[int]) -> tuple[Band | None, ...]:
        if len(readings) != CELL_COUNT:
            raise ValueError(f"expected {CELL_COUNT} stack readings, got {len(readings)}")
        return tuple(self.classify(cell, reading) for cell, reading in enumerate(readings))
