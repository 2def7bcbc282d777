"""What the board lights for each state of a referee driven by physical play."""

from __future__ import annotations

from typing import Any

from santorini_hw.hints.search import best_turn
from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.lights.scenes import Element, Fix, Mark, Priority, lit_cells
from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.turns import Turn, generate_turns
from tests.referee.table import Table
from tests.rules.helpers import position


def start(workers: dict[str, list[str]], **kwargs: Any) -> Table:
    return Table(Game.from_position(position(workers, **kwargs)))


def cells_showing(table: Table, kind: str, **kwargs: Any) -> list[str]:
    lit = lit_cells(scene_for(table.referee, **kwargs))
    return sorted(cell for cell, name in lit.items() if name == kind)


def mark_on(table: Table, cell: str) -> Mark | None:
    return scene_for(table.referee).composed()[parse_cell(cell)]


def hint(table: Table, text: str) -> Turn:
    """The turn `text` of the player to move, as the hint engine would answer it."""
    turns = generate_turns(table.referee.game.position)
    return next(turn for turn in turns if actions_text(turn.actions) == text)


def test_setup_lights_every_free_cell_in_the_placing_players_colour() -> None:
    table = Table(Game.new(("A", "B")))
    table.place("b2", player="A")
    table.place("d4", player="A")
    lit = lit_cells(scene_for(table.referee))
    assert len(lit) == 23 and set(lit.values()) == {"setup"}
    assert "b2" not in lit and "d4" not in lit
    assert mark_on(table, "a1") == Mark(Element.SETUP, player=1)


def test_a_turn_begins_with_the_workers_that_can_move() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    assert lit_cells(scene_for(table.referee)) == {"a1": "turn_worker", "e5": "turn_worker"}
    assert mark_on(table, "a1") == Mark(Element.TURN_WORKER, player=0)


def test_a_trapped_worker_is_not_lit() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, domes=["a2", "b1", "b2"])
    assert cells_showing(table, "turn_worker") == ["e5"]


def test_a_lifted_worker_shows_its_destinations_only() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"b2": 2})
    table.lift("a1")
    assert lit_cells(scene_for(table.referee)) == {"a2": "destination", "b1": "destination"}


def test_after_the_move_the_legal_builds_show_a_dome_on_level_three_included() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"b1": 3})
    table.move("a1", "a2")
    assert cells_showing(table, "build") == ["a1", "a3", "b1", "b2", "b3"]
    assert cells_showing(table, "dome_build") == [] and cells_showing(table, "turn_worker") == []


def test_atlas_sees_where_a_dome_may_cap_a_short_tower() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Atlas"}, heights={"a3": 3})
    table.move("a1", "a2")
    assert cells_showing(table, "dome_build") == ["a1", "b1", "b2", "b3"]
    assert cells_showing(table, "build") == ["a3"]


def test_demeter_sees_her_optional_second_build_elsewhere() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Demeter"})
    table.move("a1", "a2")
    table.build("a3")
    assert cells_showing(table, "second_build") == ["a1", "b1", "b2", "b3"]


def test_hephaestus_sees_his_second_block_on_the_same_cell() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Hephaestus"})
    table.move("a1", "a2")
    table.build("a3")
    assert lit_cells(scene_for(table.referee)) == {"a3": "second_build"}


def test_prometheus_sees_his_build_before_moving() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Prometheus"})
    prebuilds = cells_showing(table, "prebuild")
    assert "a2" in prebuilds and "d4" in prebuilds and "c3" not in prebuilds
    assert cells_showing(table, "turn_worker") == ["a1", "e5"]


def test_artemis_may_move_on_or_build() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Artemis"})
    table.move("a1", "a2")
    assert cells_showing(table, "turn_worker") == ["a2"]
    assert cells_showing(table, "build") == ["a1", "a3", "b1", "b2", "b3"]


def test_the_hint_shows_worker_destination_and_build_over_the_legal_moves() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    scene = scene_for(table.referee, hint=hint(table, "a1-b2 c2"))
    assert lit_cells(scene) == {
        "a1": "hint_worker",
        "b2": "hint_move",
        "c2": "hint_build",
        "e5": "turn_worker",
    }
    assert scene.layer(Priority.LEGAL)[parse_cell("a1")].kind is Element.TURN_WORKER


def test_the_hint_follows_artemis_to_where_her_worker_ends() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Artemis"})
    scene = scene_for(table.referee, hint=hint(table, "a1-a2 a2-a3 b4"))
    assert lit_cells(scene)["a3"] == "hint_move" and lit_cells(scene)["a1"] == "hint_worker"
    assert "a2" not in lit_cells(scene)


def test_a_hint_that_no_longer_fits_the_turn_is_not_shown() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    stale = hint(table, "a1-b2 c2")
    table.move("a1", "a2")
    assert "hint_worker" not in lit_cells(scene_for(table.referee, hint=stale)).values()


def test_the_engines_winning_hint_points_at_the_winning_climb() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"a1": 2, "b2": 3})
    found = best_turn(table.referee.game.position, node_budget=2000)
    lit = lit_cells(scene_for(table.referee, hint=found.turn))
    assert lit["a1"] == "hint_worker" and lit["b2"] == "hint_move"


def test_an_illegal_move_shows_one_fix_and_nothing_else() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"b2": 2})
    table.move("a1", "b2")
    table.settle(2.0)
    assert table.referee.error is not None
    assert lit_cells(scene_for(table.referee)) == {"b2": "error"}
    assert mark_on(table, "b2") == Mark.error(Fix.REMOVE_PIECE)


def test_an_undo_asks_for_the_worker_back_where_it_stood_in_its_players_colour() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.move("a1", "a2")
    table.build("a3")
    table.press("undo")
    table.lift("a3")
    table.lift("a2")
    table.settle(2.0)
    assert lit_cells(scene_for(table.referee)) == {"a1": "error"}
    assert mark_on(table, "a1") == Mark.error(Fix.PLACE_WORKER, player=0)


def test_a_missing_block_asks_for_the_level_the_cell_should_have() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"d2": 2})
    table.lift("d2")
    table.settle(2.0)
    assert mark_on(table, "d2") == Mark.error(Fix.WRONG_LEVEL, level=2)


def test_fixing_the_error_brings_the_legal_moves_back() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"d2": 2})
    table.lift("d2")
    table.settle(2.0)
    table.build("d2")
    assert lit_cells(scene_for(table.referee)) == {"a1": "turn_worker", "e5": "turn_worker"}


def test_the_winner_workers_light_up_when_the_game_is_over() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"a1": 2, "a2": 3})
    table.move("a1", "a2")
    assert table.referee.game.winner == "A"
    assert lit_cells(scene_for(table.referee)) == {"a2": "winner", "e5": "winner"}
    assert mark_on(table, "a2") == Mark(Element.WINNER, player=0)


def test_an_unplugged_bridge_shows_on_the_corners_over_everything() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    lit = lit_cells(scene_for(table.referee, bridge_connected=False))
    assert lit == {
        "a1": "bridge_down",
        "e1": "bridge_down",
        "a5": "bridge_down",
        "e5": "bridge_down",
    }


def test_a_paired_board_that_disagrees_shows_on_the_edges_over_the_turn() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    lit = lit_cells(scene_for(table.referee, link_problem=True))
    assert {cell: lit[cell] for cell in ("c1", "a3", "e3", "c5")} == dict.fromkeys(
        ("c1", "a3", "e3", "c5"), "link_problem"
    )
    assert lit["a1"] == "turn_worker"  # the game still shows around it


def test_a_board_with_nothing_to_show_is_idle_in_the_centre() -> None:
    table = start({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    table.lift("e1")  # the opponent's worker in a hand: nothing to show yet
    assert lit_cells(scene_for(table.referee)) == {"c3": "idle"}
