"""The move prior's recipe (`bench/prior_fit.py`): the nodes it learns from, their labels,
the fit, and the file the engine reads."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from bench import prior_fit
from santorini_hw.hints.inputs import GODS
from santorini_hw.hints.prior import FEATURES, MovePrior
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.turns import quiet_results
from tests.hints.strategies import board

POSITION = board(
    {"A": ["b2", "c3"], "B": ["d4", "c4"]},
    heights={"b2": 1, "c3": 1, "d4": 2, "b3": 2, "c2": 1, "e5": 1},
    gods={"A": "Pan", "B": "Athena"},
)


def test_the_nodes_are_those_one_turn_from_the_horizon() -> None:
    found = prior_fit.nodes_before_horizon(POSITION, 400)
    assert found and not any(can_win_now(node) for node in found)  # those have no children
    # the first iteration searches two turns deep: the root's children come first
    assert found[0] in quiet_results(POSITION)


def test_each_child_is_labelled_with_the_networks_value_for_the_nodes_player() -> None:
    node = prior_fit.nodes_before_horizon(POSITION, 400)[0]
    found = prior_fit.labelled(node)
    assert found is not None
    x, values = found
    children = quiet_results(node)
    assert x.shape == (len(children), FEATURES) and values.shape == (len(children),)
    for child, value in zip(children, values, strict=True):
        assert (value == -prior_fit.LOST) == can_win_now(child)


def test_the_fit_finds_planted_weights() -> None:
    rng = np.random.default_rng(3)
    planted = rng.normal(size=(len(GODS), FEATURES))
    rows = []
    for node in range(300):
        god = node % len(GODS)
        x = rng.integers(0, 4, size=(20, FEATURES)).astype(float)
        rows.append(
            (god, x, x @ planted[god] + 7.0 * (node % 10))
        )  # a node's offset does not matter
    weights = prior_fit.fit(rows, ridge=1e-6)
    assert np.allclose(weights, planted, atol=1e-3)


def test_the_recipe_writes_a_prior_the_engine_reads(tmp_path: Path) -> None:
    out = tmp_path / "prior.npz"
    assert prior_fit.main(["--out", str(out), "--positions", "3", "--nodes", "300"]) == 0
    prior = MovePrior.from_file(out)
    assert prior.weights.shape == (len(GODS), FEATURES)
    again = tmp_path / "again.npz"
    prior_fit.main(["--out", str(again), "--positions", "3", "--nodes", "300"])
    assert np.array_equal(np.load(out)["weights"], np.load(again)["weights"])
