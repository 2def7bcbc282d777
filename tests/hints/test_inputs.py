"""The network's inputs counted in C: exactly the Python count, and clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints import inputs
from santorini_hw.hints.batch_features import WORTH_FROM
from santorini_hw.hints.evaluation import FEATURES
from santorini_hw.hints.inputs import CELL_BITS, CELLS, SIDE_FEATURES, encode, encode_in_python
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.position import Position
from tests.hints.strategies import GODS, board, positions


def _same(batch: list[Position]) -> None:
    for c_array, python_array in zip(encode(batch), encode_in_python(batch), strict=True):
        assert c_array.dtype == python_array.dtype
        assert c_array.shape == python_array.shape
        assert c_array.tolist() == python_array.tolist()


def test_this_installation_counts_in_c() -> None:
    """`dev.py test` builds the extension; a build that failed would fall back silently."""
    assert inputs.counted_in_c()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GODS).flatmap(lambda god: positions(god=god, players=2)))
def test_the_c_count_is_the_python_count(position: Position) -> None:
    """Random boards (workers up to level 3, Athena's block either way) of every pairing
    of the simple gods and none, from both seats; alone, in a small batch and in one large
    enough for Python's numpy count."""
    children = quiet_outcomes(position)
    _same([position])
    _same([position, position._replace(to_move=1), *children[:3]])
    _same([position, *children][: max(WORTH_FROM, len(children) + 1)])


def test_a_threat_only_a_god_sees_is_counted_as_python_counts_it() -> None:
    """Artemis' two steps, Pan's drop and Minotaur's push decide the threat features."""
    heights = {"b2": 1, "c3": 2, "d4": 3, "a1": 2, "b1": 0, "e5": 2}
    for gods in ({"A": "Artemis", "B": "Pan"}, {"A": "Minotaur", "B": "Apollo"}):
        start = board({"A": ["b2", "a1"], "B": ["c2", "e5"]}, heights=heights, gods=gods)
        _same([start, *quiet_outcomes(start)])
    features, _, _ = encode([start])
    threat = FEATURES.index("threat")
    assert features[0, threat] == 0  # Minotaur cannot climb onto d4 from b2
    assert features[0, len(FEATURES) + threat] == 1  # Apollo on e5 can


def test_an_empty_batch_has_no_rows() -> None:
    features, gods, board_bits = encode([])
    assert features.shape == (0, SIDE_FEATURES)
    assert gods.shape == (0, 2)
    assert board_bits.shape == (0, CELLS * CELL_BITS)


def test_a_god_the_network_does_not_know_is_refused() -> None:
    start = board({"A": ["b2", "a1"], "B": ["c2", "e5"]}, gods={"A": "Zeus", "B": "Pan"})
    start = start._replace(cards=None)
    with pytest.raises(ValueError, match="knows no god"):
        encode([start])


def test_a_three_player_game_is_refused() -> None:
    start = board({"A": ["a1", "a2"], "B": ["c3", "c4"], "C": ["e5", "e4"]})
    with pytest.raises(ValueError, match="two-player games only"):
        encode([start])


def test_arrays_of_the_wrong_size_are_refused() -> None:
    start = board({"A": ["b2", "a1"], "B": ["c2", "e5"]}, gods={"A": "Pan", "B": "Atlas"})
    assert inputs._inputs is not None
    features = np.empty((1, SIDE_FEATURES), np.float32)
    gods = np.empty((1, 2), np.int64)
    too_small = np.empty((1, CELLS), np.float32)
    with pytest.raises(ValueError, match="board holds"):
        inputs._inputs.encode([start], features, gods, too_small)
    with pytest.raises(TypeError, match="not a Position"):
        inputs._inputs.encode(
            [(1, 2)], features, gods, np.empty((1, CELLS * CELL_BITS), np.float32)
        )
