"""Cells of the 5×5 board: names `a1`–`e5` (column letter, row digit) and indices 0–24.

Index = (row - 1) * 5 + column, so `a1` is 0, `e1` is 4 and `e5` is 24. Bitboards are
plain ints with bit `index` set for a cell.

>>> parse_cell("c3"), cell_name(12)
(12, 'c3')
"""

from __future__ import annotations

SIZE = 5
CELL_COUNT = SIZE * SIZE
COLUMNS = "abcde"
ALL_CELLS = (1 << CELL_COUNT) - 1

CELL_NAMES: tuple[str, ...] = tuple(
    f"{COLUMNS[index % SIZE]}{index // SIZE + 1}" for index in range(CELL_COUNT)
)
_INDEX_OF = {name: index for index, name in enumerate(CELL_NAMES)}


class CellError(ValueError):
    """A cell name that is not `a1`–`e5`."""


def parse_cell(name: str) -> int:
    """Index of a cell name (case-insensitive); raises `CellError` naming the bad text."""
    index = _INDEX_OF.get(name.strip().lower()) if isinstance(name, str) else None
    if index is None:
        raise CellError(f"not a cell: {name!r} (cells are a1 to e5)")
    return index


def cell_name(index: int) -> str:
    return CELL_NAMES[index]


def column_of(index: int) -> int:
    return index % SIZE


def row_of(index: int) -> int:
    return index // SIZE


def _neighbours(index: int) -> int:
    column, row = column_of(index), row_of(index)
    mask = 0
    for d_row in (-1, 0, 1):
        for d_column in (-1, 0, 1):
            c, r = column + d_column, row + d_row
            if (d_row or d_column) and 0 <= c < SIZE and 0 <= r < SIZE:
                mask |= 1 << (r * SIZE + c)
    return mask


NEIGHBOURS: tuple[int, ...] = tuple(_neighbours(index) for index in range(CELL_COUNT))
"""Bitboard of the (up to eight) cells adjacent to each cell."""


def beyond(origin: int, target: int) -> int:
    """The cell one step past `target` in the direction origin→target, or -1 off the board."""
    column = 2 * column_of(target) - column_of(origin)
    row = 2 * row_of(target) - row_of(origin)
    if 0 <= column < SIZE and 0 <= row < SIZE:
        return row * SIZE + column
    return -1


_BYTE_CELLS = tuple(
    tuple(tuple(8 * chunk + bit for bit in range(8) if value >> bit & 1) for value in range(256))
    for chunk in range(4)
)
_B0, _B1, _B2, _B3 = _BYTE_CELLS


def cells_of(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of a bitboard, lowest first (table look-ups: a hot path)."""
    return _B0[mask & 255] + _B1[mask >> 8 & 255] + _B2[mask >> 16 & 255] + _B3[mask >> 24]
