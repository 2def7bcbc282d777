"""What the board lights for the advanced gods' cards and powers: Selene's female, Chaos'
draw, the power held now rather than the god's name, and the hint's advanced steps."""

from __future__ import annotations

from typing import Any

from santorini_hw.lights.power_marks import ChaosDraw
from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.lights.scenes import Element, Mark, lit_cells
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.rules.turn import finish, play, start_turn
from santorini_hw.rules.turns import Turn
from tests.referee.table import Table
from tests.rules.helpers import position

WORKERS = {"A": ["a1", "e5"], "B": ["c3", "e1"]}


def start(workers: dict[str, list[str]], **kwargs: Any) -> Table:
    return Table(Game.from_position(position(workers, **kwargs)))


def lit(table: Table, **kwargs: Any) -> dict[str, str]:
    return lit_cells(scene_for(table.referee, **kwargs))


def chaos_holding(power: str, deck: list[str]) -> dict[str, Any]:
    return {"gods": {"A": "Chaos"}, "chaos": {"A": {"power": power, "deck": deck}}}


def hint(table: Table, text: str) -> Turn:
    """The turn `text` as the hint engine would answer it (checked by the rules)."""
    state = start_turn(table.referee.game.position)
    for action in parse_actions(text):
        state = play(state, action)
    return Turn(state.actions, finish(state), None)


def test_chaos_holding_prometheus_sees_his_build_before_moving() -> None:
    table = start(WORKERS, **chaos_holding("Prometheus", ["Pan"]))
    shown = lit(table)
    assert shown["a2"] == "prebuild" and shown["d4"] == "prebuild"
    assert "build" not in shown.values()


def test_chaos_holding_pan_does_not_see_prometheus_marks() -> None:
    table = start(WORKERS, **chaos_holding("Pan", ["Prometheus"]))
    assert set(lit(table).values()) == {"turn_worker"}


def test_chaos_draw_shows_on_his_workers_and_the_new_gods_menu_cell_until_the_next_step() -> None:
    table = start(WORKERS, heights={"b2": 3}, **chaos_holding("Pan", ["Artemis", "Atlas"]))
    draw = ChaosDraw(table.referee.game)
    table.move("a1", "a2")
    table.dome("b2")
    assert table.texts("turn_complete") == ["a1-a2 b2X"]
    drawn = draw.update(table.referee.game)
    assert drawn is God.ARTEMIS
    shown = lit(table, chaos_draw=drawn)
    assert shown == {
        "a2": "chaos_draw",
        "e5": "chaos_draw",
        "b1": "chaos_card",  # Artemis' cell on the menu's simple page
        "c3": "turn_worker",
        "e1": "turn_worker",
    }
    assert scene_for(table.referee, chaos_draw=drawn).composed()[parse_cell("a2")] == Mark(
        Element.CHAOS_DRAW, player=0
    )
    table.lift("c3")
    assert lit(table, chaos_draw=draw.update(table.referee.game))["a2"] == "chaos_draw"
    table.place("c4", player="B")
    assert draw.update(table.referee.game) is None


def test_chaos_draw_never_hides_a_step_to_take() -> None:
    workers = {"A": ["a1", "e5"], "B": ["b1", "e1"]}
    table = start(workers, heights={"b2": 3}, **chaos_holding("Pan", ["Apollo"]))
    table.move("a1", "a2")
    table.dome("b2")
    table.lift("b1")  # Apollo's cell a1 is where B's worker may go
    shown = lit(table, chaos_draw=God.APOLLO)
    assert shown["a1"] == "destination" and shown["a2"] == "chaos_draw"


def test_selenes_female_is_lit_while_the_setup_goes_on() -> None:
    table = Table(Game.new(("A", "B"), (None, God.SELENE)))
    table.place("a1", player="A")
    table.place("e5", player="A")
    table.place("c2", player="B")
    shown = lit(table)
    assert shown["c2"] == "female" and shown["b4"] == "setup"
    assert scene_for(table.referee).composed()[parse_cell("c2")] == Mark(Element.FEMALE, player=1)
    table.place("d4", player="B")
    assert "female" not in lit(table).values()  # A's turn: only A's workers


def test_selenes_female_is_lit_where_she_may_move_and_while_she_builds() -> None:
    table = start(WORKERS, gods={"A": "Selene"}, female={"A": "a1"})
    assert lit(table) == {"a1": "female", "e5": "turn_worker"}
    table.move("a1", "b2")
    shown = lit(table)
    assert shown["b2"] == "female" and shown["c2"] == "dome_build"


def test_selenes_male_moved_leaves_the_female_dark() -> None:
    table = start(WORKERS, gods={"A": "Selene"}, female={"A": "a1"})
    table.move("e5", "e4")
    assert "female" not in lit(table).values()


def test_the_hint_takes_ares_block_off_as_a_fall() -> None:
    table = start(WORKERS, gods={"A": "Ares"}, heights={"d5": 1})
    shown = lit(table, hint=hint(table, "a1-a2 b2 d5v"))
    assert shown["a1"] == "hint_worker" and shown["a2"] == "hint_move"
    assert shown["b2"] == "hint_build" and shown["d5"] == "hint_take"


def test_the_hint_shows_zeus_block_under_where_his_worker_ends() -> None:
    table = start(WORKERS, gods={"A": "Zeus"})
    shown = lit(table, hint=hint(table, "a1-b2 b2"))
    assert shown["a1"] == "hint_worker" and shown["b2"] == "hint_under"
    assert "hint_build" not in shown.values()


def test_the_hint_shows_charons_ferried_opponent_and_his_own_move() -> None:
    table = start({"A": ["c3", "a5"], "B": ["d3", "e1"]}, gods={"A": "Charon"})
    shown = lit(table, hint=hint(table, "d3~b3 c3-c4 d4"))
    assert {cell: shown[cell] for cell in ("d3", "b3", "c3", "c4", "d4")} == {
        "d3": "hint_worker",
        "b3": "hint_move",
        "c3": "hint_worker",
        "c4": "hint_move",
        "d4": "hint_build",
    }


def test_the_hint_shows_bias_victim_to_take_off() -> None:
    table = start({"A": ["c1", "a5"], "B": ["c3", "e5"]}, gods={"A": "Bia"})
    shown = lit(table, hint=hint(table, "c1-c2 d2"))
    assert shown["c3"] == "hint_take" and shown["c2"] == "hint_move"


def test_the_hint_shows_medusas_victim_to_take_off() -> None:
    table = start(WORKERS, gods={"A": "Medusa"}, heights={"b2": 1})
    shown = lit(table, hint=hint(table, "a1-b2 a2"))  # B's c3, lower and beside her: stone
    assert shown["c3"] == "hint_take" and shown["b2"] == "hint_move"


def test_the_hint_shows_both_of_hermes_workers() -> None:
    table = start(WORKERS, gods={"A": "Hermes"})
    shown = lit(table, hint=hint(table, "a1-a2 e5-e4 d4"))
    assert shown["a1"] == shown["e5"] == "hint_worker"
    assert shown["a2"] == shown["e4"] == "hint_move"


def test_the_hint_shows_every_build_of_several() -> None:
    table = start(WORKERS, gods={"A": "Hestia"})
    shown = lit(table, hint=hint(table, "a1-b2 b3 c2"))
    assert shown["b3"] == shown["c2"] == "hint_build"


def test_a_hint_to_pass_lights_nothing_of_its_own() -> None:
    table = start(WORKERS, gods={"A": "Dionysus"}, extra_turns=1)
    shown = lit(table, hint=hint(table, "pass"))
    assert not {"hint_worker", "hint_move", "hint_build"} & set(shown.values())
