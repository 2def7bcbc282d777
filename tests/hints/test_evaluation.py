"""The evaluation knows Santorini: height, threats and whether they can be stopped, the gods."""

from __future__ import annotations

from santorini_hw.hints.evaluation import evaluate
from tests.hints.strategies import board


def test_standing_higher_is_better() -> None:
    low = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, heights={"b2": 1}, to_move="B")
    high = board({"A": ["b2", "c3"], "B": ["e5", "e4"]}, heights={"b2": 1}, to_move="B")
    assert evaluate(high, 0) > evaluate(low, 0)
    assert evaluate(high, 1) < evaluate(low, 1)


def test_an_unstoppable_threat_is_worth_more_than_one_that_can_be_domed() -> None:
    heights = {"c3": 2, "d4": 3}
    far = board({"A": ["c3", "a1"], "B": ["a5", "a4"]}, heights=heights, to_move="B")
    near = board({"A": ["c3", "a1"], "B": ["e5", "a4"]}, heights=heights, to_move="B")
    assert evaluate(far, 0) > evaluate(near, 0) + 300


def test_two_threats_are_worth_more_than_one() -> None:
    one = board({"A": ["c3", "a1"], "B": ["e5", "e1"]}, heights={"c3": 2, "d4": 3}, to_move="B")
    two = board(
        {"A": ["c3", "a1"], "B": ["e5", "e1"]},
        heights={"c3": 2, "d4": 3, "b4": 3},
        to_move="B",
    )
    assert evaluate(two, 0) > evaluate(one, 0) + 100


def test_athena_block_cancels_the_opponents_climbing_threat() -> None:
    fields = {"workers": {"A": ["c3", "a1"], "B": ["e5", "e1"]}, "heights": {"c3": 2, "d4": 3}}
    gods = {"A": None, "B": "Athena"}
    free = board(**fields, gods=gods, to_move="A")
    blocked = board(**fields, gods=gods, to_move="A", athena_moved_up=True)
    assert evaluate(free, 0) > evaluate(blocked, 0) + 50


def test_pan_on_level_two_threatens_a_drop() -> None:
    heights = {"c3": 2}
    pan = board({"A": ["c3", "a1"], "B": ["e5", "e1"]}, heights=heights, gods={"A": "Pan"})
    plain = board({"A": ["c3", "a1"], "B": ["e5", "e1"]}, heights=heights)
    assert evaluate(pan._replace(to_move=1), 0) > evaluate(plain._replace(to_move=1), 0) + 50


def test_apollo_counts_moves_onto_opponents() -> None:
    fields = {"workers": {"A": ["a1", "b1"], "B": ["a2", "b2"]}, "domes": ["c1", "c2"]}
    apollo = board(**fields, gods={"A": "Apollo"}, to_move="B")
    plain = board(**fields, to_move="B")
    assert evaluate(apollo, 0) > evaluate(plain, 0)


def test_artemis_range_counts_cells_two_moves_away() -> None:
    fields = {"workers": {"A": ["c3", "a1"], "B": ["e5", "e1"]}}
    artemis = board(**fields, gods={"A": "Artemis"}, to_move="B")
    plain = board(**fields, to_move="B")
    assert evaluate(artemis, 0) > evaluate(plain, 0)


def test_atlas_in_reach_cancels_a_near_threat() -> None:
    """A free level-2 cell next to A's level-2 worker: Atlas can dome it before it grows."""
    heights = {"c3": 2, "d4": 2}
    fields = {"workers": {"A": ["c3", "a1"], "B": ["e5", "a5"]}, "heights": heights}
    against_atlas = board(**fields, gods={"B": "Atlas"}, to_move="B")
    against_pan = board(**fields, gods={"B": "Pan"}, to_move="B")
    assert evaluate(against_atlas, 0) < evaluate(against_pan, 0)


def test_a_threat_out_of_every_opponents_reach_counts_as_unstoppable() -> None:
    heights = {"c3": 2}
    gods = {"A": "Pan"}
    far = board({"A": ["c3", "a1"], "B": ["a5", "a4"]}, heights=heights, gods=gods)
    assert evaluate(far._replace(to_move=1), 0) > 600


def test_a_trapped_side_is_nearly_lost() -> None:
    domes = ["a2", "b2", "b1"]
    trapped = board({"A": ["a1", "e5"], "B": ["c3", "d4"]}, domes=domes, heights={"d5": 2, "e4": 2})
    free = board({"A": ["a1", "e5"], "B": ["c3", "d4"]}, domes=domes)
    assert evaluate(trapped._replace(to_move=1), 0) < evaluate(free._replace(to_move=1), 0) - 300


def test_three_players_are_judged_against_the_strongest_opponent() -> None:
    gods = {"A": "Atlas", "B": "Pan", "C": "Demeter"}
    weak = board({"A": ["a1", "a2"], "B": ["e5", "e4"], "C": ["c3", "c1"]}, gods=gods)
    strong = board(
        {"A": ["a1", "a2"], "B": ["e5", "e4"], "C": ["c3", "c1"]},
        heights={"c3": 2, "d3": 3},
        gods=gods,
    )
    assert evaluate(strong, 0) < evaluate(weak, 0)
