"""Baseline players: a random one and a greedy one, the yardsticks of the hint engine and
the opponent in the terminal game.

The greedy player wins when it can; otherwise it keeps to turns after which the next
player cannot win at once (when any exist); among those it climbs, preferring the turn
that leaves its workers highest, ties broken at random.
"""

from __future__ import annotations

import random

from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn, generate_turns, random_turn, winning_turn_exists


def random_player(position: Position, rng: random.Random) -> Turn | None:
    return random_turn(position, rng)


def greedy_player(position: Position, rng: random.Random) -> Turn | None:
    turns = generate_turns(position)
    if not turns:
        return None
    wins = [turn for turn in turns if turn.winner is not None]
    if wins:
        return rng.choice(wins)
    safe = [turn for turn in turns if not winning_turn_exists(turn.result)]
    side = position.side
    pool = safe or turns
    best = max(_climb(turn.result, side) for turn in pool)
    return rng.choice([turn for turn in pool if _climb(turn.result, side) == best])


def _climb(position: Position, side: int) -> int:
    return sum(position.height(cell) for cell in cells_of(position.workers[side]))
