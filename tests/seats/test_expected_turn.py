"""The referee expects a remote seat's turn: only that turn, step by step, with the usual
forgiveness; anything else is an error to put back and never that seat's turn."""

from __future__ import annotations

import pytest

from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.lights.scenes import lit_cells
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.game import Game, Phase
from tests.referee.table import Table
from tests.rules.helpers import position


def engine_table(workers: dict[str, list[str]], **kwargs: object) -> Table:
    """A table where B is the engine and A has just moved (B to move)."""
    game = Game.from_position(position(workers, to_move="B", **kwargs))  # type: ignore[arg-type]
    table = Table(game)
    table.referee.remote = frozenset({"B"})
    return table


def expect(table: Table, actions: str) -> None:
    game = table.referee.game
    turn = ExpectedTurn(game.player, game.position, parse_actions(actions))
    table.events += table.referee.expect(turn)


def lit(table: Table) -> dict[str, str]:
    return lit_cells(scene_for(table.referee))


def test_the_engine_turn_is_shown_one_step_at_a_time_and_recorded_once_it_stands() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    expect(table, "c3-c4 d4")
    assert lit(table) == {"c3": "carry_worker"}
    table.lift("c3")
    assert lit(table) == {"c4": "carry_move"}
    table.place("c4", "worker", "B")
    assert lit(table) == {"d4": "carry_build"}
    table.build("d4")
    assert table.texts("turn_complete") == ["c3-c4 d4"]
    assert table.referee.game.player == "A" and table.referee.awaiting is None


def test_a_different_turn_for_the_engine_is_an_error_and_never_recorded() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    expect(table, "c3-c4 d4")
    table.move("c3", "b3")  # legal, but not the engine's turn
    table.settle(1.6)
    error = table.referee.error
    assert error is not None and table.texts("action") == []
    assert lit(table) == {"b3": "error"}  # one fix at a time
    table.move("b3", "c3")
    assert table.referee.error is None
    table.move("c3", "c4")
    table.build("d4")
    assert table.record == ["c3-c4 d4"]


def test_a_block_down_before_the_worker_lands_is_forgiven() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    expect(table, "c3-c4 d4")
    table.lift("c3")
    table.build("d4")
    table.settle(3.0)
    assert table.referee.error is None
    table.place("c4", "worker", "B")
    assert table.texts("turn_complete") == ["c3-c4 d4"]


def test_before_the_engine_has_chosen_the_board_must_stand_still() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    assert table.referee.waiting_for_remote and lit(table) == {"c3": "idle"}
    table.move("c3", "c4")
    table.build("d4")
    table.settle(1.6)
    assert table.referee.error is not None and table.record == []


def test_an_optional_step_left_out_ends_the_turn_without_done() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"B": "Demeter"})
    expect(table, "c3-c4 d4")
    table.move("c3", "c4")
    table.build("d4")
    assert table.texts("turn_complete") == ["c3-c4 d4"]


def test_done_does_not_cut_the_engine_turn_short() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"B": "Demeter"})
    expect(table, "c3-c4 d4 b4")
    table.move("c3", "c4")
    table.build("d4")
    table.press("done")
    assert table.texts("turn_complete") == [] and lit(table) == {"b4": "carry_build"}
    table.build("b4")
    assert table.texts("turn_complete") == ["c3-c4 d4 b4"]


def test_a_premove_records_the_engine_turn_then_the_persons() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    expect(table, "c3-c4 d4")
    board = table.board  # all at once, with no settled board in between
    board.lift("c3")
    board.place("c4", "worker", player="B")
    board.place("d4", "block")
    board.lift("a1")
    board.place("a2", "worker", player="A")
    board.place("a3", "block")
    table.settle()
    assert table.record == ["c3-c4 d4", "a1-a2 a3"]


def test_the_engine_placement_is_carried_out_cell_by_cell() -> None:
    game = Game.new(("A", "B"))
    table = Table(game)
    table.referee.remote = frozenset({"B"})
    table.place("a1", player="A")
    table.place("e5", player="A")
    assert table.referee.waiting_for_remote
    start = table.referee.game.position
    table.events += table.referee.expect(ExpectedTurn("B", start, cells=(12, 13)))
    assert lit(table) == {"c3": "carry_place"}
    table.place("c3", player="B")
    assert lit(table) == {"d3": "carry_place"}
    table.place("d3", player="B")
    assert table.referee.game.phase is Phase.PLAY and table.record == ["a1 e5", "c3 d3"]


def person_then_engine() -> Table:
    """A (a person) has played a1-a2 a3; the board shows B's (the engine's) c3-c4 d4."""
    table = Table(Game.from_position(position({"A": ["a1", "e5"], "B": ["c3", "e1"]})))
    table.referee.remote = frozenset({"B"})
    table.move("a1", "a2")
    table.build("a3")
    expect(table, "c3-c4 d4")
    return table


def test_undo_takes_back_the_engine_reply_and_the_persons_turn() -> None:
    table = person_then_engine()
    table.move("c3", "c4")
    table.build("d4")
    assert table.record == ["a1-a2 a3", "c3-c4 d4"]
    table.press("undo")
    table.lift("d4")
    table.move("c4", "c3")
    table.lift("a3")
    table.move("a2", "a1")
    assert table.record == [] and table.referee.game.player == "A"
    assert table.referee.error is None


def test_undo_while_the_engine_turn_is_shown_takes_back_the_persons_turn() -> None:
    table = person_then_engine()
    table.press("undo")
    table.lift("a3")
    table.move("a2", "a1")
    assert table.record == [] and table.referee.awaiting is None


def test_a_placement_corrected_after_the_engine_chose_makes_it_choose_again() -> None:
    table = Table(Game.new(("A", "B")))
    table.referee.remote = frozenset({"B"})
    table.place("b4", player="A")
    table.place("c5", player="A")
    start = table.referee.game.position
    table.events += table.referee.expect(ExpectedTurn("B", start, cells=(12, 18)))
    table.lift("c5")  # the person moves their last worker before touching the engine's
    table.place("d5", player="A")
    assert table.texts("placement_amended") == ["d5"] and table.referee.error is None
    assert table.referee.awaiting is None and table.referee.waiting_for_remote


def test_a_turn_corrected_after_the_engine_chose_makes_it_choose_again() -> None:
    table = person_then_engine()
    table.lift("a3")  # the person builds elsewhere after all
    table.build("b3")
    assert table.texts("turn_amended") == ["a1-a2 b3"] and table.referee.awaiting is None
    assert table.referee.waiting_for_remote and table.referee.error is None


@pytest.mark.parametrize(("god", "forced_to"), [("Apollo", "c3"), ("Minotaur", "c5")])
def test_a_forced_worker_is_shown_where_it_goes(god: str, forced_to: str) -> None:
    table = engine_table({"A": ["c4", "e5"], "B": ["c3", "e1"]}, gods={"B": god})
    expect(table, "c3-c4 d4")
    table.lift("c3")
    assert lit(table) == {"c4": "carry_move", forced_to: "carry_move"}
    table.lift("c4")
    table.place(forced_to, player="A")
    table.place("c4", player="B")
    assert lit(table) == {"d4": "carry_build"}
    table.build("d4")
    assert table.record == ["c3-c4 d4"]


GOD_STEPS = [
    ("Prometheus", "d3 c3-c4 d4", ["d3 carry_build", "c3 carry_worker", "d4 carry_build"]),
    ("Artemis", "c3-c4 c4-c5 d5", ["c3 carry_worker", "c4 carry_worker", "d5 carry_build"]),
    ("Atlas", "c3-c4 d4X", ["c3 carry_worker", "d4 carry_dome"]),
    ("Demeter", "c3-c4 d4 b4", ["c3 carry_worker", "d4 carry_build", "b4 carry_build"]),
]


@pytest.mark.parametrize(("god", "actions", "shown"), GOD_STEPS, ids=[g[0] for g in GOD_STEPS])
def test_each_step_of_a_god_turn_is_shown_in_order(
    god: str, actions: str, shown: list[str]
) -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"B": god})
    expect(table, actions)
    for action, step in zip(actions.split(), shown, strict=True):
        cell, kind = step.split()
        assert lit(table) == {cell: kind}
        if "-" in action:
            table.move(*action.split("-"))
        elif action.endswith("X"):
            table.dome(action[:-1])
        else:
            table.build(action)
    assert table.record == [actions]


def test_a_worker_carried_straight_to_artemis_end_is_accepted() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"B": "Artemis"})
    expect(table, "c3-c4 c4-c5 d5")
    table.move("c3", "c5")
    table.build("d5")
    assert table.record == ["c3-c4 c4-c5 d5"]
