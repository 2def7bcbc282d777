"""Random games to the end: the benchmark of the rules core and a baseline opponent.

>>> game = random_game(random.Random(1), gods=(None, None))
>>> game.winner in ("A", "B")
True
"""

from __future__ import annotations

import random
from typing import NamedTuple

from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position, make_lineup
from santorini_hw.rules.turns import random_turn


class PlayedGame(NamedTuple):
    start: Position
    turns: int
    winner: str
    final: Position


def random_placement(
    players: tuple[str, ...], gods: tuple[God | None, ...], rng: random.Random
) -> Position:
    """A two-sided start position with both workers of each player on random cells."""
    cells = rng.sample(range(CELL_COUNT), 2 * len(players))
    workers = tuple(1 << cells[2 * i] | 1 << cells[2 * i + 1] for i in range(len(players)))
    return Position(0, 0, 0, 0, workers, 0, -1, 0, make_lineup(players, gods))


def random_game(
    rng: random.Random, gods: tuple[God | None, ...], players: tuple[str, ...] = ("A", "B")
) -> PlayedGame:
    """Play random legal turns until someone wins or a player is trapped (and loses)."""
    start = position = random_placement(players, gods, rng)
    turns = 0
    while True:
        turn = random_turn(position, rng)
        if turn is None:  # trapped: with two players the opponent wins
            return PlayedGame(
                start, turns, position.lineup.players[position.next_player()], position
            )
        turns += 1
        if turn.winner is not None:
            return PlayedGame(start, turns, turn.winner, turn.result)
        position = turn.result
