"""Baseline players: a random one and a greedy one, the yardsticks of the hint engine and
the opponent in the terminal game.

The greedy player wins when it can; otherwise it keeps to turns after which the next
player cannot win at once (when any exist), and to turns that hand nobody the game
(Chronus wins by towers another player builds); among those it climbs, preferring the
turn that leaves its workers highest, ties broken at random.
"""

from __future__ import annotations

import random

from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_outcomes import power_outcomes
from santorini_hw.rules.power_walk import Found
from santorini_hw.rules.turns import (
    Turn,
    generate_turns,
    random_turn,
    turn_to,
    winning_turn_exists,
)


def random_player(position: Position, rng: random.Random) -> Turn | None:
    return random_turn(position, rng)


def greedy_player(position: Position, rng: random.Random) -> Turn | None:
    if position.cards is None:  # simple gods: every turn is generated anyway
        turns = {_outcome(position, turn): turn for turn in generate_turns(position)}
        pool = greedy_choices(position, list(turns))
        return turns[rng.choice(pool)] if pool else None
    pool = greedy_choices(position, power_outcomes(position))
    if not pool:
        return None
    result, winner = rng.choice(pool)  # only the turn picked is spelt out action by action
    return turn_to(position, result, None if winner < 0 else position.lineup.players[winner])


def greedy_choices(position: Position, outcomes: list[Found]) -> list[Found]:
    """The outcomes (result, winner) of the turns the greedy player picks from at random,
    in the order of `outcomes` (every distinct outcome of the player to move's turns).
    The highest climbs are checked for the next player's wins first: lower ones only
    while every higher one loses."""
    me = position.to_move
    wins = [found for found in outcomes if found[1] == me]
    if wins:
        return wins
    rest = [found for found in outcomes if found[1] < 0]
    side = position.side
    climbs = [_climb(result, side) for result, _ in rest]
    for level in sorted(set(climbs), reverse=True):
        at_level = [found for found, climb in zip(rest, climbs, strict=True) if climb == level]
        safe = [found for found in at_level if not winning_turn_exists(found[0])]
        if safe:
            return safe
    pool = rest or outcomes
    best = max((_climb(result, side) for result, _ in pool), default=0)
    return [found for found in pool if _climb(found[0], side) == best]


def _outcome(position: Position, turn: Turn) -> Found:
    winner = turn.winner
    return turn.result, -1 if winner is None else position.lineup.players.index(winner)


def _climb(position: Position, side: int) -> int:
    return sum(position.height(cell) for cell in cells_of(position.workers[side]))
