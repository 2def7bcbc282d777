"""The evaluation knows Santorini: height, threats and whether they can be stopped, the gods."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from santorini_hw.hints.evaluation import (
    FEATURES,
    HAND_SET,
    Weights,
    all_features,
    evaluate,
    load_weights,
    use_weights,
)
from santorini_hw.rules.gods import SIMPLE_GODS
from santorini_hw.rules.position import Position
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
    assert evaluate(far, 0) > evaluate(near, 0) + 100


def test_two_threats_are_worth_more_than_one() -> None:
    one = board({"A": ["c3", "a1"], "B": ["e5", "e1"]}, heights={"c3": 2, "d4": 3}, to_move="B")
    two = board(
        {"A": ["c3", "a1"], "B": ["e5", "e1"]},
        heights={"c3": 2, "d4": 3, "b4": 3},
        to_move="B",
    )
    assert evaluate(two, 0) > evaluate(one, 0) + 100


def unguarded(position: Position, side: int) -> int:
    return all_features(position)[side][1][FEATURES.index("unguarded")]


def test_a_level_two_worker_is_unguarded_while_no_opposing_worker_is_within_two_cells() -> None:
    heights = {"b2": 2, "a1": 2}
    far = board({"A": ["b2", "e1"], "B": ["e5", "e4"]}, heights=heights, to_move="B")
    near = board({"A": ["b2", "e1"], "B": ["e5", "d4"]}, heights=heights, to_move="B")
    beside = board({"A": ["b2", "e1"], "B": ["e5", "c3"]}, heights=heights, to_move="B")
    assert [unguarded(p, 0) for p in (far, near, beside)] == [1, 0, 0]
    assert unguarded(far, 1) == 0  # B stands on level 0
    high_b = board({"A": ["c3", "e1"], "B": ["a1", "e5"]}, heights=heights, to_move="A")
    assert unguarded(high_b, 1) == 0  # A's worker on c3 is two cells from a1
    assert unguarded(board({"A": ["e3", "e1"], "B": ["a1", "e5"]}, heights=heights), 1) == 1


def test_an_unguarded_level_two_worker_is_worth_more_than_one_watched() -> None:
    heights = {"b2": 2}
    far = board({"A": ["b2", "e1"], "B": ["e5", "e4"]}, heights=heights, to_move="B")
    near = board({"A": ["b2", "e1"], "B": ["e5", "d4"]}, heights=heights, to_move="B")
    assert evaluate(far, 0) > evaluate(near, 0)
    assert load_weights().base[FEATURES.index("unguarded")] > 0
    assert "unguarded" in HAND_SET


def feature(position: Position, side: int, name: str) -> int:
    return all_features(position)[side][1][FEATURES.index(name)]


def test_neighbour_height_counts_each_free_cell_up_to_one_level_above_the_worker() -> None:
    heights = {"b2": 1, "b3": 2, "b4": 3, "c4": 3, "d2": 1, "d3": 2}
    workers = {"A": ["c3", "e1"], "B": ["d3", "a5"]}
    ground = board(workers, heights=heights, domes=["d2"], to_move="B")
    # from c3 on level 0: b2, b3, b4 and c4 count one each; the dome and B's worker do not
    assert feature(ground, 0, "neighbour_height") == 4
    # from d3 on level 2: c4 counts 3 (c3 is taken); from a5 on level 0: b4 counts 1
    assert feature(ground, 1, "neighbour_height") == 4
    raised = board(workers, heights=heights | {"c3": 1}, domes=["d2"], to_move="B")
    assert feature(raised, 0, "neighbour_height") == 1 + 2 + 2 + 2
    flat = board({"A": ["a1", "e1"], "B": ["a5", "e5"]}, to_move="B")
    assert feature(flat, 0, "neighbour_height") == 0


def test_level_two_territory_is_the_free_level_two_cells_a_side_reaches_first() -> None:
    heights = {"b2": 2, "d4": 2, "c3": 2, "a3": 3, "b1": 2}
    first = board({"A": ["a1", "a2"], "B": ["e5", "e4"]}, heights=heights, domes=["b1"])
    # b2 is A's, d4 B's, c3 as near to both (two steps); level 3 and the dome count for none
    assert [feature(first, side, "level2_territory") for side in (0, 1)] == [1, 1]
    shifted = board({"A": ["b3", "a2"], "B": ["e5", "e4"]}, heights=heights, domes=["b1"])
    assert [feature(shifted, side, "level2_territory") for side in (0, 1)] == [2, 1]


def test_building_material_and_territory_are_worth_points_set_by_hand() -> None:
    heights = {"b2": 2, "b3": 1}
    near = board({"A": ["a2", "e1"], "B": ["e5", "e4"]}, heights=heights, to_move="B")
    far = board({"A": ["a5", "e1"], "B": ["e3", "e4"]}, heights=heights, to_move="B")
    assert evaluate(near, 0) > evaluate(far, 0)
    weights = load_weights()
    for name in ("neighbour_height", "level2_territory"):
        assert name in HAND_SET and weights.base[FEATURES.index(name)] > 0


def test_athena_block_cancels_the_opponents_climbing_threat() -> None:
    fields = {"workers": {"A": ["c3", "a1"], "B": ["e5", "e1"]}, "heights": {"c3": 2, "d4": 3}}
    gods = {"A": None, "B": "Athena"}
    free = board(**fields, gods=gods, to_move="A")
    blocked = board(**fields, gods=gods, to_move="A", athena_moved_up=True)
    assert evaluate(free, 0) > evaluate(blocked, 0)


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


def test_every_god_has_weights_of_its_own() -> None:
    weights = load_weights()
    plain = weights.side_weights(None)
    assert all(weights.side_weights(god) != plain for god in SIMPLE_GODS)


def test_the_shipped_weights_say_how_they_were_fitted() -> None:
    document = json.loads(
        resources.files("santorini_hw.hints").joinpath("weights.json").read_text()
    )
    assert document["features"] == list(FEATURES)
    assert document["source"].startswith("tools/fit_evaluation.py")
    assert "--seed" in document["source"]
    assert re.fullmatch(r"self-play by the engine of commit [0-9a-f]{7,40}", document["engine"])


def test_weights_for_other_features_are_refused() -> None:
    document = {"features": ["level1"], "god_features": [], "base": [1], "gods": {}, "tempo": 0}
    with pytest.raises(ValueError, match="features"):
        Weights.from_json(document)


def test_other_weights_change_the_evaluation_until_put_back() -> None:
    position = board({"A": ["b2", "c3"], "B": ["e5", "e4"]}, heights={"b2": 1}, to_move="B")
    shipped = load_weights()
    before = evaluate(position, 0)
    doubled = shipped._replace(base=tuple(2 * w for w in shipped.base), tempo=2 * shipped.tempo)
    try:
        use_weights(doubled)
        assert evaluate(position, 0) == pytest.approx(2 * before, abs=1)
    finally:
        use_weights(shipped)
    assert evaluate(position, 0) == before


def test_a_threat_out_of_every_opponents_reach_counts_as_unstoppable() -> None:
    heights = {"c3": 2}
    gods = {"A": "Pan"}
    far = board({"A": ["c3", "a1"], "B": ["a5", "a4"]}, heights=heights, gods=gods)
    assert evaluate(far._replace(to_move=1), 0) > 200


def test_a_trapped_side_is_nearly_lost() -> None:
    domes = ["a2", "b2", "b1"]
    trapped = board({"A": ["a1", "e5"], "B": ["c3", "d4"]}, domes=domes, heights={"d5": 2, "e4": 2})
    free = board({"A": ["a1", "e5"], "B": ["c3", "d4"]}, domes=domes)
    assert evaluate(trapped._replace(to_move=1), 0) < evaluate(free._replace(to_move=1), 0) - 100


def test_three_players_are_judged_against_the_strongest_opponent() -> None:
    gods = {"A": "Atlas", "B": "Pan", "C": "Demeter"}
    workers = {"A": ["a1", "a2"], "B": ["e1", "e2"], "C": ["c5", "a5"]}
    weak = board(workers, gods=gods)
    strong = board(workers, heights={"c5": 2, "d5": 3}, gods=gods)  # C threatens d5
    assert evaluate(strong, 0) < evaluate(weak, 0)
