"""The powers that act while the workers are placed (contract v2, section 4).

Bia's player places first (the 2016 card); the turn order is unchanged, so the start
player still moves first. Eros' workers go on opposite edges: the first on any edge
cell, the second on the edge across from one of the first's (column a and column e,
or row 1 and row 5; a corner is on two edges). Selene's first worker placed is her
female (`Game.place`); Chaos' deck is dealt by `cards.dealt_cards`.

>>> from santorini_hw.rules.cells import cell_name, cells_of
>>> [cell_name(cell) for cell in cells_of(eros_cells(1 << 10))]  # one on a3
['e1', 'e2', 'e3', 'e4', 'e5']
"""

from __future__ import annotations

from santorini_hw.rules.cards import holder
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Lineup, Position
from santorini_hw.rules.power_moves import PERIMETER

_COLUMN_A = sum(1 << cell for cell in range(0, 25, 5))
_COLUMN_E = _COLUMN_A << 4
_ROW_1 = 0b11111
_ROW_5 = _ROW_1 << 20
_ACROSS = ((_COLUMN_A, _COLUMN_E), (_COLUMN_E, _COLUMN_A), (_ROW_1, _ROW_5), (_ROW_5, _ROW_1))


def first_placer(lineup: Lineup) -> int:
    """Index of the player who places first: Bia's, else the start player."""
    return max(holder(lineup.gods, God.BIA), 0)


def eros_cells(placed: int) -> int:
    """Cells Eros' next worker may go on, given his workers placed so far (a bitboard)."""
    if not placed:
        return PERIMETER
    cells = 0
    for edge, across in _ACROSS:
        if placed & edge:
            cells |= across
    return cells


def allowed_cells(position: Position) -> int:
    """Free cells where the player placing now may put a worker."""
    free = ((1 << 25) - 1) & ~position.occupied
    if position.god is God.EROS:
        return free & eros_cells(position.workers[position.side])
    return free


def female_placed(position: Position, cell: int) -> bool:
    """The worker just placed on `cell` is Selene's female (her first placed)."""
    cards = position.cards
    return cards is not None and cards.female == cell


def refusal(position: Position, cell: int) -> str:
    """Why the player placing now may not put a worker on `cell`."""
    if position.occupied >> cell & 1:
        return f"{cell_name(cell)}: a worker is already there"
    placed = position.workers[position.side]
    if not placed:
        return f"{cell_name(cell)}: Eros' first worker goes on an edge of the board"
    first = ", ".join(cell_name(c) for c in cells_of(placed))
    return f"{cell_name(cell)}: Eros' second worker goes on the edge across from {first}"
