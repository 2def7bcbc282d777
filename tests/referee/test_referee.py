"""The referee turns physical play into moves: tracking, settling, errors, undo, resync."""

from __future__ import annotations

from santorini_hw.referee.referee import RefereeSettings
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.position_json import position_to_json
from tests.referee.table import Table
from tests.rules.helpers import position


def start(workers: dict[str, list[str]], **kwargs: object) -> Table:
    return Table(Game.from_position(position(workers, **kwargs)))  # type: ignore[arg-type]


def workers_of(table: Table) -> dict[str, list[str]]:
    return position_to_json(table.referee.game.board)["workers"]


def test_setup_is_physical_start_player_first() -> None:
    table = Table(Game.new(("A", "B")))
    table.place("b2", player="A")
    table.place("d4", player="A")
    table.place("b4", player="B")
    table.place("d2", player="B")
    assert table.referee.game.phase is Phase.PLAY
    assert workers_of(table) == {"A": ["b2", "d4"], "B": ["b4", "d2"]}
    assert table.kinds().count("worker_placed") == 4 and "setup_complete" in table.kinds()


def test_move_and_build_complete_a_turn_by_themselves() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.move("a1", "a2")
    assert table.texts("action") == ["a1-a2"]
    table.build("a3")
    assert table.texts("turn_complete") == ["a1-a2 a3"]
    assert table.referee.game.player == "B"


def test_a_worker_lifted_and_put_back_is_nothing() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.lift("a1")
    table.settle(5.0)  # thinking with the worker in hand is not an error
    assert table.referee.holding == ("a1",) and table.referee.error is None
    table.place("a1", player="A")
    assert table.texts("action") == [] and table.referee.holding == ()


def test_a_block_placed_before_the_worker_lands_is_fine() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.lift("a1")
    table.build("a3")
    table.settle(3.0)
    assert table.referee.error is None
    table.place("a2", player="A")
    assert table.texts("turn_complete") == ["a1-a2 a3"]


def test_climbing_two_levels_is_never_accepted_and_the_error_names_the_cells() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"a2": 2})
    table.move("a1", "a2")
    assert table.referee.error is None  # within the grace period
    table.settle(1.6)
    error = table.referee.error
    assert error is not None and table.texts("action") == []
    assert error.fixes[0].message == "a2: expected no worker, found one"
    assert "a1: expected a worker, found none" in error.message
    table.move("a2", "a1")
    assert table.referee.error is None and "error_cleared" in table.kinds()


def test_a_block_built_under_a_worker_is_never_accepted() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.move("a1", "a2")
    table.lift("a2")  # slip the build under the worker that just moved
    table.build("a2")
    table.place("a2", player="A")
    table.settle(1.6)
    error = table.referee.error
    assert error is not None and table.texts("turn_complete") == []
    assert error.fixes[0].message == "a2: expected level 0, found 1"
    table.lift("a2")
    table.lift("a2")
    table.place("a2", player="A")
    assert table.referee.error is None
    table.build("b2")
    assert table.texts("turn_complete") == ["a1-a2 b2"]


def test_error_guides_one_cell_at_a_time_until_the_board_is_known() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.build("b5")
    table.build("b5")
    table.settle(2.0)
    assert table.referee.error is not None
    assert table.referee.error.fixes[0].message == "b5: expected level 0, found 2"
    table.lift("b5")
    assert table.referee.error.fixes[0].message == "b5: expected level 0, found 1"
    assert "error_updated" in table.kinds()
    table.lift("b5")
    assert table.referee.error is None


def test_apollo_swap_where_both_cells_end_occupied() -> None:
    table = start({"A": ["b2", "e5"], "B": ["c3", "e1"]}, gods={"A": "Apollo"})
    table.lift("b2")
    table.lift("c3")
    table.place("c3", player="A")
    table.place("b2", player="B")
    table.build("d4")
    assert table.texts("turn_complete") == ["b2-c3 d4"]
    assert workers_of(table) == {"A": ["c3", "e5"], "B": ["b2", "e1"]}


def test_apollo_swap_is_told_apart_by_which_worker_was_touched() -> None:
    # Both of A's workers could swap with c3; only d4 was touched.
    table = start({"A": ["b2", "d4"], "B": ["c3", "e1"]}, gods={"A": "Apollo"})
    table.lift("d4")
    table.lift("c3")
    table.place("c3", player="A")
    table.place("d4", player="B")
    table.build("c4")
    assert table.texts("turn_complete") == ["d4-c3 c4"]
    assert workers_of(table)["B"] == ["d4", "e1"]


def test_minotaur_push_where_both_cells_end_occupied() -> None:
    table = start({"A": ["a1", "e5"], "B": ["b2", "e1"]}, gods={"A": "Minotaur"})
    table.move("b2", "c3")
    table.move("a1", "b2")
    table.build("a1")
    assert table.texts("turn_complete") == ["a1-b2 a1"]
    assert workers_of(table) == {"A": ["b2", "e5"], "B": ["c3", "e1"]}


def test_artemis_double_move_carried_straight_to_the_final_cell() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Artemis"})
    table.move("a1", "a3")
    table.build("a4")
    assert table.texts("turn_complete") == ["a1-a2 a2-a3 a4"] or table.texts("turn_complete") == [
        "a1-b2 b2-a3 a4"
    ]
    assert workers_of(table)["A"] == ["a3", "e5"]


def test_artemis_step_then_step_is_two_actions() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Artemis"})
    table.move("a1", "a2")
    table.move("a2", "a3")
    table.build("a4")
    assert table.texts("action") == ["a1-a2", "a2-a3", "a4"]


def test_hermes_moves_both_workers() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Hermes"})
    table.move("a1", "a3")
    table.move("e5", "c5")
    assert table.referee.game.player == "A"  # more moves may follow until a build
    table.build("b4")
    assert workers_of(table)["A"] == ["a3", "c5"]
    assert table.referee.game.player == "B"


def test_prometheus_builds_before_moving() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Prometheus"})
    table.build("b1")
    table.move("a1", "a2")
    table.build("a3")
    assert table.texts("turn_complete") == ["b1 a1-a2 a3"]


def test_demeter_second_build_then_done() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Demeter"})
    table.move("a1", "a2")
    table.build("a3")
    table.build("b3")
    assert table.referee.game.player == "B"  # no more options: ends by itself
    assert table.texts("turn_complete") == ["a1-a2 a3 b3"]


def test_declined_optional_build_ends_when_the_next_player_starts() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Demeter"})
    table.move("a1", "a2")
    table.build("a3")
    table.move("c5", "c4")
    assert table.texts("turn_complete") == ["a1-a2 a3"]
    assert table.texts("action")[-1] == "c5-c4"


def test_hephaestus_second_block_on_the_same_cell() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Hephaestus"})
    table.move("a1", "a2")
    table.build("a3")
    table.build("a3")
    assert table.texts("turn_complete") == ["a1-a2 a3 a3"]


def test_atlas_domes_a_low_tower() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Atlas"}, heights={"a3": 1})
    table.move("a1", "a2")
    table.dome("a3")
    assert table.texts("turn_complete") == ["a1-a2 a3X"]


def test_winning_move_ends_the_game() -> None:
    table = start({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 2, "c3": 3})
    table.move("b2", "c3")
    assert table.referee.game.winner == "A" and "game_over" in table.kinds()


def test_undo_waits_for_the_board_to_be_put_back() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]})
    table.move("a1", "a2")
    table.build("a3")
    table.press("undo")
    assert table.referee.game.player == "B"  # nothing taken back yet
    table.lift("a3")
    table.move("a2", "a1")
    assert "undo" in table.kinds() and table.referee.game.player == "A"
    assert table.referee.game.record == []


def test_rearranging_within_a_turn_replays_it() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Demeter"})
    table.move("a1", "a2")
    table.move("a2", "b2")  # changed their mind before building
    table.build("b3")
    table.press("done")
    assert table.texts("turn_complete") == ["a1-b2 b3"]


def test_adopt_the_board_as_it_stands() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]})
    table.build("c3")
    table.settle(2.0)
    assert table.referee.error is not None
    table.events += table.referee.adopt_board(table.observation())
    assert table.referee.error is None and "resync" in table.kinds()
    assert position_to_json(table.referee.game.board)["heights"] == {"c3": 1}


def test_restore_the_record_guides_at_once() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]})
    table.build("c3")
    table.events += table.referee.restore_record()
    assert table.referee.error is not None
    assert table.referee.error.fixes[0].message == "c3: expected level 0, found 1"
    table.lift("c3")
    assert table.referee.error is None


def test_three_player_elimination_waits_for_the_workers_to_leave() -> None:
    table = start(
        {"A": ["c3", "e5"], "B": ["a1", "a2"], "C": ["e1", "d1"]},
        gods={"A": "Atlas", "B": "Pan", "C": "Demeter"},
        domes=["b1", "b3", "a3"],
    )
    table.move("c3", "c2")
    table.dome("b2")
    assert "eliminated" in table.kinds() and table.referee.pending_removal == ("a1", "a2")
    table.settle(3.0)
    assert table.referee.error is None
    table.lift("a1")
    table.lift("a2")
    assert table.referee.pending_removal == ()
    table.move("e1", "e2")
    assert table.texts("action")[-1] == "e1-e2"


def test_polarity_sensors_tell_players_apart_in_setup() -> None:
    table = Table(Game.new(("A", "B")), RefereeSettings(polarity=True))
    table.place("b2", player="A")
    table.place("b4", player="B")  # out of order: not accepted for A
    assert workers_of(table)["A"] == ["b2"]
    table.place("d4", player="A")
    assert workers_of(table) == {"A": ["b2", "d4"], "B": ["b4"]}


def test_four_player_teams_play_in_turn() -> None:
    game = Game.new(("A", "B", "C", "D"), (God.PAN, God.ATLAS, God.APOLLO, God.DEMETER))
    table = Table(game)
    for cell, player in (("a1", "A"), ("a2", "A"), ("e1", "B"), ("e2", "B")):
        table.place(cell, player=player)
    table.move("a1", "b1")
    table.build("c1")
    assert table.referee.game.player == "B"
