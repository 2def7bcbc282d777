"""The move prior's board scores in C: exactly the Python scores, and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints import prior_turns
from santorini_hw.hints.prior import MovePrior, shipped_prior
from santorini_hw.hints.prior_turns import board_score, build_change, likeliest_turns
from santorini_hw.rules.outcomes import build_area, builds, mover
from santorini_hw.rules.position import Position
from tests.hints.strategies import GODS, positions


def test_this_installation_scores_in_c() -> None:
    """`dev.py test` builds the extension; a build that failed would fall back silently."""
    assert prior_turns._prior_scores is not None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GODS).flatmap(lambda god: positions(god=god, players=2)))
def test_the_c_scores_are_the_python_scores(position: Position) -> None:
    """Random boards (workers up to level 3, which the prior counts as level 2) of every
    simple god and none, both sides' weights, and every build the player's workers could make."""
    scores = prior_turns._prior_scores
    assert scores is not None
    prior = shipped_prior()
    board, workers, side, god, _ = mover(position)
    row = prior.row_of(god)
    weights, packed = prior.plain[row], prior.packed[row]
    for mine, theirs in ((workers[side], workers[1 - side]), (workers[1 - side], workers[side])):
        assert scores.board_score(packed, board, mine, theirs) == board_score(
            weights, board, mine, theirs
        )
        for built in builds(board, build_area(board, workers, mine), god):
            assert scores.build_change(packed, board, built, mine, theirs) == build_change(
                weights, board, built, mine, theirs
            )


def test_weights_that_are_not_a_priors_are_refused() -> None:
    scores = prior_turns._prior_scores
    assert scores is not None
    with pytest.raises(ValueError, match="packed weights"):
        scores.board_score(b"\0" * 12, (0, 0, 0, 0), 1, 2)
    packed = MovePrior([[0] * 34] * 11).packed[0]
    with pytest.raises(TypeError, match="four bitboards"):
        scores.build_change(packed, (0, 0, 0), (0, 0, 0, 0), 1, 2)
    assert scores.board_score(packed, (0, 0, 0, 0), 1, 2) == 0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GODS[1:]).flatmap(lambda god: positions(god=god, players=2)))
def test_without_the_c_scores_the_prior_keeps_the_same_turns(position: Position) -> None:
    """An installation without a C compiler scores in Python and keeps the same turns."""
    prior = shipped_prior()
    in_c = likeliest_turns(prior, position, 12, 0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prior_turns, "_prior_scores", None)
        in_python = likeliest_turns(prior, position, 12, 0)
    assert in_python == in_c
