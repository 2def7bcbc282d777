"""The evaluation's features counted with numpy for a batch: exactly `all_features`."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints.batch_features import WORTH_FROM, _dilated, batch_features
from santorini_hw.hints.evaluation import all_features
from santorini_hw.hints.inputs import encode_in_python as encode
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.position import Position
from tests.hints.strategies import GODS, board, positions


def _mover_first(position: Position) -> list[int]:
    sides = all_features(position)
    return sides[position.side][1] + sides[1 - position.side][1]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(GODS).flatmap(lambda god: positions(god=god, players=2)))
def test_every_row_is_the_positions_features_mover_first(position: Position) -> None:
    """Random boards (workers up to level 3, Athena's block either way) of every pairing
    of the simple gods and none, from both seats, and the positions their turns reach."""
    batch = [position, position._replace(to_move=1), *quiet_outcomes(position)]
    counted = batch_features(batch)
    assert counted is not None
    assert counted.tolist() == [_mover_first(each) for each in batch]


def test_a_threat_only_a_god_sees_is_counted_as_the_python_counts_it() -> None:
    """Artemis' two steps, Pan's drop and Minotaur's push decide the threat features."""
    heights = {"b2": 1, "c3": 2, "d4": 3, "a1": 2, "b1": 0, "e5": 2}
    for gods in ({"A": "Artemis", "B": "Pan"}, {"A": "Minotaur", "B": "Apollo"}):
        start = board({"A": ["b2", "a1"], "B": ["c2", "e5"]}, heights=heights, gods=gods)
        batch = [start, *quiet_outcomes(start)]
        counted = batch_features(batch)
        assert counted is not None
        assert counted.tolist() == [_mover_first(each) for each in batch]
        assert counted[0].tolist() != [0] * len(counted[0])


def test_dilation_is_the_union_of_the_cells_neighbours() -> None:
    rng = random.Random(3)
    masks = [rng.getrandbits(25) & rng.getrandbits(25) for _ in range(200)]
    expected = []
    for mask in masks:
        around = 0
        for cell in cells_of(mask):
            around |= NEIGHBOURS[cell]
        expected.append(around)
    assert _dilated(np.array(masks, np.int64)).tolist() == expected


def test_games_outside_the_networks_are_left_to_python() -> None:
    two = board({"A": ["b2", "d4"], "B": ["b4", "d2"]}, gods={"A": "Atlas", "B": "Pan"})
    advanced = board({"A": ["b2", "d4"], "B": ["b4", "d2"]}, gods={"A": "Zeus", "B": "Pan"})
    three = board(
        {"A": ["b2", "d4"], "B": ["b4", "d2"], "C": ["a1", "e5"]},
        gods={"A": "Atlas", "B": "Pan", "C": "Hermes"},
    )
    alone = two._replace(workers=(two.workers[0] & -two.workers[0], two.workers[1]))
    other_lineup = board({"A": ["b2", "d4"], "B": ["b4", "d2"]}, gods={"A": "Atlas", "B": "Hera"})
    assert batch_features([advanced]) is None
    assert batch_features([three]) is None
    assert batch_features([two, alone]) is None
    assert batch_features([two, other_lineup]) is None
    assert batch_features([two]) is not None


def test_the_network_reads_the_same_features_in_a_large_batch_as_one_by_one() -> None:
    start = board(
        {"A": ["b2", "c3"], "B": ["d4", "c4"]},
        heights={"b2": 1, "c3": 1, "d4": 2, "b3": 2, "c2": 1, "e5": 1},
        gods={"A": God.DEMETER.value, "B": God.ATHENA.value},
    )
    children = quiet_outcomes(start)
    assert len(children) >= WORTH_FROM
    together = encode(children)
    alone = [encode([child]) for child in children]
    for part in range(3):
        assert np.array_equal(together[part], np.concatenate([one[part] for one in alone]))
