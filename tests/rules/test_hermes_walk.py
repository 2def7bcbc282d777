"""Hermes' walk in C: the same placements in the same order as the Python walk."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from santorini_hw.rules import outcomes
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import hermes_placements, hermes_placements_in_python, mover
from santorini_hw.rules.position import Position
from tests.hints.strategies import positions


def test_this_installation_walks_in_c() -> None:
    """`dev.py test` builds the extension; a build that failed would fall back silently."""
    assert outcomes._hermes is not None


@settings(max_examples=300, deadline=None)
@given(positions(god=God.HERMES))
def test_the_c_walk_is_the_python_walk(position: Position) -> None:
    """Random boards of two, three and four players (teams), every side's workers: the
    same placements in the same order (the search breaks ties by it)."""
    board, workers, _, _, _ = mover(position)
    for side in range(len(workers)):
        in_c = hermes_placements(board, workers, side)
        assert in_c == hermes_placements_in_python(board, workers, side)
        assert in_c[0] is workers  # no step at all comes first


def test_a_flat_empty_board_lets_two_workers_reach_every_pair_of_cells() -> None:
    placements = hermes_placements((0, 0, 0, 0), (1 << 0 | 1 << 24, 1 << 12), 0)
    assert len(placements) == 24 * 23 // 2  # every pair of the 24 cells not held by B
    assert len(set(placements)) == len(placements)


def test_bad_arguments_are_refused() -> None:
    walk = outcomes._hermes
    assert walk is not None
    with pytest.raises(TypeError, match="placements"):
        walk.placements((0, 0, 0), (1, 2), 0)
    with pytest.raises(ValueError, match="no such side"):
        walk.placements((0, 0, 0, 0), (1, 2), 2)
