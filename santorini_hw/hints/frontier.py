"""The first child of a node one turn from the horizon, found before its other turns.

Such a node has about 78 turns, and two thirds of these nodes are cut off by their first
child, which is the table's turn or a killer in most of them (measured at a Pi's budgets:
docs/measurements.md). Both name the cells their worker left and reached
(`ordering.move_id`), and `outcomes.worker_outcomes` lists one worker's turns to one cell
in the order all of them come: so the child that `MoveOrder.rank` would put first is
found among a few turns, and the search evaluates it before it generates the rest, which
it needs only when that child does not cut. The children, their order and the search's
answers stay the same.
"""

from __future__ import annotations

from collections.abc import Iterable

from santorini_hw.hints.ordering import move_id
from santorini_hw.rules.cells import ALL_CELLS
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import worker_outcomes
from santorini_hw.rules.position import Position

_NOT_BY_WORKER = (God.PROMETHEUS, God.HERMES)
"""Gods whose turns are not listed worker by worker (a build before the move, a walk of
both workers)."""
_FROM, _TO = 50, 25
"""Where a move identity's cells left and reached by the mover's worker start."""


def first_child(
    position: Position, hint: int, killers: Iterable[int]
) -> tuple[Position, int] | None:
    """The child that `MoveOrder.rank` puts first, with its move identity, when that child
    is the table's turn (`hint`) or one of `killers`; None when neither is a turn here
    (then the history orders: every turn is needed) or the turns are not by worker."""
    god = position.god
    if position.cards is not None or god in _NOT_BY_WORKER:
        return None
    side = position.lineup.sides[position.to_move]
    if hint:
        found = _first_of(position, side, (hint,), god)
        if found is not None:
            return found
    return _first_of(position, side, tuple(killers), god)


def _first_of(
    position: Position, side: int, moves: tuple[int, ...], god: God | None
) -> tuple[Position, int] | None:
    """The first child, in generation order, whose move identity is one of `moves`."""
    mine = position.workers[side]
    places = set()
    for move in moves:
        left, reached = move >> _FROM, move >> _TO & ALL_CELLS
        if left & mine and left.bit_count() == 1:
            # Artemis reaches a cell by several ways: all of her worker's turns are looked at
            places.add((left, ALL_CELLS if god is God.ARTEMIS else reached))
    for left, reached in sorted(places):
        for child in worker_outcomes(position, left.bit_length() - 1, reached):
            move = move_id(position, child, side)
            if move in moves:
                return child, move
    return None
