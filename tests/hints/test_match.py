"""Matches: mirrored openings, reproducible results, an honest Elo gap."""

from __future__ import annotations

import math
import random

import pytest

from santorini_hw.hints.evaluation import blind_to, evaluate, load_weights, power_blind, use_weights
from santorini_hw.hints.match import (
    GameRecord,
    MatchResult,
    PlayerSpecError,
    openings,
    parse_player,
    play_game,
    play_match,
)
from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS, God
from santorini_hw.rules.playout import random_placement


def test_every_opening_is_played_from_both_seats() -> None:
    games: list[GameRecord] = []
    play_match(
        parse_player("greedy"), parse_player("random"), games=4, seed=2, progress=games.append
    )
    assert [g.first_seat for g in games] == [0, 1, 0, 1]
    assert games[0].start == games[1].start
    assert games[0].start != games[2].start


def test_openings_with_gods_draw_two_different_gods_from_the_pool_given() -> None:
    starts = openings(random.Random(3), gods=True, pool=SIMPLE_GODS)
    pairings = [next(starts).lineup.gods for _ in range(40)]
    assert all(len(set(gods)) == 2 and set(gods) <= set(SIMPLE_GODS) for gods in pairings)
    everyone = openings(random.Random(3), gods=True)
    assert any(not god.is_simple for _ in range(40) for god in next(everyone).lineup.gods)


def test_a_match_is_reproducible_for_a_seed() -> None:
    engine = parse_player("engine:nodes=60")
    first = play_match(engine, parse_player("random"), games=2, seed=4, gods=True)
    again = play_match(engine, parse_player("random"), games=2, seed=4, gods=True)
    assert first == again
    assert first.games == 2


def test_the_engine_beats_random_play() -> None:
    result = play_match(parse_player("engine:depth=1"), parse_player("random"), games=4, seed=9)
    assert result.wins == 4


def test_a_player_without_a_legal_turn_loses() -> None:
    start = random_placement(("A", "B"), (None, None), random.Random(0))
    winner, turns = play_game(start, (lambda p, r: None, parse_player("random")), random.Random(0))
    assert (winner, turns) == (1, 0)


def test_elo_gap_and_margin() -> None:
    elo, low, high = MatchResult(75, 25).elo()
    assert round(elo) == 191
    assert low < elo < high
    assert MatchResult(50, 50).elo()[0] == 0


def test_a_clean_sweep_has_an_infinite_gap_with_a_finite_lower_bound() -> None:
    result = MatchResult(200, 0)
    elo, low, _ = result.elo()
    assert math.isinf(elo) and 500 < low < 2000
    assert "+inf" in result.summary()


@pytest.mark.parametrize(
    "spec", ["alphazero", "engine:nodes=x", "engine:speed=3", "engine:depth=0"]
)
def test_bad_player_specs_are_refused(spec: str) -> None:
    with pytest.raises(PlayerSpecError):
        parse_player(spec)


def test_power_blind_weights_zero_only_the_advanced_gods_own_weights() -> None:
    weights = load_weights()
    gods = dict(weights.gods) | {God.ZEUS: (5.0, 4.0, 3.0, 2.0, 1.0)}
    blind = power_blind(weights._replace(gods=gods))
    assert blind.gods[God.ZEUS] == (0.0,) * 5
    assert all(blind.gods[god] == weights.gods[god] for god in SIMPLE_GODS)
    assert blind.base == weights.base and blind.tempo == weights.tempo


def test_blind_to_zeroes_the_named_gods_own_weights_and_nothing_else() -> None:
    weights = load_weights()
    gods = dict(weights.gods) | {God.PAN: (5.0, 4.0, 3.0, 2.0, 1.0)}
    blind = blind_to(weights._replace(gods=gods), [God.PAN, God.ZEUS])
    assert blind.gods[God.PAN] == blind.gods[God.ZEUS] == (0.0,) * 5
    assert all(blind.gods[god] == gods[god] for god in gods if god not in (God.PAN, God.ZEUS))
    assert power_blind(weights) == blind_to(weights, ADVANCED_GODS)


def test_the_blind_engine_and_the_engine_each_search_with_their_own_weights() -> None:
    position = random_placement(("A", "B"), (God.ZEUS, God.TRITON), random.Random(3))
    shipped = load_weights()
    try:
        use_weights(power_blind(shipped))
        blind_value = evaluate(position, 0)
        use_weights(shipped)
        value = evaluate(position, 0)
        parse_player("blind:depth=1")(position, random.Random(1))
        assert evaluate(position, 0) == blind_value
        parse_player("engine:depth=1")(position, random.Random(1))
        assert evaluate(position, 0) == value
    finally:
        use_weights(shipped)
