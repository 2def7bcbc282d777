"""The first child of a node one turn from the horizon, found before its other turns.

Such a node has about 78 turns, and two thirds of these nodes are cut off by their first
child, which is the table's turn or a killer in most of them (measured at a Pi's budgets:
docs/measurements.md). Both name the cell their worker came from (`ordering.move_id`),
and `outcomes.worker_outcomes` lists one worker's turns in the order all of them come: so
the child that `MoveOrder.rank` would put first is found among one or two workers' turns,
and the search evaluates it before it generates the rest, which it needs only when that
child does not cut. The children, their order and the search's answers stay the same.
"""

from __future__ import annotations

from collections.abc import Iterable

from santorini_hw.hints.ordering import move_id
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import worker_outcomes
from santorini_hw.rules.position import Position

_NOT_BY_WORKER = (God.PROMETHEUS, God.HERMES)
"""Gods whose turns are not listed worker by worker (a build before the move, a walk of
both workers)."""
_FROM = 50
"""Where a move identity's cells left by the mover's worker start (`ordering.move_id`)."""


def first_child(
    position: Position, hint: int, killers: Iterable[int]
) -> tuple[Position, int] | None:
    """The child that `MoveOrder.rank` puts first, with its move identity, when that child
    is the table's turn (`hint`) or one of `killers`; None when neither is a turn here
    (then the history orders: every turn is needed) or the turns are not by worker."""
    if position.cards is not None or position.lineup.gods[position.to_move] in _NOT_BY_WORKER:
        return None
    side = position.lineup.sides[position.to_move]
    if hint:
        found = _first_of(position, side, (hint,))
        if found is not None:
            return found
    return _first_of(position, side, tuple(killers))


def _first_of(position: Position, side: int, moves: tuple[int, ...]) -> tuple[Position, int] | None:
    """The first child, in generation order, whose move identity is one of `moves`."""
    mine = position.workers[side]
    cells = sorted({(move >> _FROM).bit_length() - 1 for move in moves if move >> _FROM})
    for cell in cells:
        if not mine >> cell & 1:
            continue
        for child in worker_outcomes(position, cell):
            move = move_id(position, child, side)
            if move in moves:
                return child, move
    return None
