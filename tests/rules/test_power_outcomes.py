"""The advanced gods' bitboard outcomes (search and playouts) against the rules core's
action-by-action turns: for every advanced god, against every partner the rules accept
(both seats, and three-player line-ups), on random positions with random values of
contract v2's fields (1-2 workers, Selene's female, Morpheus' tokens, Chaos' deck,
Circe's theft, Dionysus' owed turns, Athena's block)."""

from __future__ import annotations

import json
import random

import pytest

from santorini_hw.rules.gods import ADVANCED_GODS, God
from santorini_hw.rules.playout import random_placement, random_power_turn, walked_power_turn
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import parse_position
from santorini_hw.rules.power_outcomes import (
    power_outcomes,
    power_win_exists,
    random_power_outcome,
)
from santorini_hw.rules.power_plain import quiet
from santorini_hw.rules.turns import generate_turns, turn_to
from tests.rules.advanced_positions import pairings, positions_holding, random_document
from tests.rules.helpers import playable

POSITIONS_PER_PAIRING = 3


def _turn_outcomes(position: Position) -> set[tuple[Position, int]]:
    players = position.lineup.players
    return {
        (turn.result, -1 if turn.winner is None else players.index(turn.winner))
        for turn in generate_turns(position)
    }


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_bitboard_outcomes_are_exactly_the_rules_core_turn_outcomes(god: God) -> None:
    positions = positions_holding(god, seed=list(God).index(god), per_pairing=POSITIONS_PER_PAIRING)
    assert len(positions) >= 90
    for start in positions:
        expected = _turn_outcomes(start)
        found = power_outcomes(start)
        assert len(found) == len(set(found)), start
        assert set(found) == expected, start


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_a_random_draw_is_a_legal_turn_or_none_when_there_is_none(god: God) -> None:
    for index, start in enumerate(positions_holding(god, 100 + list(God).index(god), 1)):
        legal = _turn_outcomes(start)
        for draw in (random_power_outcome, random_power_turn):  # the walk; plain turns too
            drawn = draw(start, random.Random(index))
            if legal:
                assert drawn in legal, start
            else:
                assert drawn is None, start


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_a_win_exists_exactly_when_some_turn_outcome_is_the_movers_win(god: God) -> None:
    wins = 0
    for start in positions_holding(god, 200 + list(God).index(god), POSITIONS_PER_PAIRING):
        mover = start.to_move
        exists = any(winner == mover for _, winner in power_outcomes(start))
        assert power_win_exists(start) == exists, start
        wins += exists
    assert wins  # the positions hold wins to find, not only their absence


def test_the_turn_to_an_outcome_is_the_one_generate_turns_gives() -> None:
    rng = random.Random(9)
    lineups = pairings(rng)
    for _ in range(40):
        start = parse_position(json.dumps(random_document(rng, rng.choice(lineups))))
        turns = generate_turns(start)
        for turn in turns:
            assert turn_to(start, turn.result, turn.winner) == turn, start
        if turns:
            assert turn_to(start, start, None) is None  # no turn leaves the board as it is


def _played_positions(seed: int) -> list[Position]:
    """Every position of random games between random pairings of the thirty gods (the
    playouts' own positions: Selene's female on the move, Athena's block, wins, traps)."""
    rng = random.Random(seed)
    gods = [(a, b) for a in [None, *God] for b in [None, *God] if playable((a, b))]
    found = []
    for _ in range(60):
        position = random_placement(("A", "B"), rng.choice(gods), rng)
        while position.cards is not None:
            found.append(position)
            drawn = walked_power_turn(position, rng)
            if drawn is None or drawn[1] >= 0:
                break
            position = drawn[0]
    return found


def test_a_quiet_players_turn_is_the_walked_draw_from_the_same_random_numbers() -> None:
    documents = random.Random(5)
    positions = _played_positions(5) + [
        parse_position(json.dumps(random_document(documents, gods))) for gods in pairings(documents)
    ]
    quiet_positions = 0
    for index, start in enumerate(positions):
        fast, walked = random.Random(index), random.Random(index)
        assert random_power_turn(start, fast) == walked_power_turn(start, walked), start
        assert fast.getstate() == walked.getstate(), start
        quiet_positions += quiet(start.lineup, start.to_move) is not None
    assert quiet_positions > 1000


def _position(workers: dict[str, list[str]], gods: dict[str, str], **fields: object) -> Position:
    document = {"workers": workers, "gods": gods, "to_move": "A", **fields}
    return parse_position(json.dumps(document))


def _draws(start: Position, count: int) -> list[Position]:
    """The results of `count` random draws (seeds 0 on), none of them missing."""
    drawn = [random_power_outcome(start, random.Random(seed)) for seed in range(count)]
    assert None not in drawn
    return [found[0] for found in drawn if found is not None]


def test_a_random_draw_under_persephone_climbs_when_a_turn_can() -> None:
    workers = {"A": ["a1", "e5"], "B": ["c4", "d4"]}
    start = _position(workers, {"A": "Zeus", "B": "Persephone"}, heights={"b2": 1})
    assert all(result.workers[0] >> 6 & 1 for result in _draws(start, 40))  # a1-b2 climbs


def test_random_draws_take_the_optional_extras_and_skip_them() -> None:
    start = _position({"A": ["a1", "e5"], "B": ["c4", "d4"]}, {"A": "Poseidon", "B": "Hestia"})
    built = {result.l1.bit_count() for result in _draws(start, 60)}
    assert 1 in built and max(built) >= 3  # the move's build alone, and Poseidon's too


def test_hermes_walking_a_whole_empty_board_needs_no_deep_recursion() -> None:
    start = _position({"A": ["a1", "e5"], "B": ["c3", "d3"]}, {"A": "Hermes", "B": "Zeus"})
    found = power_outcomes(start)  # hundreds of placements reached one step at a time
    assert set(found) == _turn_outcomes(start)
    assert len(found) > 2000
