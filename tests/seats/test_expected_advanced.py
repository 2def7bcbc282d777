"""The engine's turn with an advanced god, carried out by hand: each step lit in turn,
including an opponent's worker ferried, a block taken off or put under the worker, a
victim taken off, and Dionysus' pass."""

from __future__ import annotations

import pytest

from tests.referee.table import Table
from tests.seats.test_expected_turn import engine_table, expect, lit


def test_zeus_block_under_the_engines_worker_is_lit_on_its_cell() -> None:
    table = engine_table({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"B": "Zeus"})
    expect(table, "c3-c4 c4")
    table.move("c3", "c4")
    assert lit(table) == {"c4": "carry_build"}
    table.lift("c4")
    table.build("c4")
    table.place("c4", "worker", "B")
    assert table.record == ["c3-c4 c4"]


def test_charons_ferry_lights_the_opponents_worker_then_where_it_goes() -> None:
    table = engine_table({"A": ["d3", "e5"], "B": ["c3", "e1"]}, gods={"B": "Charon"})
    expect(table, "d3~b3 c3-c4 d4")
    assert lit(table) == {"d3": "carry_worker"}
    table.lift("d3")
    assert lit(table) == {"b3": "carry_move"}
    table.place("b3", "worker", "A")
    assert lit(table) == {"c3": "carry_worker"}
    table.move("c3", "c4")
    table.build("d4")
    assert table.record == ["d3~b3 c3-c4 d4"]


def test_ares_block_to_take_off_is_lit_last() -> None:
    table = engine_table(
        {"A": ["a1", "a5"], "B": ["c3", "e1"]}, gods={"B": "Ares"}, heights={"e2": 1}
    )
    expect(table, "c3-c4 d4 e2v")
    table.move("c3", "c4")
    table.build("d4")
    assert lit(table) == {"e2": "take_block"}
    table.lift("e2")
    assert table.record == ["c3-c4 d4 e2v"]


def triton_against_ares() -> Table:
    """B (Ares, the engine) to move; A holds Triton, whose worker may walk off to the
    edge and back: a turn that looks like a block put down and nothing else."""
    return engine_table(
        {"A": ["b2", "d4"], "B": ["b4", "d2"]},
        gods={"A": "Triton", "B": "Ares"},
        heights={"a4": 1, "c3": 1, "d1": 1, "e3": 1},
    )


def test_ares_block_built_and_taken_off_again_waits_for_the_hand_to_do_both() -> None:
    table = triton_against_ares()
    expect(table, "b4-c3 c2 c2v")
    table.move("b4", "c3")  # the board looks like the whole turn, but c2 was not touched
    assert table.record == [] and lit(table) == {"c2": "carry_build"}
    table.build("c2")  # not Triton's turn b2-a1 a1-b2 c2: the engine's step
    assert table.record == [] and lit(table) == {"c2": "take_block"}
    table.lift("c2")
    table.settle(2.0)
    assert table.record == ["b4-c3 c2 c2v"]
    assert table.referee.game.player == "A" and table.referee.error is None


def test_ares_block_left_out_by_hand_is_carried_out_when_the_next_player_goes_on() -> None:
    table = triton_against_ares()
    expect(table, "b4-c3 c2 c2v")
    table.move("b4", "c3")
    table.move("d4", "e4")
    table.build("e5")
    assert table.record == ["b4-c3 c2 c2v", "d4-e4 e5"] and table.referee.error is None


def test_bias_victim_is_lit_to_take_off_while_the_engines_turn_goes_on() -> None:
    table = engine_table({"A": ["c3", "a5"], "B": ["c1", "e5"]}, gods={"B": "Bia"})
    expect(table, "c1-c2 d2")
    table.move("c1", "c2")  # A's worker on c3, just beyond, is removed
    assert lit(table) == {"d2": "carry_build", "c3": "take_worker"}
    table.build("d2")
    assert table.record == ["c1-c2 d2"]
    assert lit(table)["c3"] == "take_worker"
    table.lift("c3")
    assert "c3" not in lit(table)
    assert table.referee.error is None


def test_dionysus_pass_needs_no_hand() -> None:
    table = engine_table(
        {"A": ["a1", "a5"], "B": ["c3", "e1"]}, gods={"B": "Dionysus"}, extra_turns=1
    )
    expect(table, "pass")
    assert table.record == ["pass"]
    assert table.referee.game.player == "A"


BORROWED_FORCES = [
    ({"B": "Chaos"}, {"chaos": {"B": {"power": "Apollo", "deck": ["Pan"]}}}, "c3"),
    ({"B": "Chaos"}, {"chaos": {"B": {"power": "Minotaur", "deck": ["Pan"]}}}, "c5"),
    ({"A": "Apollo", "B": "Circe"}, {}, "c3"),  # A's workers apart: Circe holds Apollo's power
]


@pytest.mark.parametrize(
    ("gods", "cards", "forced_to"), BORROWED_FORCES, ids=["chaos-apollo", "chaos-minotaur", "circe"]
)
def test_a_borrowed_power_forces_the_worker_as_that_power_does(
    gods: dict[str, str], cards: dict[str, object], forced_to: str
) -> None:
    table = engine_table({"A": ["c4", "e5"], "B": ["c3", "e1"]}, gods=gods, **cards)
    expect(table, "c3-c4 d4")
    table.lift("c3")
    assert lit(table) == {"c4": "carry_move", forced_to: "carry_move"}  # a swap, or a push
    table.lift("c4")
    table.place(forced_to, player="A")
    table.place("c4", player="B")
    table.build("d4")
    assert table.record == ["c3-c4 d4"]
