"""The evaluation's features for many positions at once, with numpy: the same numbers as
`evaluation.all_features`, for the value network's large batches.

Most positions the network scores come in batches of dozens to hundreds (a node's leaves
after its first sixteen, the root's turns, a sorted node's children), and in Python
the features are most of a position's cost. Here all four workers of every row are
counted together, about a hundred numpy operations a batch whatever its size, so from
about `WORTH_FROM` positions on it is the cheaper way. It covers the network's games: two
sides of two workers each, with no god or a simple one; the tests compare it with
`all_features` on random positions of every such pairing. The feature definitions
live in `evaluation.py`; this is their arithmetic on arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from santorini_hw.hints.evaluation import CENTRE, CLOSER, FEATURES, WITHIN_TWO
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
_SIDE_OF = np.array([0, 0, 1, 1])
"""The side of each of a row's four workers (side 0's two first)."""
_OTHER_OF = 1 - _SIDE_OF


class _Workers(NamedTuple):
    """Both sides' workers in every row, four columns: side 0's two, then side 1's."""

    cells: Any
    height: Any
    targets: Any
    """The cells each worker can move to."""
    wins: Any
    """(rows, 2): the cells each side would win on."""
    up_ok: Any
    """Whether each worker may move up (no opposing Athena's block)."""


def batch_features(positions: Sequence[Position]) -> Any | None:
    """Per position both sides' features, the player to move's first (as `inputs.encode`
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
    sides = _features(rows, _reach(rows, gods), gods)
    mover_first = np.where((rows[:, 7] == 0)[:, None, None], sides, sides[:, ::-1])
    return mover_first.reshape(len(rows), 2 * len(FEATURES))


def _cells(workers: Any) -> Any:
    """The cells of each row's workers, lowest first (two per bitboard)."""
    lowest = workers & -workers
    both = np.stack((lowest, workers ^ lowest), -1).reshape(len(workers), -1)
    return np.frexp(both.astype(np.float64))[1] - 1


def _dilated(cells: Any) -> Any:
    """The cells next to any of `cells` (bitboards)."""
    right, left = cells & _NOT_LAST, cells & _NOT_FIRST
    around = (right << 1) | (left >> 1) | (cells << 5) | (cells >> 5)
    around |= (right << 6) | (left << 4) | (right >> 4) | (left >> 6)
    return around & _ALL


def _pairs(values: Any, reduce: Any = np.add) -> Any:
    """(rows, 4) per worker to (rows, 2) per side."""
    return reduce.reduce(values.reshape(len(values), 2, 2), 2)


def _reach(rows: Any, gods: tuple[God | None, ...]) -> _Workers:
    """As `evaluation._reach` for both sides: each worker's moves (with its god's reach)
    and each side's winning cells."""
    l1, l2, l3, domes, first, second, athena, _ = rows.T
    sides = rows[:, 4:6]
    occupied = first | second
    cells = _cells(sides)
    height = sum((plane[:, None] >> cells) & 1 for plane in (l1, l2, l3))
    up_ok = ((athena < 0)[:, None] | (athena[:, None] == _SIDE_OF)).astype(np.int64)
    anything = np.full_like(l1, -1)
    allowed = np.stack((~l2, ~l3, anything, anything, ~l1, ~l2, ~l3, anything), 1)
    reach = _NEIGHBOURS[cells] & ~domes[:, None]
    reach &= np.take_along_axis(allowed, height + 4 * (1 - up_ok), 1)
    targets = reach & ~occupied[:, None]
    for side, god in enumerate(gods):
        mine = slice(2 * side, 2 * side + 2)
        if god is God.APOLLO:
            targets[:, mine] = reach[:, mine] & ~sides[:, side, None]
        elif god is God.MINOTAUR:
            blocked = (occupied | domes)[:, None]
            for victim in cells[:, 2 - 2 * side : 4 - 2 * side].T:
                landing = _BEYOND[cells[:, mine], victim[:, None]]
                pushable = (landing >= 0) & ((blocked >> np.maximum(landing, 0)) & 1 == 0)
                pushable &= (reach[:, mine] >> victim[:, None]) & 1 == 1
                targets[:, mine] |= np.where(pushable, 1 << victim[:, None], 0)
    capped = (l3 & ~domes)[:, None]
    wins = np.where(height == 2, targets & capped, 0)
    for side, god in enumerate(gods):
        mine = slice(2 * side, 2 * side + 2)
        own, own_targets = height[:, mine], targets[:, mine]
        if god is God.PAN:
            lower = np.where(own == 2, ~l1[:, None], ~l2[:, None]) & _ALL
            wins[:, mine] |= np.where(own >= 2, own_targets & lower, 0)
        elif god is God.ARTEMIS:
            landing = capped & ~occupied[:, None] & ~(1 << cells[:, mine])
            second_step = _dilated(own_targets & (l2 & ~l3)[:, None]) & landing
            wins[:, mine] |= np.where((up_ok[:, mine] == 1) & (own >= 1), second_step, 0)
    return _Workers(cells, height, targets, _pairs(wins, np.bitwise_or), up_ok)


def _features(rows: Any, workers: _Workers, gods: tuple[God | None, ...]) -> Any:
    """As `evaluation.side_features` for both sides: (rows, 2 sides, the features)."""
    l1, l2, l3, domes = rows[:, 0], rows[:, 1], rows[:, 2], rows[:, 3]
    free = _ALL & ~(rows[:, 4] | rows[:, 5]) & ~domes
    levels = np.stack((free & ~l1, free & l1 & ~l2, free & l2 & ~l3, free & l3, 0 * free), 1)
    cells, height, targets = workers.cells, workers.height, workers.targets
    around_cells = _NEIGHBOURS[cells]
    up = np.take_along_axis(levels, np.minimum(height + 1, 4), 1)
    beside = around_cells & free[:, None]
    around = np.bitwise_count(beside & l1[:, None]).astype(np.int64)
    around += np.where(height >= 1, np.bitwise_count(beside & l2[:, None]), 0)
    around += np.where(height >= 2, np.bitwise_count(beside & l3[:, None]), 0)
    on_level2 = height == 2
    near = _pairs(np.where(on_level2, around_cells & levels[:, 2:3], 0), np.bitwise_or)
    opposing = rows[:, 4:6][:, _OTHER_OF]
    unguarded = on_level2 & (_WITHIN_TWO[cells] & opposing == 0)
    trapped_workers = _pairs((targets == 0).astype(np.int64))
    threats = np.bitwise_count(workers.wins).astype(np.int64)
    build_reach = _pairs(_dilated(targets), np.bitwise_or)
    for side, god in enumerate(gods):
        if god in _BUILD_WHERE_THEY_STAND:
            build_reach[:, side] |= _dilated(rows[:, 4 + side])
    stoppers = build_reach[:, ::-1]
    mine = cells.reshape(len(cells), 2, 2)
    closer = _CLOSER[mine[:, :, :, None], mine[:, ::-1, None, :]]
    territory = (l2 & ~l3 & ~domes)[:, None] & np.bitwise_and.reduce(
        np.bitwise_or.reduce(closer, 2), 2
    )
    return np.stack(
        (
            _pairs((height == 1).astype(np.int64)),
            _pairs(on_level2.astype(np.int64)),
            _pairs((height == 3).astype(np.int64)),
            _pairs(np.bitwise_count(targets).astype(np.int64)),
            _pairs(np.bitwise_count(targets & up) * workers.up_ok),
            _pairs(_CENTRE[cells]),
            trapped_workers,
            trapped_workers == 2,
            threats > 0,
            np.maximum(threats - 1, 0),
            (threats > 0) & (workers.wins & ~stoppers != 0),
            np.bitwise_count(near),
            _pairs(np.bitwise_count(around_cells & up).astype(np.int64)),
            _pairs(unguarded.astype(np.int64)),
            _pairs(around),
            np.bitwise_count(territory),
        ),
        2,
    ).astype(np.int64)
