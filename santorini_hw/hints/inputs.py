"""The value network's inputs for a batch of positions: counted in C where the package was
built with its extension (`_inputs.c`), else in Python; the same numbers either way.

The network scores most of the search's leaves, and counting their inputs in Python was
about a quarter of a search's time: the C count costs a small fraction of that (the
figures in docs/measurements.md). A Pi that installs the package without a C compiler
or Python's headers (`python3-dev`) still plays, at Python's speed, and the tests
compare the two counts on random positions of every pairing of the simple gods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from santorini_hw.hints.batch_features import WORTH_FROM, batch_features
from santorini_hw.hints.evaluation import CENTRE, CLOSER, FEATURES, WITHIN_TWO, all_features
from santorini_hw.rules.cells import NEIGHBOURS
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import BEYOND
from santorini_hw.rules.position import Position

try:
    from santorini_hw.hints import _inputs
except ImportError:  # installed without a C compiler: Python counts them
    _inputs = None  # type: ignore[assignment]

GODS: tuple[God | None, ...] = (None, *(god for god in God if god.is_simple))
"""The gods the network knows, in the order of its god inputs."""
FLOAT = np.float32
"""Single precision, as the network was fitted: on the Pi's NEON units twice the numbers a
cycle of double precision."""
CELLS = 25
CELL_BITS = 7  # level 0, 1, 2, 3, dome, the mover's worker, the other's
SIDE_FEATURES = 2 * len(FEATURES)
_SHIFTS = np.arange(CELLS, dtype=np.int64)
_ALL = (1 << CELLS) - 1

if _inputs is not None:
    _inputs.configure(
        neighbours=NEIGHBOURS[:CELLS],
        centre=CENTRE,
        within_two=WITHIN_TWO,
        closer=CLOSER,
        beyond=BEYOND,
        gods=GODS,
        apollo=God.APOLLO,
        minotaur=God.MINOTAUR,
        artemis=God.ARTEMIS,
        pan=God.PAN,
        prometheus=God.PROMETHEUS,
        hermes=God.HERMES,
    )


def counted_in_c() -> bool:
    """Whether this installation counts the inputs in C."""
    return _inputs is not None


def side_features(position: Position) -> tuple[Sequence[int], Sequence[int]]:
    """Both sides' evaluation features of a two-player position with any gods, side 0's
    first: counted in C where built (`_inputs.features`), else by `all_features`."""
    if _inputs is not None:
        return _inputs.features(position)
    found = all_features(position)
    return found[0][1], found[1][1]


def encode(positions: Sequence[Position]) -> tuple[Any, Any, Any]:
    """The network's inputs for positions of two-player games with known gods (the fitting
    script reads the same): per position both sides' features (the player to move's first,
    not yet scaled), the two gods' indices in `GODS` (the mover's first) and the board's
    bits (cell by cell: level 0-3, dome, the mover's worker, the other's)."""
    if _inputs is None:
        return encode_in_python(positions)
    count = len(positions)
    features = np.empty((count, SIDE_FEATURES), FLOAT)
    gods = np.empty((count, 2), np.int64)
    board = np.empty((count, CELLS * CELL_BITS), FLOAT)
    _inputs.encode(positions, features, gods, board)
    return features, gods, board


def encode_in_python(positions: Sequence[Position]) -> tuple[Any, Any, Any]:
    """`encode` in Python: numpy's batch count for large batches, else position by
    position."""
    counted = batch_features(positions) if len(positions) >= WORTH_FROM else None
    rows: list[list[int]] = []
    gods: list[tuple[int, int]] = []
    boards: list[tuple[int, ...]] = []
    for position in positions:
        mover = position.side
        if counted is None:
            sides = all_features(position)
            rows.append(sides[mover][1] + sides[1 - mover][1])
        lineup_gods = position.lineup.gods
        gods.append((GODS.index(lineup_gods[mover]), GODS.index(lineup_gods[1 - mover])))
        l1, l2, l3, workers = position.l1, position.l2, position.l3, position.workers
        boards.append(
            (_ALL & ~l1, l1 & ~l2, l2 & ~l3, l3, position.domes, workers[mover], workers[1 - mover])
        )
    count = len(positions)
    bits = (np.array(boards, np.int64).reshape(count, CELL_BITS, 1) >> _SHIFTS) & 1
    board = bits.transpose(0, 2, 1).reshape(count, CELLS * CELL_BITS)
    features = np.array(rows if counted is None else counted, FLOAT).reshape(-1, SIDE_FEATURES)
    return features, np.array(gods, np.int64).reshape(count, 2), board.astype(FLOAT)
