"""The offline fitting tool: its feature layout, its regression and its labels."""

from __future__ import annotations

import math
import random

import pytest

from santorini_hw.hints.evaluation import FEATURES, GOD_FEATURES, Weights, load_weights
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position_json import position_from_json
from tools.fit_evaluation import (
    GODS,
    KEEP_SIGNS,
    SIZE,
    coefficients,
    expanded,
    fit,
    from_zero_but_hand_set,
    hand_set_coefficients,
    keep_signs,
    label,
    labelled,
    log_loss,
    new_gods_coefficients,
    self_play,
    shared_coefficients,
    shipped_with_signs_kept,
    weights_document,
)


def test_a_gods_features_are_copied_into_its_own_columns() -> None:
    features = [0] * len(FEATURES)
    features[FEATURES.index("mobility")] = 7
    x = expanded(God.ARTEMIS, features)
    own = len(FEATURES) + GODS.index(God.ARTEMIS) * len(GOD_FEATURES)
    assert x == {FEATURES.index("mobility"): 7.0, own + GOD_FEATURES.index("mobility"): 7.0}


def test_the_simple_and_the_advanced_gods_own_columns_split_the_gods_columns() -> None:
    simple, advanced = new_gods_coefficients(simple=True), new_gods_coefficients()
    assert not simple & advanced
    assert len(simple) == 10 * len(GOD_FEATURES) and len(advanced) == 20 * len(GOD_FEATURES)
    assert simple | advanced == set(range(len(FEATURES) + len(GOD_FEATURES), SIZE))


def test_simple_self_play_deals_two_simple_gods_in_every_game() -> None:
    played = self_play(3, nodes=8, seed=5, explore=0.3, gods="simple", searched=True)
    lineups = {position.lineup.gods for position, _, _ in played}
    assert lineups and all(len(gods) == 2 and set(gods) <= set(SIMPLE_GODS) for gods in lineups)


def test_the_regression_learns_which_side_of_a_feature_wins() -> None:
    rng = random.Random(1)
    samples = []
    for _ in range(400):
        height = rng.choice([-2, -1, 1, 2])
        samples.append(({FEATURES.index("level2"): float(height)}, 1 if height > 0 else 0))
    w, loss = fit(samples, seed=1, epochs=100, l2=0.0, god_l2=0.0)
    assert w[FEATURES.index("level2")] > 1.0
    assert abs(w[SIZE]) < 0.5  # no tempo in this data
    assert loss < 0.3


def test_fitted_columns_become_a_weights_file_the_evaluation_reads() -> None:
    w = [0.0] * (SIZE + 1)
    none_mobility = len(FEATURES) + GOD_FEATURES.index("mobility")
    pan_mobility = none_mobility + GODS.index(God.PAN) * len(GOD_FEATURES)
    w[FEATURES.index("mobility")] = 0.03
    w[none_mobility] = 0.01
    w[pan_mobility] = 0.05
    weights = Weights.from_json({**weights_document(w), "source": "test"})
    mobility = FEATURES.index("mobility")
    assert round(weights.side_weights(None)[mobility], 1) == 4.0  # base plus the no-god copy
    assert round(weights.side_weights(God.PAN)[mobility], 1) == 8.0  # base plus Pan's copy


def test_new_gods_only_fits_the_advanced_gods_own_columns_and_keeps_the_rest() -> None:
    shipped = load_weights()
    start = coefficients(shipped)
    assert weights_document(start)["base"] == list(shipped.base)  # the shipped file again
    zeus = len(FEATURES) + GODS.index(God.ZEUS) * len(GOD_FEATURES)
    mobility = GOD_FEATURES.index("mobility")
    rng = random.Random(2)
    samples = []
    for _ in range(300):  # Zeus' mobility decides these games
        value = rng.choice([-2.0, -1.0, 1.0, 2.0])
        x = {FEATURES.index("mobility"): value, zeus + mobility: value}
        samples.append((x, 1 if value > 0 else 0))
    w, _ = fit(
        samples, seed=1, epochs=40, l2=0.0, god_l2=0.0, initial=(start, new_gods_coefficients())
    )
    assert w[zeus + mobility] > start[zeus + mobility] + 0.5
    changed = {j for j, (after, before) in enumerate(zip(w, start, strict=True)) if after != before}
    assert changed <= new_gods_coefficients()


def test_soft_labels_are_fitted_to_their_chance_and_scored_by_cross_entropy() -> None:
    samples = [({FEATURES.index("level2"): 1.0}, 0.8), ({FEATURES.index("level2"): -1.0}, 0.2)]
    w, loss = fit(samples * 200, seed=1, epochs=200, l2=0.0, god_l2=0.0)
    assert abs(1 / (1 + math.exp(-w[FEATURES.index("level2")])) - 0.8) < 0.02
    entropy = -(0.8 * math.log(0.8) + 0.2 * math.log(0.2))
    assert entropy <= loss < entropy + 0.01  # a soft label's loss never reaches zero
    assert log_loss([({}, 1.0)], [0.0] * (SIZE + 1)) == pytest.approx(math.log(2))


def test_a_search_label_is_the_chance_its_score_says_and_decided_scores_are_certain() -> None:
    won = position_from_json(
        {"workers": {"A": ["b2", "e5"], "B": ["a5", "e1"]}, "heights": {"b2": 2, "c3": 3}}
        | {"domes": [], "to_move": "A"}
    )
    assert label(won, nodes=50) == 1.0  # A climbs to c3
    quiet = position_from_json(
        {"workers": {"A": ["a1", "e5"], "B": ["c3", "e1"]}, "heights": {}, "domes": []}
        | {"to_move": "A"}
    )
    score = best_turn(quiet, node_budget=300, seed=1).score
    assert label(quiet, nodes=300) == pytest.approx(1 / (1 + math.exp(-score / 100)))
    assert 0.0 < label(quiet, nodes=300) < 1.0
    assert labelled([won, quiet], nodes=300, jobs=2) == [1.0, label(quiet, nodes=300)]


def test_a_fit_from_search_labels_keeps_the_weights_of_features_no_sample_has() -> None:
    samples = [({FEATURES.index("mobility"): 3.0, len(FEATURES) + 1: 3.0}, 0.6)]
    assert shared_coefficients(samples) == {FEATURES.index("mobility"), len(FEATURES) + 1, SIZE}


def test_every_fit_keeps_the_hand_set_weights() -> None:
    shipped = load_weights()
    unguarded = FEATURES.index("unguarded")
    hand_set = {
        FEATURES.index(name) for name in ("unguarded", "neighbour_height", "level2_territory")
    }
    assert hand_set_coefficients() == hand_set
    samples = [({index: 1.0 for index in hand_set} | {FEATURES.index("mobility"): 2.0}, 0.9)] * 4
    assert not hand_set & shared_coefficients(samples)
    start, free = from_zero_but_hand_set(shipped)
    assert start[unguarded] == shipped.base[unguarded] / 100 and unguarded not in free
    assert set(range(SIZE + 1)) - free == hand_set
    w, _ = fit(samples, seed=1, epochs=5, l2=0.0, god_l2=0.0, initial=(start, free))
    assert [w[index] for index in hand_set] == [start[index] for index in hand_set]
    assert w[FEATURES.index("mobility")] != 0.0


def test_a_gods_own_weight_may_cancel_a_shared_weight_but_not_turn_it_around() -> None:
    mobility, climbs = (GOD_FEATURES.index(name) for name in ("mobility", "climbs"))
    base = [0.0] * len(FEATURES)
    base[FEATURES.index("mobility")] = 3.4
    base[FEATURES.index("climbs")] = -2.0  # a negative shared weight keeps its sign too
    own = [0.0] * len(GOD_FEATURES)
    gods = {"Selene": own.copy(), "Charon": own.copy(), "Hera": own.copy()}
    gods["Selene"][mobility] = -15.3
    gods["Charon"][mobility] = 4.9
    gods["Hera"][climbs] = 3.0
    keep_signs(base, gods)
    assert gods["Selene"][mobility] == -3.4  # Selene's side: moves worth nothing, not less
    assert gods["Charon"][mobility] == 4.9  # worth more is kept
    assert gods["Hera"][climbs] == 2.0


def test_every_fit_writes_weights_whose_gods_keep_the_shared_signs() -> None:
    w = [0.0] * (SIZE + 1)
    w[FEATURES.index("mobility")] = 0.03
    zeus_mobility = len(FEATURES) + GODS.index(God.ZEUS) * len(GOD_FEATURES)
    w[zeus_mobility + GOD_FEATURES.index("mobility")] = -0.10
    weights = Weights.from_json({**weights_document(w), "source": "test"})
    assert weights.side_weights(God.ZEUS)[FEATURES.index("mobility")] == 0.0


def test_the_shipped_weights_keep_the_shared_signs_for_every_god() -> None:
    shipped = load_weights()
    for god in God:
        side = shipped.side_weights(god)
        for name in GOD_FEATURES:
            index = FEATURES.index(name)
            assert side[index] * shipped.base[index] >= 0, (god, name)
    again = shipped_with_signs_kept()
    assert again["gods"] == {god.value: list(shipped.gods[god]) for god in God}
    assert again["source"].count(KEEP_SIGNS) <= 1
