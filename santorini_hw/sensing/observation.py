"""What the sensors say about the board at one moment: the value the referee consumes.

An `Observation` is one scan of the board after debouncing and calibration: for each
cell (index order, a1 = 0 … e5 = 24) whether a worker stands there, which player's
(only with polarity sensors), the stack's level and dome, and whether the reading can
be trusted. Values reported for a cell are its last *settled* ones: while a cell's
latest raw readings differ from its settled ones `settling` is True, and the referee should wait for
`Observation.settled` before judging. A cell with a `fault` (`valid` False) is not to
be believed at all.

Each observation has a text form, a grid with row 5 on top as the board is seen by
the player sitting at row 1. A cell reads level digit, `D` for a dome, `*` for a
worker (or its player id), `~` while settling, `!` when faulty:

>>> observation = Observation.from_text('''
... 5  0   0   0   0   0
... 4  0   0   0   0   0
... 3  0   1*  3D  0   0
... 2  0   0   0   2A~ 0
... 1  0   0   0   0   0
... ''')
>>> observation.cell("b3").worker, observation.cell("c3").dome, observation.settled
(True, True, False)
>>> Observation.from_text(str(observation)) == observation
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from santorini_hw.rules.cells import CELL_COUNT, COLUMNS, SIZE, cell_name, parse_cell

_TOKEN = re.compile(r"([0-3])(D?)(\*|[A-Z])?(~?)(!?)")
MARKED_FAULTY = "marked faulty"


@dataclass(frozen=True)
class CellObservation:
    """One cell: `worker` present (and its `player` with polarity sensors), `level` 0-3
    (blocks under the cell), `dome`; `valid` False and `fault` saying why when the
    cell's sensors cannot be trusted; `settling` while its raw readings still move."""

    worker: bool = False
    player: str | None = None
    level: int = 0
    dome: bool = False
    valid: bool = True
    fault: str | None = None
    settling: bool = False

    def __post_init__(self) -> None:
        if self.valid != (self.fault is None):
            raise ValueError("a cell is valid exactly when it has no fault")
        if self.player is not None and not self.worker:
            raise ValueError("a player needs a worker")
        if not 0 <= self.level <= 3:
            raise ValueError(f"level must be 0-3, not {self.level}")

    def __str__(self) -> str:
        worker = (self.player or "*") if self.worker else ""
        return (
            f"{self.level}{'D' if self.dome else ''}{worker}"
            f"{'~' if self.settling else ''}{'' if self.valid else '!'}"
        )

    @classmethod
    def from_text(cls, token: str) -> CellObservation:
        """Parse a token such as `2`, `3D`, `1*`, `0A~` or `2D*!` (see the module doc)."""
        match = _TOKEN.fullmatch(token)
        if match is None:
            raise ValueError(f"not a cell observation: {token!r}")
        level, dome, worker, settling, faulty = match.groups()
        return cls(
            worker=worker is not None,
            player=worker if worker not in (None, "*") else None,
            level=int(level),
            dome=bool(dome),
            valid=not faulty,
            fault=MARKED_FAULTY if faulty else None,
            settling=bool(settling),
        )


@dataclass(frozen=True)
class Observation:
    """The whole board at `time` (seconds on the daemon's clock): 25 cells, index order."""

    cells: tuple[CellObservation, ...]
    time: float = field(default=0.0)

    def __post_init__(self) -> None:
        if len(self.cells) != CELL_COUNT:
            raise ValueError(f"an observation has {CELL_COUNT} cells, not {len(self.cells)}")

    def cell(self, name: str) -> CellObservation:
        return self.cells[parse_cell(name)]

    @property
    def settled(self) -> bool:
        """True when no cell is settling: the board can be judged."""
        return not any(cell.settling for cell in self.cells)

    @property
    def valid(self) -> bool:
        return all(cell.valid for cell in self.cells)

    @property
    def workers(self) -> int:
        """Bitboard of cells with a worker."""
        return self._mask(lambda cell: cell.worker)

    @property
    def domes(self) -> int:
        return self._mask(lambda cell: cell.dome)

    @property
    def faulty(self) -> int:
        return self._mask(lambda cell: not cell.valid)

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(cell.level for cell in self.cells)

    def _mask(self, test: Callable[[CellObservation], bool]) -> int:
        return sum(1 << i for i, cell in enumerate(self.cells) if test(cell))

    def faults(self) -> list[tuple[str, str]]:
        """(cell name, fault) of every faulty cell."""
        return [(cell_name(i), cell.fault) for i, cell in enumerate(self.cells) if cell.fault]

    def __str__(self) -> str:
        lines = []
        for row in range(SIZE - 1, -1, -1):
            tokens = (str(self.cells[row * SIZE + column]) for column in range(SIZE))
            lines.append(f"{row + 1}  " + " ".join(f"{token:<4}" for token in tokens).rstrip())
        lines.append("   " + " ".join(f"{column:<4}" for column in COLUMNS).rstrip())
        lines += [f"{name}: {fault}" for name, fault in self.faults()]
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str, time: float = 0.0) -> Observation:
        """Parse the grid of `str(observation)` (fault texts become "marked faulty")."""
        rows = [line.split() for line in text.strip().splitlines()]
        grid = [row[1:] for row in rows if row and row[0].isdigit() and len(row) == SIZE + 1]
        if len(grid) != SIZE:
            raise ValueError(f"expected {SIZE} rows of a row number and {SIZE} cells")
        cells = [
            CellObservation.from_text(grid[SIZE - 1 - row][column])
            for row in range(SIZE)
            for column in range(SIZE)
        ]
        return cls(cells=tuple(cells), time=time)
