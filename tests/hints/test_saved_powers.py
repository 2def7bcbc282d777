"""What a power builds up over several turns is worth points to its god alone
(`hints/saved_powers.py`): Morpheus' saved blocks, priced by the shipped weights, zeroed
by the power-blind evaluation, kept by every fit."""

from __future__ import annotations

import json

import pytest

from santorini_hw.hints import linear
from santorini_hw.hints.evaluation import Weights, evaluate, load_weights, power_blind, use_weights
from santorini_hw.hints.saved_powers import SAVED_POWERS, saved_power
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from tests.hints.strategies import board
from tools.fit_evaluation import SIZE, weights_document

QUIET = {"A": ["b2", "d4"], "B": ["b4", "d2"]}
"""An empty board, nobody near a climb: nothing to build for yet."""


def morpheus(tokens: int, to_move: str = "B") -> Position:
    gods = {"A": "Morpheus", "B": "Hephaestus"}
    return board(QUIET, gods=gods, to_move=to_move, tokens={"A": tokens})


def test_morpheus_saved_blocks_are_the_blocks_on_his_card() -> None:
    assert [saved_power(morpheus(n), God.MORPHEUS) for n in (0, 1, 4)] == [0, 1, 4]
    assert saved_power(morpheus(3), God.HEPHAESTUS) == 0
    assert saved_power(board(QUIET, gods={"A": "Pan"}), God.MORPHEUS) == 0  # no cards at all


def test_each_saved_block_is_worth_morpheus_weight_to_him_and_costs_his_opponent_as_much() -> None:
    weight = load_weights().powers[God.MORPHEUS]
    assert weight > 0
    for side, sign in ((0, 1), (1, -1)):
        gained = evaluate(morpheus(3), side) - evaluate(morpheus(1), side)
        assert gained == pytest.approx(sign * 2 * weight, abs=1)
        assert linear.evaluate(morpheus(3), side) == evaluate(morpheus(3), side)


def test_the_power_blind_evaluation_prices_no_saved_power() -> None:
    shipped = load_weights()
    try:
        use_weights(power_blind(shipped))
        assert evaluate(morpheus(3), 0) == evaluate(morpheus(0), 0)
    finally:
        use_weights(shipped)
    blind = power_blind(shipped).powers
    assert set(blind) == set(shipped.powers) and set(blind.values()) == {0.0}


def test_with_its_weight_the_engine_keeps_morpheus_blocks_where_nothing_calls_for_them() -> None:
    shipped = load_weights()
    start = morpheus(1, to_move="A")
    kept = best_turn(start, node_budget=1000, seed=0).turn
    try:
        use_weights(power_blind(shipped))
        spent = best_turn(start, node_budget=1000, seed=0).turn
    finally:
        use_weights(shipped)
    assert kept is not None and spent is not None
    assert kept.result.cards is not None and spent.result.cards is not None
    assert kept.result.cards.tokens > spent.result.cards.tokens


def test_the_weights_file_names_each_saved_power_and_every_fit_keeps_its_weight() -> None:
    shipped = load_weights()
    assert set(shipped.powers) == set(SAVED_POWERS)
    document = weights_document([0.0] * (SIZE + 1))
    assert document["powers"] == shipped.powers_json()
    assert Weights.from_json({**document, "source": "test"}).powers == shipped.powers


@pytest.mark.parametrize(
    "powers, message",
    [
        ({"Morpheus": {"complete_towers": 10}}, "Morpheus's power weight must be"),
        ({"Morpheus": 10}, "Morpheus's power weight must be"),
        ({"Zeus": {"saved_blocks": 10}}, "Zeus's power weight must be"),
        ([1, 2], "powers must be an object"),
    ],
)
def test_a_power_weight_for_another_power_is_refused(powers: object, message: str) -> None:
    document = json.loads(json.dumps(weights_document([0.0] * (SIZE + 1))))
    with pytest.raises(ValueError, match=message):
        Weights.from_json({**document, "powers": powers})
