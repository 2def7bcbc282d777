"""Resync toward the board: the recorded game takes the buildings and workers that stand.

Used when the players say the board is right and the record wrong (adopt the board);
which worker is whose is decided by the assignment that moves the workers least. The
advanced gods' cards stay as recorded (Selene's female: her worker nearest where she was).
"""

from __future__ import annotations

from itertools import permutations

from santorini_hw.referee.board_view import BoardView
from santorini_hw.rules.cards import CardState
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.game import GameError
from santorini_hw.rules.position import Position


class ResyncError(ValueError):
    """The board cannot be adopted as it stands (wrong number of workers, faults)."""


def adopted_position(recorded: Position, view: BoardView) -> Position:
    """The recorded game with the board's buildings and workers; identities go to the
    assignment that moves the workers least (or to the sensed owners)."""
    alive = [side for side, mask in enumerate(recorded.workers) if mask]
    cells = cells_of(view.workers)
    if len(cells) != 2 * len(alive):
        raise ResyncError(
            f"the board shows {len(cells)} workers; the game has {2 * len(alive)} in play"
        )
    slots = [side for side in alive for _ in range(2)]
    best: tuple[int, tuple[int, ...]] | None = None
    for order in set(permutations(slots)):
        cost = sum(
            min(_distance(cell, w) for w in cells_of(recorded.workers[side]))
            for cell, side in zip(cells, order, strict=True)
        )
        if best is None or cost < best[0]:
            best = (cost, order)
    if best is None:
        raise GameError("no workers to assign")
    workers = [0] * len(recorded.workers)
    for cell, side in zip(cells, best[1], strict=True):
        workers[side] |= 1 << cell
    b = view.buildings
    return Position(
        b.l1,
        b.l2,
        b.l3,
        b.domes,
        tuple(workers),
        recorded.to_move,
        -1,
        recorded.out,
        recorded.lineup,
        _cards(recorded, workers),
    )


def _cards(recorded: Position, workers: list[int]) -> CardState | None:
    """The cards as recorded; Selene's female is her worker now nearest where she was."""
    cards = recorded.cards
    if cards is None or cards.female < 0:
        return cards
    was = cards.female
    mine = cells_of(workers[recorded.side_at(was)])
    return cards._replace(female=min(mine, key=lambda cell: _distance(cell, was)))


def _distance(a: int, b: int) -> int:
    return max(abs(a % 5 - b % 5), abs(a // 5 - b // 5))
