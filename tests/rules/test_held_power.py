"""The power a player holds this turn, which the simulated hands play by: the card as
printed, Chaos' face-up god, Circe's borrowed power, none in Dionysus' additional turn."""

from __future__ import annotations

from santorini_hw.rules.gods import God
from santorini_hw.rules.turn import start_turn
from tests.rules.helpers import position


def test_a_simple_god_holds_its_own_card() -> None:
    start = start_turn(position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Artemis"}))
    assert start.god is God.ARTEMIS


def test_chaos_holds_his_face_up_card_not_his_name() -> None:
    chaos = {"A": {"power": "Hermes", "deck": ["Pan"]}}
    board = position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Chaos"}, chaos=chaos)
    assert start_turn(board).god is God.HERMES


def test_circe_holds_the_power_of_an_opponent_whose_workers_stand_apart() -> None:
    gods = {"A": "Circe", "B": "Medusa"}
    apart = position({"A": ["a1", "a2"], "B": ["c5", "e1"]}, gods=gods)
    together = position({"A": ["a1", "a2"], "B": ["c5", "d5"]}, gods=gods)
    assert start_turn(apart).god is God.MEDUSA
    assert start_turn(together).god is None


def test_dionysus_holds_no_power_in_his_additional_turn() -> None:
    gods = {"A": "Dionysus", "B": "Pan"}
    owed = position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods=gods, extra_turns=1)
    assert start_turn(owed).god is None
