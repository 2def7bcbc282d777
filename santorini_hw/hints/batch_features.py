"""The evaluation's features for many positions at once, with numpy: the same numbers as
`evaluation.all_features`, for the value network's large batches.

Most positions the network scores come in batches of dozens to hundreds (a node's leaves
after its first sixteen, the root's turns, a sorted node's children), and in Python
the features are most of a position's cost. Here every row's workers are counted
together, a few hundred numpy operations a batch whatever its size, so from about
`WORTH_FROM` positions on it is the cheaper way. It covers the network's games: two
sides of two workers each, with no god or a simple one; the tests compare it with
`all_features` on random positions of every such pairing. The feature definitions
live in `evaluation.py`; this is their arithmetic on arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from santorini_hw.hints.evaluation import CENTRE, CLOSER, WITHIN_TWO
from santorini_hw.rules.cells import NEIGHBOURS
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import BEYOND
from santorini_hw.rules.position import Position

WORTH_FROM = 32
"""Batches this large or larger are counted here (below it Python's loop is cheaper)."""
_CELLS = 25
_ALL = (1 << _CELLS) - 1
_NOT_LAST = sum(1 << cell for cell in range(_CELLS) if cell % 5 != 4)
_NOT_FIRST = sum(1 << cell for cell in range(_CELLS) if cell % 5 != 0)
_NEIGHBOURS = np.array(NEIGHBOURS[:_CELLS], np.int64)
_CENTRE = np.array(CENTRE, np.int64)
_WITHIN_TWO = np.array(WITHIN_TWO, np.int64)
_CLOSER = np.array(CLOSER, np.int64)
_BEYOND = np.array(BEYOND, np.int64)
_BUILD_WHERE_THEY_STAND = (God.PROMETHEUS, God.HERMES)


class _Side(NamedTuple):
    """One side's two workers in every row, and what the other side's features need."""

    cells: Any
    """(rows, 2)."""
    height: Any
    targets: Any
    """(rows, 2): the cells each worker can move to."""
    wins: Any
    """(rows,): the cells it would win on."""
    up_ok: Any


def batch_features(positions: Sequence[Position]) -> Any | None:
    """Per position both sides' features, the player to move's first (as `network.encode`
    lays them out), or None when a position is not one of the network's games."""
    lineup = positions[0].lineup
    gods = lineup.gods
    if len(lineup.players) != 2 or any(god is not None and not god.is_simple for god in gods):
        return None
    if any(position.lineup != lineup for position in positions):
        return None
    rows = np.array(
        [(p.l1, p.l2, p.l3, p.domes, *p.workers, p.athena, p.to_move) for p in positions],
        np.int64,
    ).reshape(len(positions), 8)
    if (np.bitwise_count(rows[:, 4:6]) != 2).any():
        return None
    l1, l2, l3, domes, first, second, athena, to_move = rows.T
    occupied = first | second
    free = _ALL & ~occupied & ~domes
    levels = np.stack((free & ~l1, free & l1 & ~l2, free & l2 & ~l3, free & l3, 0 * free), 1)
    board = (l1, l2, l3, domes, occupied, free, levels)
    reach = [
        _reach(board, workers, other, gods[side], (athena < 0) | (athena == side))
        for side, (workers, other) in enumerate(((first, second), (second, first)))
    ]
    sides = [_side_features(board, reach[side], reach[1 - side], gods[1 - side]) for side in (0, 1)]
    mover_first = np.concatenate((sides[0], sides[1]), 1)
    other_first = np.concatenate((sides[1], sides[0]), 1)
    return np.where((to_move == 0)[:, None], mover_first, other_first)


def _two(workers: Any) -> Any:
    """(rows, 2): the cells of each row's two workers, lowest first."""
    lowest = workers & -workers
    both = np.stack((lowest, workers ^ lowest), 1)
    return np.frexp(both.astype(np.float64))[1] - 1


def _dilated(cells: Any) -> Any:
    """The cells next to any of `cells` (a bitboard per row)."""
    right, left = cells & _NOT_LAST, cells & _NOT_FIRST
    around = (right << 1) | (left >> 1) | (cells << 5) | (cells >> 5)
    around |= (right << 6) | (left << 4) | (right >> 4) | (left >> 6)
    return around & _ALL


def _bits(board: Any, cells: Any) -> Any:
    return (board[:, None] >> cells) & 1


def _reach(board: tuple[Any, ...], workers: Any, other: Any, god: God | None, up_ok: Any) -> _Side:
    """As `evaluation._reach`: each worker's moves (with its god's reach), the wins."""
    l1, l2, l3, domes, occupied, _, _ = board
    cells = _two(workers)
    height = _bits(l1, cells) + _bits(l2, cells) + _bits(l3, cells)
    up = up_ok[:, None]
    climbable = np.where(
        height == 0,
        np.where(up, ~l2[:, None], ~l1[:, None]),
        np.where(
            height == 1,
            np.where(up, ~l3[:, None], ~l2[:, None]),
            np.where((height == 2) & ~up, ~l3[:, None], -1),
        ),
    )
    reach = _NEIGHBOURS[cells] & climbable & ~domes[:, None]
    targets = reach & ~occupied[:, None]
    if god is God.APOLLO:
        targets = reach & ~workers[:, None]
    elif god is God.MINOTAUR:
        blocked = (occupied | domes)[:, None]
        for victim in _two(other).T:
            landing = _BEYOND[cells, victim[:, None]]
            pushable = (landing >= 0) & ((blocked >> np.maximum(landing, 0)) & 1 == 0)
            pushable &= (reach >> victim[:, None]) & 1 == 1
            targets |= np.where(pushable, 1 << victim[:, None], 0)
    capped = (l3 & ~domes)[:, None]
    wins = np.where(height == 2, targets & capped, 0)
    if god is God.PAN:
        lower = np.where(height == 2, ~l1[:, None], ~l2[:, None]) & _ALL
        wins |= np.where(height >= 2, targets & lower, 0)
    elif god is God.ARTEMIS:
        middles = targets & (l2 & ~l3)[:, None]
        landing = capped & ~occupied[:, None] & ~(1 << cells)
        second = np.stack([_dilated(middles[:, i]) for i in (0, 1)], 1) & landing
        wins |= np.where(up & (height >= 1), second, 0)
    return _Side(cells, height, targets, np.bitwise_or.reduce(wins, 1), up_ok)


def _side_features(board: tuple[Any, ...], own: _Side, other: _Side, other_god: God | None) -> Any:
    """As `evaluation.side_features`, a row of the sixteen features per position."""
    l1, l2, l3, domes, _, free, levels = board
    cells, height, targets = own.cells, own.height, own.targets
    up = np.take_along_axis(levels, np.minimum(height + 1, 4), 1)
    beside = _NEIGHBOURS[cells] & free[:, None]
    around = np.bitwise_count(beside & l1[:, None])
    around += np.where(height >= 1, np.bitwise_count(beside & l2[:, None]), 0)
    around += np.where(height >= 2, np.bitwise_count(beside & l3[:, None]), 0)
    on_level2 = height == 2
    near = np.bitwise_or.reduce(np.where(on_level2, _NEIGHBOURS[cells] & levels[:, 2:3], 0), 1)
    opposing = (1 << other.cells[:, 0]) | (1 << other.cells[:, 1])
    unguarded = on_level2 & (_WITHIN_TWO[cells] & opposing[:, None] == 0)
    trapped_workers = (targets == 0).sum(1)
    threats = np.bitwise_count(own.wins).astype(np.int64)
    stoppers = _dilated(other.targets[:, 0]) | _dilated(other.targets[:, 1])
    if other_god in _BUILD_WHERE_THEY_STAND:
        stoppers |= _dilated(opposing)
    territory = l2 & ~l3 & ~domes
    for victim in other.cells.T:
        territory &= _CLOSER[cells[:, 0], victim] | _CLOSER[cells[:, 1], victim]
    return np.stack(
        (
            (height == 1).sum(1),
            on_level2.sum(1),
            (height == 3).sum(1),
            np.bitwise_count(targets).sum(1),
            np.where(own.up_ok, np.bitwise_count(targets & up).sum(1), 0),
            _CENTRE[cells].sum(1),
            trapped_workers,
            trapped_workers == 2,
            threats > 0,
            np.maximum(threats - 1, 0),
            (threats > 0) & (own.wins & ~stoppers != 0),
            np.bitwise_count(near),
            np.bitwise_count(_NEIGHBOURS[cells] & up).sum(1),
            unguarded.sum(1),
            around.sum(1),
            np.bitwise_count(territory),
        ),
        1,
    ).astype(np.int64)
