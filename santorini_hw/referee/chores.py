"""What the rules did that hands still have to do: workers taken off, blocks put down.

A power may take a worker off the board (Bia's move, Medusa's petrification at the end
of her turn, which also builds a block where the worker stood). The rules core applies
it at once; the board shows it only once a hand has done it. A careful referee accepts
the move as soon as it stands and lights what is left to do, rather than calling the
lagging board a mistake: the victim still standing (`standing`) and the petrification
block not yet put down (`pending_blocks`) read as done while they wait, and the
referee judges the rest of the board as usual.
"""

from __future__ import annotations

from santorini_hw.referee.board_view import BoardView, Buildings, level_of
from santorini_hw.rules.actions import MOVE, Action
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position


def standing(before: Position, action: Action, after: Position, lag: int) -> int:
    """Cells of workers removed so far this turn that the board may still show after
    `action` (Bia's victims): those `action` removed, and those of `lag` (removed by an
    earlier step) whose cell the action left empty and unbuilt."""
    kept = lag & ~after.occupied & ~_changed(before, after)
    if action.kind == MOVE and after.occupied.bit_count() < before.occupied.bit_count():
        moved = before.occupied & ~(1 << action.src) | 1 << action.dst
        kept |= moved & ~after.occupied
    return kept


def with_standing(board: Position, cells: int, before: Position) -> Position:
    """`board` with the workers on `cells` (as `before` had them) still standing."""
    for cell in cells_of(cells):
        side = before.side_at(cell)
        board = board.with_workers(side, board.workers[side] | 1 << cell)
    return board


def petrified(before: Position, after: Position) -> int:
    """Cells where the turn's end took a worker off and built a block (Medusa)."""
    gone = before.occupied & ~after.occupied
    return sum(1 << cell for cell in cells_of(gone) if after.height(cell) > before.height(cell))


def without_workers(view: BoardView, cells: int) -> BoardView:
    """`view` with the workers on `cells` read as gone (taken off, as the record has it)."""
    owners = tuple((player, mask & ~cells) for player, mask in view.owners)
    return view._replace(workers=view.workers & ~cells, owners=owners)


def pending_blocks(view: BoardView, cells: int, record: Position) -> tuple[BoardView, int]:
    """`view` with the blocks still to put down on `cells` read as there (where the cell
    is empty and one level short of the record), and the cells still waiting."""
    buildings = view.buildings
    waiting = 0
    for cell in cells_of(cells):
        level = record.height(cell)
        if level_of(buildings, cell) == level - 1 and not view.workers >> cell & 1:
            buildings = _raised(buildings, cell, level)
            waiting |= 1 << cell
    return view._replace(buildings=buildings), waiting


def _raised(buildings: Buildings, cell: int, level: int) -> Buildings:
    bit = 1 << cell
    l1, l2, l3, domes = buildings
    return Buildings(
        l1 | bit if level >= 1 else l1,
        l2 | bit if level >= 2 else l2,
        l3 | bit if level >= 3 else l3,
        domes,
    )


def _changed(before: Position, after: Position) -> int:
    """Cells whose buildings differ."""
    changed = after.domes ^ before.domes
    for low, high in ((before.l1, after.l1), (before.l2, after.l2), (before.l3, after.l3)):
        changed |= low ^ high
    return changed
