"""The move prior's turns without generating every turn (`prior_turns`): with every move
looked at they are exactly the node's quiet turns in the order of the prior's own
scores, for every simple god; with a few they are the best-scored of those moves' turns."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints.inputs import GODS
from santorini_hw.hints.ordering import move_id
from santorini_hw.hints.prior import FEATURES, MovePrior, shipped_prior
from santorini_hw.hints.prior_turns import likeliest_turns
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import quiet_results
from tests.hints.strategies import board, positions

GODS_OF_THE_PRIOR = [None, *(god for god in God if god.is_simple)]
EVERY_MOVE = 10_000


def _random_prior(seed: int) -> MovePrior:
    """Weights drawn at random, a row per god: ties between turns are rare."""
    return MovePrior(np.random.default_rng(seed).normal(size=(len(GODS), FEATURES)) * 8)


def _in_score_order(prior: MovePrior, position: Position, kept: list[Position]) -> bool:
    scores = prior.scores(position, kept).tolist() if kept else []
    return bool(scores == sorted(scores, reverse=True))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(GODS_OF_THE_PRIOR).flatmap(lambda god: positions(god=god, players=2)))
def test_with_every_move_looked_at_they_are_the_quiet_turns_by_the_priors_scores(
    position: Position,
) -> None:
    everything = quiet_results(position)
    for prior in (shipped_prior(), _random_prior(len(everything))):
        kept, ids, pruned = likeliest_turns(prior, position, EVERY_MOVE, 0, EVERY_MOVE)
        assert len(kept) == len(set(kept)) and set(kept) == set(everything)
        assert _in_score_order(prior, position, kept)
        assert ids == [move_id(position, child, position.side) for child in kept]
        assert not pruned


@pytest.mark.parametrize("god", GODS_OF_THE_PRIOR, ids=str)
def test_every_god_on_a_built_up_board(god: God | None) -> None:
    position = board(
        {"A": ["b2", "c3"], "B": ["d4", "b4"]},
        heights={"b2": 1, "c3": 2, "c2": 1, "d3": 2, "b3": 3, "c4": 1, "a1": 2, "d2": 0},
        domes=["e5"],
        gods={"A": god.value if god else None, "B": "Pan"},
    )
    prior = _random_prior(7)
    kept, _, pruned = likeliest_turns(prior, position, EVERY_MOVE, 0, EVERY_MOVE)
    assert set(kept) == set(quiet_results(position)) and not pruned
    assert _in_score_order(prior, position, kept)


def test_prometheus_stepping_down_onto_her_own_first_build_is_scored_on_that_build() -> None:
    """Her worker on level 2 builds c2 up to level 1 and steps down onto it: its level is
    the build's, not the bare cell's."""
    position = board(
        {"A": ["c3", "a5"], "B": ["e1", "e5"]},
        heights={"c3": 2},
        gods={"A": "Prometheus", "B": "Atlas"},
    )
    on_the_build = [
        child
        for child in quiet_results(position)
        if child.workers[0] >> 7 & 1 and child.l1 >> 7 & 1
    ]
    assert on_the_build
    prior = _random_prior(3)
    kept, _, _ = likeliest_turns(prior, position, EVERY_MOVE, 0, EVERY_MOVE)
    assert set(on_the_build) <= set(kept)
    assert _in_score_order(prior, position, kept)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(GODS_OF_THE_PRIOR).flatmap(lambda god: positions(god=god, players=2)))
def test_a_few_moves_keep_the_best_of_their_turns(position: Position) -> None:
    everything = set(quiet_results(position))
    prior = _random_prior(len(everything))
    kept, _, pruned = likeliest_turns(prior, position, 12, 0)
    assert set(kept) <= everything
    assert len(kept) == min(12, len(everything))
    assert pruned == (len(everything) > 12)
    assert _in_score_order(prior, position, kept)


def test_the_tables_turn_is_kept_after_them() -> None:
    position = board(
        {"A": ["b2", "d4"], "B": ["b4", "d2"]},
        heights={"c3": 1},
        gods={"A": "Demeter", "B": "Hermes"},
    )
    prior = _random_prior(2)
    every, _, _ = likeliest_turns(prior, position, EVERY_MOVE, 0, EVERY_MOVE)
    worst = every[-1]
    hint = move_id(position, worst, 0)
    kept, ids, pruned = likeliest_turns(prior, position, 3, hint, EVERY_MOVE)
    assert kept[:3] == every[:3] and kept[3] == worst and len(kept) == 4
    assert ids == [move_id(position, child, 0) for child in kept] and pruned
    assert likeliest_turns(prior, position, 3, 12345, EVERY_MOVE)[0] == every[:3]
