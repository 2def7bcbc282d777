"""A cheap move prior for the last turn before the horizon: which of a node's turns the
value network would rank highest, guessed without it (issue 30).

One turn from the horizon every child is a leaf, and a node whose player finds nothing
good evaluates all of them (Hermes, Artemis, Demeter and Prometheus give hundreds). With
AlphaZero's own policy keeping the twelve likeliest turns there, the engine searched most
of a turn deeper at the same nodes and won clearly more games against AlphaZero
(docs/measurements.md); this prior asks the same question of a few counts around the
workers instead of a network. For each worker of the child position, of both sides, it
counts the neighbouring cells by what they hold (a free cell of level 0 to 3, or a dome),
by the worker's own level (0 to 2): what each worker can climb, threaten or is kept from.
With each worker's closeness to the centre and whether a level-2 worker is unguarded (as
`evaluation.py` reads them), that is 17 numbers a side, counted for all of a node's
children at once with numpy on the bitboards. A weight per number and per god of the
node's player, fitted to the network's own values of the children of such nodes
(`bench/prior_fit.py`), makes a child's score; the search keeps the best-scored turns,
found without generating every turn (`prior_turns.py`).
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

import numpy as np

from santorini_hw.hints.inputs import GODS
from santorini_hw.hints.network import shipped_network
from santorini_hw.rules.cells import NEIGHBOURS
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Lineup, Position

_CELLS = 25
_ALL = (1 << _CELLS) - 1
KINDS = ("level0", "level1", "level2", "level3", "dome")
"""What a neighbouring cell holds (levels: free and undomed)."""
PER_SIDE = 3 * len(KINDS) + 2
"""Per worker level 0-2 a count per kind, then centre closeness and unguarded workers."""
FEATURES = 2 * PER_SIDE
"""The node's player's side first (who has just moved in the child), then the other."""
PRIOR_KEEP = 12
"""Turns a node one turn from the horizon searches, the prior's best (the engine's default
in the games the prior covers; `best_turn(prior_keep=0)` searches them all): at the same
nodes it wins more against AlphaZero, and with its scores counted in C its node costs no
more than the engine's when issue 30 was filed (docs/develop/hints.md)."""
PRUNES_FROM = 3
"""The search prunes with the prior in iterations this many turns deep or more: two turns
deep it costs more than it saves, and the opponent's replies that it leaves out change
the answer (docs/measurements.md)."""


def _steps(a: int, b: int) -> int:
    return max(abs(a % 5 - b % 5), abs(a // 5 - b // 5))


WITHIN_TWO = tuple(
    sum(1 << b for b in range(_CELLS) if b != a and _steps(a, b) <= 2) for a in range(_CELLS)
)
"""Per cell, the other cells at most two steps away (an unguarded worker's)."""
_NEIGHBOURS = np.array(NEIGHBOURS[:_CELLS], np.int64)
_WITHIN_TWO = np.array(WITHIN_TWO, np.int64)
_CENTRE = np.array([2 - _steps(cell, 12) for cell in range(_CELLS)], np.int64)
_LEVELS = np.arange(3)
_SIDE_OF = np.array([0, 0, 1, 1])
"""Each of the four workers' side (the node's player's first)."""
_SCALE = 16


def boards(children: Sequence[Position], side: int) -> Any:
    """Per child: levels 1-3, domes, `side`'s workers and the other side's (two sides)."""
    other = 1 - side
    return np.array(
        [(c.l1, c.l2, c.l3, c.domes, c.workers[side], c.workers[other]) for c in children],
        np.int64,
    ).reshape(len(children), 6)


class _Workers(NamedTuple):
    """The four workers of each row of `boards` (the node's player's two, then the
    other's), what `features` counts for each."""

    cells: Any
    """(rows, 4): each worker's cell."""
    level: Any
    """(rows, 4): its level, 0-2 (a level-3 worker of a set-up position counts as 2)."""
    counts: Any
    """(rows, 4, len(KINDS)): its neighbouring cells of each kind."""
    unguarded: Any
    """(rows, 4): on level 2 with no opposing worker within two cells."""


WorkerWeights = tuple[list[list[list[int]]], list[list[int]], list[int]]
"""One god's weights in plain Python, per side (the node's player's first): per worker
level 0-2 a weight per kind of neighbouring cell, per cell the centre closeness weighed,
and the weight of an unguarded worker (`prior_turns` scores turns with them)."""


def _workers(raw: Any) -> _Workers:
    """All four workers of every row at once: a few dozen numpy operations a node,
    whatever its width."""
    l1, l2, l3, domes, mine, theirs = raw.T
    free = _ALL & ~(mine | theirs | domes)
    kinds = np.stack((free & ~l1, free & l1 & ~l2, free & l2 & ~l3, free & l3, domes), 1)
    lowest_mine, lowest_theirs = mine & -mine, theirs & -theirs
    workers = np.stack((lowest_mine, mine ^ lowest_mine, lowest_theirs, theirs ^ lowest_theirs), 1)
    cells = np.frexp(workers.astype(np.float64))[1] - 1
    level = (raw[:, :1] & workers != 0).astype(np.int64)
    level += raw[:, 1:2] & workers != 0
    level += raw[:, 2:3] & workers != 0
    level = np.minimum(level, 2)
    counts = np.bitwise_count(_NEIGHBOURS[cells][:, :, None] & kinds[:, None, :])
    opposing = np.stack((theirs, theirs, mine, mine), 1)
    unguarded = (level == 2) & (_WITHIN_TWO[cells] & opposing == 0)
    return _Workers(cells, level, counts, unguarded)


def features(raw: Any) -> Any:
    """The prior's numbers for each row of `boards` (two workers a side)."""
    rows = len(raw)
    cells, level, counts, unguarded = _workers(raw)
    by_level = (level[:, :, None] == _LEVELS)[:, :, :, None] * counts[:, :, None, :]
    return np.concatenate(
        (
            by_level.reshape(rows, 2, 2, 3 * len(KINDS)).sum(2),
            _CENTRE[cells].reshape(rows, 2, 2, 1).sum(2),
            unguarded.reshape(rows, 2, 2, 1).sum(2),
        ),
        axis=2,
    ).reshape(rows, FEATURES)


def _packed(weights: WorkerWeights) -> bytes:
    """One god's weights for the C scorer (`_prior_scores.c`'s `Weights`): int32 in native
    order, per cell its neighbours and the cells within two steps, then the weights."""
    kinds, centre, unguarded = weights
    tables = [NEIGHBOURS[:_CELLS], WITHIN_TWO, kinds, centre, unguarded]
    return (
        np.concatenate([np.ravel(np.asarray(table)) for table in tables]).astype(np.int32).tobytes()
    )


class MovePrior:
    """The fitted weights (one row per god of `network.GODS`, for the node's player)."""

    def __init__(self, weights: Any) -> None:
        weights = np.asarray(weights, np.float64)
        if weights.shape != (len(GODS), FEATURES):
            raise ValueError(f"a move prior has {len(GODS)} rows of {FEATURES} weights")
        self.weights = np.round(weights * _SCALE).astype(np.int64)
        """In 1/16 of a point: integer scores, the same on every machine."""
        sides = self.weights.reshape(len(GODS), 2, PER_SIDE)
        self.by_worker = [
            (
                god[:, : 3 * len(KINDS)].reshape(2, 3, len(KINDS)),
                god[:, 3 * len(KINDS), None] * _CENTRE,
                god[_SIDE_OF, PER_SIDE - 1],
            )
            for god in sides
        ]
        """Per god, the same weights by worker: per side and level, a weight per kind of
        neighbour; per side and cell, its centre closeness weighed; per worker, the
        weight of being unguarded. Scores are sums of integers, so equal to the
        features times the weights."""
        self.plain: list[WorkerWeights] = [
            (kinds.tolist(), centre.tolist(), guard[::2].tolist())
            for kinds, centre, guard in self.by_worker
        ]
        """The same weights as Python lists (`WorkerWeights`)."""
        self.packed = [_packed(weights) for weights in self.plain]
        """The same weights with the board's tables, as `_prior_scores.c` reads them."""

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> MovePrior:
        """Read an `.npz` file as `bench/prior_fit.py` writes it."""
        try:
            with np.load(path, allow_pickle=False) as arrays:
                names = [str(name) for name in arrays["gods"]]
                weights = arrays["weights"]
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path} is not a move prior ({error})") from error
        if names != [god.value if god else "none" for god in GODS]:
            raise ValueError(f"a move prior for the gods {names}, not the simple ones")
        return cls(weights)

    @staticmethod
    def row_of(god: God | None) -> int:
        """The weights' row for a player with `god`."""
        return GODS.index(god)

    def scores(self, position: Position, children: Sequence[Position]) -> Any:
        """Each child's score (integers, in 1/16 of a point) for `position`'s player."""
        kinds, centre, guard = self.by_worker[self.row_of(position.god)]
        cells, level, counts, unguarded = _workers(boards(children, position.side))
        scores = (counts * kinds[_SIDE_OF, level]).sum((1, 2))
        return scores + centre[_SIDE_OF, cells].sum(1) + (unguarded * guard).sum(1)

    def best(self, position: Position, children: Sequence[Position], keep: int) -> list[int]:
        """Indices of the `keep` best-scored `children` of `position`, best first (ties in
        the children's order: the same answer on every machine)."""
        order = np.argsort(-self.scores(position, children), kind="stable")
        ranked: list[int] = order[:keep].tolist()
        return ranked


@cache
def shipped_prior() -> MovePrior:
    """The prior that ships with the engine (`prior.npz`, read once)."""
    with resources.as_file(resources.files("santorini_hw.hints").joinpath("prior.npz")) as path:
        return MovePrior.from_file(path)


def prior_for(lineup: Lineup) -> MovePrior | None:
    """The shipped prior for the games the value network covers (it was fitted to the
    network's values: two players with simple gods), else None."""
    return shipped_prior() if shipped_network().covers(lineup) else None
