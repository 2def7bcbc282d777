"""Base game rules, the rulings other engines get wrong, and step-wise turns."""

from __future__ import annotations

import pytest

from santorini_hw.rules.actions import parse_action
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turn import (
    IllegalActionError,
    can_end,
    legal_actions,
    play,
    start_turn,
)
from santorini_hw.rules.turns import generate_turns, perft, winning_turn_exists
from tests.rules.helpers import position, turns_by_text, worker_cells


def test_a_turn_is_a_move_then_a_build_by_the_same_worker() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}))
    assert "a1-a2 a3" in turns
    assert "a1-a2 e4" not in turns  # e4 is next to the other worker only
    assert all(len(turn.actions) == 2 for turn in turns.values())


def test_workers_move_up_at_most_one_level_and_down_any_amount() -> None:
    start = position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b3": 2, "c3": 1, "b2": 0})
    moves = {t.actions[0].text() for t in generate_turns(start)}
    assert "b2-c3" in moves and "b2-b3" not in moves
    down = position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 3})
    assert "b2-b1" in {t.actions[0].text() for t in generate_turns(down)}


def test_workers_cannot_enter_domes_or_occupied_cells() -> None:
    start = position({"A": ["a1", "e5"], "B": ["a2", "e1"]}, domes=["b1"])
    moves = {t.actions[0].text() for t in generate_turns(start)}
    assert "a1-b2" in moves and "a1-a2" not in moves and "a1-b1" not in moves


def test_building_on_level_three_places_a_dome() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, heights={"a3": 3}))
    assert "a1-a2 a3X" in turns and "a1-a2 a3" not in turns
    assert position_to_json(turns["a1-a2 a3X"].result)["domes"] == ["a3"]


def test_moving_up_onto_level_three_wins_without_building() -> None:
    start = position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 2, "c3": 3})
    winning = [t for t in generate_turns(start) if t.winner]
    assert [t.actions for t in winning] == [(parse_action("b2-c3"),)]
    assert winning[0].winner == "A"
    assert winning_turn_exists(start)


def test_sideways_move_from_level_three_to_level_three_does_not_win() -> None:
    start = position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 3, "c3": 3})
    assert not any(t.winner for t in generate_turns(start))
    assert not winning_turn_exists(start)


def test_a_move_that_leaves_no_build_is_not_legal() -> None:
    # Apollo swaps into b1: the opponent lands on a1 and every other neighbour of b1 is domed.
    start = position(
        {"A": ["a1", "e5"], "B": ["b1", "e1"]},
        gods={"A": "Apollo"},
        domes=["a2", "b2", "c1", "c2"],
    )
    assert not any(t.actions[0].text() == "a1-b1" for t in generate_turns(start))
    assert parse_action("a1-b1") not in legal_actions(start_turn(start))


def test_a_worker_with_no_move_cannot_be_chosen() -> None:
    trapped = position({"A": ["a1", "e5"], "B": ["e1", "d1"]}, domes=["a2", "b1", "b2"])
    assert all(t.actions[0].src != 0 for t in generate_turns(trapped))


def test_the_player_chooses_which_worker_to_move() -> None:
    start = position({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    movers = {t.actions[0].text()[:2] for t in generate_turns(start)}
    assert movers == {"a1", "e5"}


def test_a_trapped_player_has_no_turn_and_loses() -> None:
    start = position({"A": ["a1", "a2"], "B": ["c3", "e1"]}, domes=["b1", "b2", "b3", "a3"])
    assert generate_turns(start) == []
    assert perft(start, 1) == 0


def test_step_by_step_turn_reports_when_it_may_end() -> None:
    state = start_turn(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}))
    assert not can_end(state)
    state = play(state, parse_action("a1-a2"))
    assert not can_end(state)
    assert parse_action("a3") in legal_actions(state)
    state = play(state, parse_action("a3"))
    assert can_end(state) and legal_actions(state) == []


def test_illegal_action_is_refused_with_the_legal_alternatives() -> None:
    state = start_turn(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"a2": 2}))
    with pytest.raises(IllegalActionError, match=r"a1-a2 is not legal here \(legal: "):
        play(state, parse_action("a1-a2"))


def test_building_on_a_workers_cell_is_illegal() -> None:
    state = play(
        start_turn(position({"A": ["a1", "e5"], "B": ["b3", "e1"]})), parse_action("a1-a2")
    )
    with pytest.raises(IllegalActionError):
        play(state, parse_action("b3"))


def test_perft_counts_distinct_outcomes_and_wins_are_leaves() -> None:
    start = position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 2, "c3": 3})
    turns = generate_turns(start)
    assert perft(start, 1) == len(turns)
    wins = sum(1 for t in turns if t.winner)
    assert perft(start, 2) == wins + sum(perft(t.result, 1) for t in turns if not t.winner)
    assert perft(start, 0) == 1


def test_result_passes_the_turn_to_the_next_player() -> None:
    turn = turns_by_text(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}))["a1-a2 a3"]
    assert turn.result.player == "B"
    assert worker_cells(turn.result, "A") == ["a2", "e5"]
