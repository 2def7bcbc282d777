"""Move ordering: which children of a node the search tries first.

Alpha-beta cuts the most when the best turn comes first. Besides the transposition
table's turn, two classic heuristics work on *move identities* rather than positions: a
turn is identified by where the mover's worker came from and went to and which cells
were built on (`move_id`), so the same turn can be recognised in sibling positions.

- Killers: per depth in the tree, the last two turns that caused a cut-off; the same turn
  often refutes the opponent's other tries too.
- History: every cut-off adds depth² to its turn's counter; turns that cut often, anywhere,
  are tried earlier.
"""

from __future__ import annotations

from santorini_hw.rules.position import Position

KILLERS = 2


def move_id(parent: Position, child: Position, side: int) -> int:
    """The turn from `parent` to `child` by `side`: from and to cells, and the builds."""
    before, after = parent.workers[side], child.workers[side]
    built = (
        (parent.l1 ^ child.l1)
        | (parent.l2 ^ child.l2)
        | (parent.l3 ^ child.l3)
        | (parent.domes ^ child.domes)
    )
    return (before & ~after) << 50 | (after & ~before) << 25 | built


class MoveOrder:
    """Killer turns per ply and the history counters of one search (or one game)."""

    def __init__(self) -> None:
        self.killers: dict[int, list[int]] = {}
        self.history: dict[int, int] = {}

    def cut(self, ply: int, move: int, depth: int) -> None:
        """`move` caused a beta cut-off `ply` turns deep with `depth` turns left."""
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[KILLERS:]
        self.history[move] = self.history.get(move, 0) + depth * depth

    def rank(self, ply: int, moves: list[int], first: int) -> list[int]:
        """Indices of `moves`: `first` (the table's turn) if present, then the killers,
        then by history (stable: the incoming order breaks ties)."""
        killers = self.killers.get(ply, ())
        history = self.history

        def weight(index: int) -> int:
            move = moves[index]
            if move == first:
                return -(1 << 62)
            if move in killers:
                return -(1 << 61)
            return -history.get(move, 0)

        return sorted(range(len(moves)), key=weight)

    def age(self) -> None:
        """Between searches of a game: halve the history, forget the killers."""
        self.killers.clear()
        self.history = {move: count >> 1 for move, count in self.history.items() if count > 1}
