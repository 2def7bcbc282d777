"""Undo is patient: while the players put the board back, nothing is an error.

After undo is pressed the board goes from the record back to the target piece by piece,
with workers in hands on the way: every cell between its recorded and its target state
is "on the way back" (the same leniency as a worker held in a hand). If play simply
goes on instead, the request is dropped once the grace period since the press is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from santorini_hw.referee.board_view import BoardView, level_of, position_view
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.position import Position


@dataclass
class UndoRequest:
    target: Position
    """The board to put back."""
    pressed: float
    """When undo was pressed: play going on is taken as a mistaken press once the grace
    period since then is over."""
    playing: bool = False
    """The board shows play going on instead."""


def on_the_way_back(view: BoardView, record: Position, target: Position) -> bool:
    """Every cell is between the recorded board and the target: levels in between, a
    dome only where one side has one, workers only where one side has one, and a worker
    missing from a cell where both have one is in a hand (a takeback leaves it there:
    with every worker on the board, it was moved, and that is play going on)."""
    have, want = position_view(record), position_view(target)
    if view.workers & ~(have.workers | want.workers):
        return False
    in_hands = max(have.workers.bit_count(), want.workers.bit_count()) - view.workers.bit_count()
    if (have.workers & want.workers & ~view.workers).bit_count() > in_hands:
        return False
    domes = have.buildings.domes | want.buildings.domes
    if view.buildings.domes & ~domes:
        return False
    for cell in range(CELL_COUNT):
        level = level_of(view.buildings, cell)
        a, b = level_of(have.buildings, cell), level_of(want.buildings, cell)
        if not min(a, b) <= level <= max(a, b):
            return False
    return True
