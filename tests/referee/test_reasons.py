"""The rule an illegal board breaks, named from the board before and the board found."""

from __future__ import annotations

from typing import Any

from santorini_hw.referee.board_view import position_view
from santorini_hw.referee.reasons import explain
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.rules.turn import TurnState, apply_action, start_turn


def _position(workers: dict[str, list[str]], **more: Any) -> dict[str, Any]:
    return {"workers": workers, "to_move": "A", **more}


def _reason(before: dict[str, Any], found: dict[str, Any], played: str = "") -> str | None:
    turn: TurnState = start_turn(position_from_json(before))
    for action in parse_actions(played):
        turn = apply_action(turn, action)
    return explain(turn, position_view(position_from_json(found)))


BEFORE = {"A": ["a1", "e5"], "B": ["c5", "e1"]}


def test_a_worker_cannot_climb_two_levels() -> None:
    heights = {"b2": 2}
    found = {"A": ["b2", "e5"], "B": ["c5", "e1"]}
    reason = _reason(_position(BEFORE, heights=heights), _position(found, heights=heights))
    assert reason == "a worker cannot climb two levels"


def test_athena_moved_up_forbids_moving_up() -> None:
    gods = {"A": None, "B": "Athena"}
    before = _position(BEFORE, heights={"b2": 1}, gods=gods, athena_moved_up=True)
    found = _position({"A": ["b2", "e5"], "B": ["c5", "e1"]}, heights={"b2": 1}, gods=gods)
    assert _reason(before, found) == "Athena moved up: no moving up this turn"


def test_a_worker_moves_to_a_neighbouring_space() -> None:
    found = _position({"A": ["c3", "e5"], "B": ["c5", "e1"]})
    assert _reason(_position(BEFORE), found) == "a worker moves one space, to a neighbouring space"


def test_a_worker_cannot_move_onto_a_dome() -> None:
    before = _position(BEFORE, domes=["b1"])
    turn = start_turn(position_from_json(before))
    view = position_view(turn.board)
    a1, b1 = 1 << parse_cell("a1"), 1 << parse_cell("b1")
    found = view._replace(workers=view.workers & ~a1 | b1)
    assert explain(turn, found) == "a worker cannot move onto a dome"


def test_moving_the_opponents_worker_names_whose_turn_it_is() -> None:
    found = _position({"A": ["a1", "e5"], "B": ["d5", "e1"]})
    assert _reason(_position(BEFORE), found) == "it is A's turn: move one of A's workers"


def test_a_second_move_is_refused_after_the_move() -> None:
    found = _position({"A": ["b2", "d5"], "B": ["c5", "e1"]})
    assert _reason(_position(BEFORE), found, "a1-b2") == "the worker has moved: now build"


def test_building_before_moving_is_refused() -> None:
    found = _position(BEFORE, heights={"b1": 1})
    assert _reason(_position(BEFORE), found) == "move a worker first, then build"


def test_a_build_goes_next_to_the_worker_that_moved() -> None:
    moved = {"A": ["b2", "e5"], "B": ["c5", "e1"]}
    found = _position(moved, heights={"d4": 1})
    assert _reason(_position(BEFORE), found, "a1-b2") == "build next to the worker that moved"


def test_a_move_and_a_bad_build_together_name_the_build() -> None:
    found = _position({"A": ["b2", "e5"], "B": ["c5", "e1"]}, heights={"d4": 1})
    assert _reason(_position(BEFORE), found) == "build next to the worker that moved"


def test_a_dome_goes_only_on_a_level_three_tower() -> None:
    moved = {"A": ["b2", "e5"], "B": ["c5", "e1"]}
    found = _position(moved, domes=["c2"])
    assert _reason(_position(BEFORE), found, "a1-b2") == "a dome goes only on a level-3 tower"


def test_atlas_may_dome_at_any_level() -> None:
    moved = {"A": ["b2", "e5"], "B": ["c5", "e1"]}
    gods = {"A": "Atlas", "B": None}
    before = _position(BEFORE, gods=gods)
    assert _reason(before, _position(moved, domes=["c2"], gods=gods), "a1-b2") is None


def test_demeters_second_build_is_not_on_the_same_space() -> None:
    gods = {"A": "Demeter", "B": None}
    moved = {"A": ["b2", "e5"], "B": ["c5", "e1"]}
    found = _position(moved, heights={"c2": 2}, gods=gods)
    reason = _reason(_position(BEFORE, gods=gods), found, "a1-b2 c2")
    assert reason == "Demeter's second build cannot be on the same space"


def test_a_second_build_without_a_power_means_the_turn_is_done() -> None:
    moved = {"A": ["b2", "e5"], "B": ["c5", "e1"]}
    found = _position(moved, heights={"c2": 1, "c1": 1})
    reason = _reason(_position(BEFORE), found, "a1-b2 c2")
    assert reason == "this turn's build is made: the turn is done"


def test_taking_a_piece_away_is_named() -> None:
    before = _position(BEFORE, heights={"c3": 2})
    found = _position(BEFORE, heights={"c3": 1})
    assert _reason(before, found) == "a piece once built stays: put it back"


def test_a_worker_still_in_the_hand_has_no_reason() -> None:
    turn = start_turn(position_from_json(_position(BEFORE)))
    view = position_view(turn.board)
    assert explain(turn, view._replace(workers=view.workers & ~(1 << parse_cell("a1")))) is None


def test_chaos_holding_artemis_is_told_artemis_rules_not_move_then_build() -> None:
    chaos = {"gods": {"A": "Chaos"}, "chaos": {"A": {"power": "Artemis", "deck": ["Pan"]}}}
    found = _position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, **chaos)
    reason = _reason(_position(BEFORE, **chaos), found, "a1-b2")
    assert reason == "Artemis cannot move back to the space she started from"


def test_circe_holding_prometheus_may_build_before_moving() -> None:
    gods = {"A": "Circe", "B": "Prometheus"}  # B's workers apart: Circe takes his power
    found = _position(BEFORE, heights={"b1": 2}, gods=gods)
    assert _reason(_position(BEFORE, heights={"b1": 1}, gods=gods), found) is None


def test_dionysus_extra_turn_with_his_own_worker_is_told_to_move_an_opponents() -> None:
    before = _position(BEFORE, gods={"A": "Dionysus"}, extra_turns=1)
    found = _position({"A": ["b2", "e5"], "B": ["c5", "e1"]}, gods={"A": "Dionysus"})
    assert _reason(before, found) == "A's extra turn (Dionysus) moves an opponent's worker"
