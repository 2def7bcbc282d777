"""One or more tests per god, named after the power and its rulings."""

from __future__ import annotations

from santorini_hw.rules.actions import parse_action
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turn import apply_action, legal_actions, start_turn
from santorini_hw.rules.turns import generate_turns
from tests.rules.helpers import position, turns_by_text, worker_cells


def moves_of(start: object) -> set[str]:
    return {t.actions[0].text() for t in generate_turns(start)}  # type: ignore[arg-type]


# Apollo
def test_apollo_swaps_with_an_opponent_worker() -> None:
    turns = turns_by_text(position({"A": ["b2", "e5"], "B": ["c3", "e1"]}, gods={"A": "Apollo"}))
    result = turns["b2-c3 b2X"] if "b2-c3 b2X" in turns else turns["b2-c3 d4"]
    assert worker_cells(result.result, "A") == ["c3", "e5"]
    assert worker_cells(result.result, "B") == ["b2", "e1"]


def test_apollo_own_move_obeys_the_climb_limit() -> None:
    start = position(
        {"A": ["b2", "e5"], "B": ["c3", "e1"]}, gods={"A": "Apollo"}, heights={"c3": 2}
    )
    assert "b2-c3" not in moves_of(start)


def test_apollo_forced_worker_never_wins() -> None:
    # B's worker on level 2 is forced up onto a level-3 cell: no win for B, no win for A.
    start = position(
        {"A": ["b2", "e5"], "B": ["c3", "e1"]}, gods={"A": "Apollo"}, heights={"b2": 3, "c3": 2}
    )
    swap = [t for t in generate_turns(start) if t.actions[0].text() == "b2-c3"]
    assert swap and all(t.winner is None for t in swap)


def test_apollo_cannot_swap_with_his_own_worker() -> None:
    start = position({"A": ["b2", "c3"], "B": ["e5", "e1"]}, gods={"A": "Apollo"})
    assert "b2-c3" not in moves_of(start)


# Artemis
def test_artemis_may_move_twice_but_not_back_to_the_start() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Artemis"}))
    assert "a1-a2 a2-a3 a4" in turns
    assert not any(text.startswith("a1-a2 a2-a1") for text in turns)


def test_artemis_wins_on_either_step_up_to_level_three() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]},
        gods={"A": "Artemis"},
        heights={"a1": 1, "a2": 2, "a3": 3},
    )
    winners = {t.actions[-1].text() for t in generate_turns(start) if t.winner}
    assert "a2-a3" in winners


def test_artemis_second_step_also_obeys_the_climb_limit() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Artemis"}, heights={"a2": 1, "a3": 3}
    )
    assert "a1-a2 a2-a3" not in " | ".join(turns_by_text(start))


# Athena
def test_athena_moving_up_blocks_opponents_next_turn() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Athena"}, heights={"a2": 1, "d3": 1}
    )
    up = turns_by_text(start)["a1-a2 a3"]
    assert position_to_json(up.result)["athena_moved_up"] is True
    assert all(t.actions[0].text() != "c3-d3" for t in generate_turns(up.result))
    flat = turns_by_text(start)["a1-b1 c1"]
    assert position_to_json(flat.result)["athena_moved_up"] is False


def test_athena_block_ends_when_her_next_turn_begins() -> None:
    blocked = position(
        {"A": ["a1", "e5"], "B": ["c3", "e1"]},
        gods={"B": "Athena"},
        heights={"b1": 1},
        athena_moved_up=True,
    )
    assert "a1-b1" not in moves_of(blocked)
    after = next(iter(generate_turns(blocked))).result
    assert position_to_json(after)["athena_moved_up"] is False


def test_forced_worker_never_counts_for_athena() -> None:
    # Apollo forces Athena's worker up: Athena's power does not trigger.
    start = position(
        {"A": ["b2", "e5"], "B": ["c3", "e1"]},
        gods={"A": "Apollo", "B": "Athena"},
        heights={"b2": 1},
    )
    for turn in generate_turns(start):
        assert position_to_json(turn.result)["athena_moved_up"] is False


def test_athena_block_lasts_until_her_next_turn_with_three_players() -> None:
    start = position(
        {"A": ["a1", "a5"], "B": ["c3", "e1"], "C": ["e5", "c5"]},
        gods={"A": "Athena", "B": "Pan", "C": "Atlas"},
        heights={"a2": 1, "d3": 1, "d5": 1},
    )
    up = turns_by_text(start)["a1-a2 a3"]
    b_turn = next(t for t in generate_turns(up.result) if not t.actions[0].text().endswith("d3"))
    assert position_to_json(b_turn.result)["athena_moved_up"] is True
    assert "e5-d5" not in moves_of(b_turn.result)


# Atlas
def test_atlas_may_dome_at_any_level_and_the_dome_keeps_its_level() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Atlas"}))
    assert "a1-a2 a3X" in turns and "a1-a2 a3" in turns
    result = position_to_json(turns["a1-a2 a3X"].result)
    assert result["domes"] == ["a3"] and "a3" not in result["heights"]


# Demeter
def test_demeter_may_build_a_second_time_but_not_on_the_same_cell() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Demeter"}))
    assert "a1-a2 a3 b3" in turns and "a1-a2 a3" in turns
    assert "a1-a2 a3 a3" not in turns


# Hephaestus
def test_hephaestus_may_add_a_second_block_on_the_same_cell() -> None:
    turns = turns_by_text(
        position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Hephaestus"})
    )
    assert position_to_json(turns["a1-a2 a3 a3"].result)["heights"]["a3"] == 2
    assert "a1-a2 a3 b3" not in turns


def test_hephaestus_second_build_is_never_a_dome() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Hephaestus"}, heights={"a3": 2}
    )
    turns = turns_by_text(start)
    assert "a1-a2 a3" in turns and not any(text.startswith("a1-a2 a3 a3") for text in turns)


# Hermes
def test_hermes_moves_both_workers_on_their_level_then_either_builds() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Hermes"}))
    results = {tuple(worker_cells(t.result, "A")) for t in turns.values()}
    assert ("a3", "e3") in results  # both moved two steps each


def test_hermes_may_build_without_moving() -> None:
    turns = turns_by_text(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Hermes"}))
    assert "a2" in turns and "e4" in turns


def test_hermes_special_moves_never_change_level() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Hermes"}, heights={"a2": 1, "b1": 1}
    )
    for turn in generate_turns(start):
        moves = [a for a in turn.actions if a.is_move]
        if len(moves) > 1:
            assert all(start.height(a.src) == start.height(a.dst) for a in moves)


def test_hermes_normal_move_up_builds_with_the_moved_worker() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Hermes"}, heights={"a2": 1}
    )
    turns = turns_by_text(start)
    assert "a1-a2 a3" in turns and "a1-a2 e4" not in turns


# Minotaur
def test_minotaur_pushes_an_opponent_straight_back() -> None:
    start = position({"A": ["a1", "e5"], "B": ["b2", "e1"]}, gods={"A": "Minotaur"})
    turn = next(t for t in generate_turns(start) if t.actions[0].text() == "a1-b2")
    assert worker_cells(turn.result, "B") == ["c3", "e1"]
    assert worker_cells(turn.result, "A") == ["b2", "e5"]


def test_minotaur_cannot_push_into_dome() -> None:
    start = position({"A": ["a1", "e5"], "B": ["b2", "e1"]}, gods={"A": "Minotaur"}, domes=["c3"])
    assert "a1-b2" not in moves_of(start)


def test_minotaur_cannot_push_off_the_board_or_onto_a_worker() -> None:
    edge = position({"A": ["b1", "e5"], "B": ["a1", "e1"]}, gods={"A": "Minotaur"})
    assert "b1-a1" not in moves_of(edge)
    crowded = position({"A": ["a1", "c3"], "B": ["b2", "e1"]}, gods={"A": "Minotaur"})
    assert "a1-b2" not in moves_of(crowded)


def test_minotaur_may_push_onto_any_level() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["b2", "e1"]}, gods={"A": "Minotaur"}, heights={"c3": 3}
    )
    turns = [t for t in generate_turns(start) if t.actions[0].text() == "a1-b2"]
    assert turns and all(t.winner is None for t in turns)


# Pan
def test_pan_wins_by_moving_down_two_levels() -> None:
    start = position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Pan"}, heights={"a1": 2})
    wins = {t.actions[0].text() for t in generate_turns(start) if t.winner}
    assert wins == {"a1-a2", "a1-b1", "a1-b2"}


def test_pan_does_not_win_by_moving_down_one_level() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]},
        gods={"A": "Pan"},
        heights={"a1": 2, "a2": 1, "b1": 1, "b2": 1},
    )
    assert not any(t.winner for t in generate_turns(start))


def test_forced_worker_never_triggers_pan() -> None:
    start = position(
        {"A": ["b2", "e5"], "B": ["c3", "e1"]},
        gods={"A": "Minotaur", "B": "Pan"},
        heights={"c3": 3},
    )
    for turn in generate_turns(start):
        assert turn.winner in (None, "A")


# Prometheus
def test_prometheus_may_build_before_and_after_moving() -> None:
    turns = turns_by_text(
        position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Prometheus"})
    )
    assert "b1 a1-a2 a3" in turns


def test_prometheus_cannot_move_up_after_building_first() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Prometheus"}, heights={"a2": 1}
    )
    assert not any(text.startswith("b1 a1-a2") for text in turns_by_text(start))
    assert "a1-a2 a3" in turns_by_text(start)


def test_prometheus_builds_first_only_with_the_worker_that_then_moves() -> None:
    state = start_turn(position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Prometheus"}))
    state = apply_action(state, parse_action("b1"))
    assert {a.src for a in legal_actions(state)} == {0}  # only a1 is next to b1
