"""The linear evaluation at the search's horizon (`hints/linear.py`): its features counted
in C are exactly `evaluation.all_features`, and its scores exactly `evaluation.evaluate`,
for every pairing of the thirty gods the rules accept (random positions with random values
of contract v2's fields: one or two workers, Athena's block, Selene's female...)."""

from __future__ import annotations

import json
import random

import pytest

from santorini_hw.hints import evaluation, inputs, linear
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import parse_position
from tests.rules.advanced_positions import pairings, random_document
from tests.rules.helpers import position


def _positions(seed: int, players: int) -> list[Position]:
    rng = random.Random(seed)
    return [
        parse_position(json.dumps(random_document(rng, gods)))
        for gods in pairings(rng)
        if len(gods) == players
        for _ in range(2)
    ]


def test_the_features_counted_in_c_are_the_evaluations_for_every_pairing() -> None:
    assert inputs.counted_in_c()
    found = _positions(21, players=2)
    assert len(found) > 1500
    for start in found:
        counted = evaluation.all_features(start)
        assert inputs.side_features(start) == (tuple(counted[0][1]), tuple(counted[1][1])), start


@pytest.mark.parametrize("players", [2, 3])
def test_the_linear_score_is_the_evaluations_from_either_side(players: int) -> None:
    scores = set()
    for start in _positions(22 + players, players):
        for side in range(len(start.workers)):
            score = linear.evaluate(start, side)
            assert score == evaluation.evaluate(start, side), start
            scores.add(score)
    assert len(scores) > 50  # positions of every kind, not one score again and again


def test_the_c_count_refuses_a_three_player_game() -> None:
    start = position({"A": ["a1", "a2"], "B": ["c3", "c4"], "C": ["e5", "e4"]})
    assert inputs._inputs is not None
    with pytest.raises(ValueError, match="two-player games only"):
        inputs._inputs.features(start)
