"""The board drawn as text: levels, domes and workers, row 5 at the top.

Each cell shows its level and what stands on it: ``2A`` is a worker of A on level 2,
``3X`` a dome on level 3, ``1.`` an empty level-1 cell.

>>> from santorini_hw.rules.position_json import position_from_json
>>> start = position_from_json({"workers": {"A": ["a1", "b1"], "B": ["e5", "d5"]},
...                             "heights": {"c3": 2}, "domes": ["c1"], "to_move": "A"})
>>> print(draw_board(start))
    a   b   c   d   e
5  0.  0.  0.  0B  0B
4  0.  0.  0.  0.  0.
3  0.  0.  2.  0.  0.
2  0.  0.  0.  0.  0.
1  0A  0A  0X  0.  0.
"""

from __future__ import annotations

from santorini_hw.rules.cells import COLUMNS, SIZE
from santorini_hw.rules.position import Position


def draw_board(position: Position) -> str:
    lineup = position.lineup
    lines = ["    " + "   ".join(COLUMNS)]
    for row in reversed(range(SIZE)):
        cells = []
        for column in range(SIZE):
            cell = row * SIZE + column
            side = position.side_at(cell)
            if side >= 0:
                mark = lineup.members(side)[0][:1]
            elif position.domes >> cell & 1:
                mark = "X"
            else:
                mark = "."
            cells.append(f"{position.height(cell)}{mark}")
        lines.append(f"{row + 1}  " + "  ".join(cells))
    return "\n".join(lines)
