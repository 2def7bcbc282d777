"""What hands do for the advanced gods' actions and effects, as physical operations.

A plain move or build is one lift and one placement; the advanced gods add a few more
shapes: Charon's ferry (the opponent's worker carried across), Ares' removal (the top
block lifted off), Zeus' block under himself (the worker lifted, the block put down, the
worker set back on it), Dionysus' pass (nothing), the victims of Bia's move taken off,
and Medusa's petrification at the end of her turn (each victim off, a block in its
place). The player model and the carry-out of a seat not at the board both use these.
"""

from __future__ import annotations

from santorini_hw.referee.chores import petrified, standing
from santorini_hw.rules.actions import BUILD, DOME, FERRY, PASS, UNBUILD, Action
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position

Op = tuple[str, int, str, str | None]
"""(op, cell, piece, player): "lift" or "place" on a cell, like a scenario's events."""


def owner_of(position: Position, cell: int) -> str:
    """The player id a worker on `cell` shows to polarity sensors (a team's first member)."""
    return position.lineup.members(position.side_at(cell))[0]


def power_ops(board: Position, action: Action) -> list[Op] | None:
    """The operations of an action that is not a plain move or a build on a free cell
    (None for those), on `board` as it stands before the action."""
    if action.kind == FERRY:
        return [
            ("lift", action.src, "", None),
            ("place", action.dst, "worker", owner_of(board, action.src)),
        ]
    if action.kind == UNBUILD:
        return [("lift", action.dst, "", None)]
    if action.kind == PASS:
        return []
    if action.kind in (BUILD, DOME) and board.occupied >> action.dst & 1:  # Zeus
        owner = owner_of(board, action.dst)
        piece = "dome" if action.kind == DOME else "block"
        return [
            ("lift", action.dst, "", None),
            ("place", action.dst, piece, None),
            ("place", action.dst, "worker", owner),
        ]
    return None


def removal_ops(board: Position, action: Action, after: Position) -> list[Op]:
    """The workers `action` removed (Bia's move), taken off the board."""
    return [("lift", cell, "", None) for cell in cells_of(standing(board, action, after, 0))]


def end_ops(last: Position, result: Position) -> list[Op]:
    """Medusa's petrification after the turn: each victim off, a block in its place."""
    ops: list[Op] = []
    for cell in cells_of(petrified(last, result)):
        ops += [("lift", cell, "", None), ("place", cell, "block", None)]
    return ops
