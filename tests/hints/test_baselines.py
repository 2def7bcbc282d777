"""The greedy baseline: its rule applied to the rules core's own turns, with every god."""

from __future__ import annotations

import json
import random

from santorini_hw.hints.baselines import greedy_choices, greedy_player
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import parse_position
from santorini_hw.rules.power_outcomes import power_outcomes
from santorini_hw.rules.turns import Turn, generate_turns, winning_turn_exists
from tests.rules.advanced_positions import pairings, random_document

Outcome = tuple[Position, int]


def _outcome(position: Position, turn: Turn) -> Outcome:
    players = position.lineup.players
    return turn.result, -1 if turn.winner is None else players.index(turn.winner)


def _rule(position: Position, turns: list[Turn]) -> set[Outcome]:
    """The greedy rule on the step-wise turns: the mover's wins; else the turns that win
    for nobody and leave the next player no win (if any; else those that win for
    nobody, else all), the ones leaving the mover's workers highest."""
    wins = [turn for turn in turns if turn.winner == position.player]
    if wins:
        return {_outcome(position, turn) for turn in wins}
    rest = [turn for turn in turns if turn.winner is None]
    pool = [turn for turn in rest if not winning_turn_exists(turn.result)] or rest or turns

    def climb(turn: Turn) -> int:
        result = turn.result
        return sum(result.height(cell) for cell in cells_of(result.workers[position.side]))

    best = max((climb(turn) for turn in pool), default=0)
    return {_outcome(position, turn) for turn in pool if climb(turn) == best}


def _advanced_positions(seed: int, count: int) -> list[Position]:
    rng = random.Random(seed)
    lineups = [gods for gods in pairings(rng) if any(god for god in gods)]
    found = []
    while len(found) < count:
        position = parse_position(json.dumps(random_document(rng, rng.choice(lineups))))
        if position.cards is not None:
            found.append(position)
    return found


def test_greedy_picks_by_its_rule_from_the_rules_core_turns_with_advanced_gods() -> None:
    for index, start in enumerate(_advanced_positions(seed=27, count=120)):
        turns = generate_turns(start)
        expected = _rule(start, turns)
        assert set(greedy_choices(start, power_outcomes(start))) == expected, start
        picked = greedy_player(start, random.Random(index))
        if turns:
            assert picked in turns and _outcome(start, picked) in expected, start
        else:
            assert picked is None, start


def test_greedy_never_builds_the_tower_that_wins_for_chronus() -> None:
    towers = {cell: 3 for cell in ("e1", "e2", "e3", "e4", "c3")}
    start = parse_position(
        json.dumps(
            {
                "heights": towers,
                "domes": ["e1", "e2", "e3", "e4"],
                "workers": {"A": ["b2", "a5"], "B": ["a1", "b5"]},
                "gods": {"A": "Apollo", "B": "Chronus"},
                "to_move": "A",
            }
        )
    )
    assert any(turn.winner == "B" for turn in generate_turns(start))  # a dome on c3
    assert all(winner < 0 for _, winner in greedy_choices(start, power_outcomes(start)))
    for seed in range(20):
        turn = greedy_player(start, random.Random(seed))
        assert turn is not None and turn.winner is None
