"""Workers a power takes off the board (Bia's move, Medusa's petrification), through the
whole simulated board: the move stands at once, the lights ask for the victim to be
taken off (and Medusa's block put down), and the next turn waits until it is done."""

from __future__ import annotations

from typing import Any

import pytest

from sim.runner import RunResult
from tests.scenarios.test_scenarios import placed, run_result, steps, turns

SENSORS = pytest.mark.parametrize("sensors", ["presence", "polarity"])
HINT = ("press", "hint")
"""A press that changes nothing: time passing while the players look at the board."""


def worker(cell: str, player: str = "A") -> tuple[str, ...]:
    return ("place", cell, "worker", player)


def block(cell: str) -> tuple[str, ...]:
    return ("place", cell, "block")


def lift(cell: str) -> tuple[str, ...]:
    return ("lift", cell)


BIA_START = placed(("c1", "a1"), ("c3", "e5"))
BIA_MOVES = (lift("c1"), worker("c2"))
"""Bia's worker c1 to c2, straight toward B's worker on c3 just beyond: it is removed."""
B_PLAYS = (lift("e5"), worker("d5", "B"), block("e5"))


def bia(sensors: str, *ops: tuple[str, ...]) -> tuple[RunResult, dict[str, Any]]:
    result = run_result(BIA_START + steps(5.0, *ops), {"A": "Bia"}, sensors)
    return result, result.to_json()


@SENSORS
def test_bias_victim_taken_off_with_the_move_is_recorded(sensors: str) -> None:
    _, document = bia(sensors, *BIA_MOVES, lift("c3"), block("d2"))
    assert turns(document) == ["A: c1-c2 d2"]
    assert document["position"]["workers"]["B"] == ["e5"]
    assert document["errors"] == []


@SENSORS
def test_bias_victim_left_standing_is_lit_to_take_off_and_her_build_still_counts(
    sensors: str,
) -> None:
    result, document = bia(sensors, *BIA_MOVES, HINT, HINT, HINT, block("d2"), HINT, HINT)
    assert turns(document) == ["A: c1-c2 d2"]
    assert document["errors"] == []
    assert document["lights"]["c3"] == "take_worker"
    removed = [e for e in result.events if e.kind == "removed"]
    assert [(e.text, e.cells) for e in removed] == [("c3: take the worker off", ("c3",))]


@SENSORS
def test_bias_victim_taken_off_late_ends_the_chore(sensors: str) -> None:
    _, document = bia(sensors, *BIA_MOVES, block("d2"), HINT, HINT, HINT, lift("c3"), *B_PLAYS)
    assert turns(document) == ["A: c1-c2 d2", "B: e5-d5 e5"]
    assert document["errors"] == []
    assert "c3" not in document["lights"]


@SENSORS
def test_the_next_turn_waits_until_bias_victim_is_taken_off(sensors: str) -> None:
    _, document = bia(sensors, *BIA_MOVES, block("d2"), *B_PLAYS, HINT, lift("c3"))
    assert turns(document) == ["A: c1-c2 d2", "B: e5-d5 e5"]  # recorded once it is done
    first = document["errors"][0]
    assert first["cells"][0] == "c3"
    assert first["message"].startswith("c3: expected no worker, found one")


MEDUSA_START = placed(("c3", "a1"), ("e5", "e1"))
MEDUSA_PETRIFIES = (
    *(lift("c3"), worker("c4"), block("b4")),
    *(lift("e5"), worker("d5", "B"), block("e4")),
    *(lift("a1"), worker("a2"), block("a3")),
    *(lift("d5"), worker("c5", "B"), block("d5")),
    *(lift("c4"), worker("b4"), block("a4")),  # up to level 1, above B's worker on c5
)
"""Four turns, then Medusa's worker climbs beside B's worker on c5: at the end of her
turn it becomes a block."""
MEDUSA_TURNS = ["A: c3-c4 b4", "B: e5-d5 e4", "A: a1-a2 a3", "B: d5-c5 d5", "A: c4-b4 a4"]
B_PLAYS_ON = (lift("e1"), worker("d1", "B"), block("e1"))


def medusa(sensors: str, *ops: tuple[str, ...]) -> tuple[RunResult, dict[str, Any]]:
    result = run_result(
        MEDUSA_START + steps(5.0, *MEDUSA_PETRIFIES, *ops), {"A": "Medusa"}, sensors
    )
    return result, result.to_json()


@SENSORS
def test_medusas_victim_becomes_a_block_at_the_end_of_her_turn(sensors: str) -> None:
    result, document = medusa(sensors, lift("c5"), block("c5"), *B_PLAYS_ON)
    assert turns(document) == [*MEDUSA_TURNS, "B: e1-d1 e1"]
    assert document["position"]["workers"]["B"] == ["d1"]
    assert document["position"]["heights"]["c5"] == 1
    assert document["errors"] == []
    petrified = [e for e in result.events if e.kind == "petrified"]
    assert [(e.player, e.text) for e in petrified] == [
        ("A", "c5: take the worker off, put a block there")
    ]


@SENSORS
def test_medusas_petrification_is_lit_step_by_step(sensors: str) -> None:
    _, waiting = medusa(sensors, HINT, HINT, HINT)
    assert waiting["lights"]["c5"] == "take_worker"
    assert waiting["errors"] == []
    _, half_done = medusa(sensors, lift("c5"), HINT, HINT, HINT)
    assert half_done["lights"]["c5"] == "place_block"
    assert half_done["errors"] == []
    _, done = medusa(sensors, lift("c5"), block("c5"), HINT)
    assert "c5" not in done["lights"] or done["lights"]["c5"] != "place_block"


@SENSORS
def test_medusas_victim_not_taken_off_is_an_error_once_the_next_player_moves(
    sensors: str,
) -> None:
    _, document = medusa(sensors, *B_PLAYS_ON)
    assert turns(document) == MEDUSA_TURNS
    first = document["errors"][0]
    assert first["cells"][0] == "c5"
    assert "c5: expected no worker, found one" in first["message"]


@SENSORS
def test_medusas_block_put_on_a_wrong_cell_is_an_error_naming_both(sensors: str) -> None:
    _, document = medusa(sensors, lift("c5"), block("b5"), HINT, HINT, HINT)
    assert sorted(document["errors"][0]["cells"]) == ["b5", "c5"]
    _, fixed = medusa(sensors, lift("c5"), block("b5"), HINT, HINT, lift("b5"), block("c5"))
    assert turns(fixed) == MEDUSA_TURNS
    assert fixed["position"]["heights"]["c5"] == 1
