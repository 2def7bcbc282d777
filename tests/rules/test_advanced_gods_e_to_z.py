"""The advanced gods Eros to Zeus, one test per ruling (contract v2, section 3)."""

from __future__ import annotations

import pytest

from santorini_hw.rules.game import Game, GameError
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import generate_turns, perft
from tests.rules.advanced_helpers import first_steps, turns_of, winners
from tests.rules.helpers import position


# Eros
def test_eros_wins_with_both_workers_side_by_side_on_level_one() -> None:
    found = turns_of(
        {"A": ["a1", "c2"], "B": ["e5", "e1"]}, gods={"A": "Eros"}, heights={"b1": 1, "c2": 1}
    )
    assert found["a1-b1"][1] == "A"
    assert found["a1-b2 a1"][1] is None  # b2 is level 0


def test_eros_in_three_players_wins_side_by_side_on_any_same_level() -> None:
    found = turns_of(
        {"A": ["a1", "c2"], "B": ["e5", "e1"], "C": ["a5", "c5"]},
        gods={"A": "Eros", "B": "Pan", "C": "Atlas"},
    )
    assert found["a1-b1"][1] == "A"


# Hera
def test_hera_stops_a_win_on_the_perimeter() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c4", "e1"]},
        gods={"B": "Hera"},
        heights={"b2": 2, "a1": 3, "c3": 3},
    )
    assert found["b2-c3"][1] == "A"
    assert "b2-a1 b1" in found and found["b2-a1 b1"][1] is None


def test_hera_against_pan_drop_on_the_perimeter() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]},
        gods={"A": "Pan", "B": "Hera"},
        heights={"b2": 2},
    )
    assert found["b2-c3"][1] == "A"
    assert found["b2-a1 b1"][1] is None


# Hestia
def test_hestia_builds_again_but_not_on_the_perimeter() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"A": "Hestia"})
    assert "b2-b3 c3 c3" in found and "b2-b3 a3 c4" in found
    assert not any(text.startswith("b2-b3 c3 a") for text in found)


# Hypnus
def test_hypnus_stops_the_worker_higher_than_all_the_others() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"B": "Hypnus"}, heights={"b2": 1}
    )
    assert all(step.startswith("e5-") for step in first_steps(found))


def test_hypnus_stops_a_lone_worker() -> None:
    found = turns_of({"A": ["b2"], "B": ["d4", "e1"]}, gods={"B": "Hypnus"})
    assert found == {}


def test_hypnus_judges_at_the_start_so_artemis_may_climb_past_her_other_worker() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]},
        gods={"A": "Artemis", "B": "Hypnus"},
        heights={"b2": 1, "e4": 1, "e3": 2},
    )
    assert not any(step.startswith("b2-") for step in first_steps(found))
    assert "e5-e4 e4-e3 d3" in found


# Limus
def test_limus_forbids_building_next_to_his_workers_except_completing_towers() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["c4", "e1"]}, gods={"B": "Limus"}, heights={"c3": 3})
    assert "b2-b3 c3X" in found
    assert not any(text.split()[-1] in ("b3", "b4", "c3", "d3", "b5", "d5") for text in found)


def test_limus_against_atlas_low_dome() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c4", "e1"]},
        gods={"A": "Atlas", "B": "Limus"},
        heights={"c3": 3},
    )
    assert "b2-b3 c3X" in found and "b2-b3 a3X" in found
    assert "b2-b3 b4X" not in found


# Medusa
def test_medusa_turns_lower_neighbours_into_blocks() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c3", "a5"]}, gods={"A": "Medusa"}, heights={"b3": 1}
    )
    result, winner = found["b2-b3 a4"]
    assert result["workers"]["B"] == ["a5"] and result["heights"]["c3"] == 1
    assert winner is None


def test_medusa_wins_when_she_petrifies_the_last_opponent_worker() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["c3"]}, gods={"A": "Medusa"}, heights={"b3": 1})
    assert found["b2-b3 a4"][1] == "A"


def test_limus_forbids_the_petrifying_block_next_to_his_other_worker() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c3", "d3"]},
        gods={"A": "Medusa", "B": "Limus"},
        heights={"b3": 1},
        domes=["a4"],
        to_move="A",
    )
    assert all(len(result["workers"]["B"]) == 2 for result, _ in found.values())


# Morpheus
def test_morpheus_spends_his_tokens_plus_this_turns_gain() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"A": "Morpheus"}, tokens={"A": 1}
    )
    assert found["b2-b3"][0]["tokens"] == {"A": 2}
    assert found["b2-b3 a3"][0]["tokens"] == {"A": 1}
    assert found["b2-b3 a3 a3"][0]["tokens"] == {"A": 0}
    assert not any(len(text.split()) > 3 for text in found)


def test_morpheus_tokens_stay_during_the_opponents_turn() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]},
        gods={"A": "Morpheus"},
        tokens={"A": 3},
        to_move="B",
    )
    assert all(result["tokens"] == {"A": 3} for result, _ in found.values())


# Persephone
def test_persephone_makes_the_opponent_move_up_when_he_can() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"B": "Persephone"}, heights={"c3": 1}
    )
    assert first_steps(found) == {"b2-c3"}


def test_persephone_against_a_player_who_cannot_move_up() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"B": "Persephone"})
    assert "b2-a1" in first_steps(found) and "e5-e4" in first_steps(found)


# Poseidon
def test_poseidon_unmoved_worker_on_the_ground_builds_up_to_three_times() -> None:
    found = turns_of({"A": ["a1", "e5"], "B": ["c3", "a5"]}, gods={"A": "Poseidon"})
    heights = {"a1": 1, "d5": 2, "e4": 1}
    assert any(
        r["heights"] == heights and r["workers"]["A"] == ["a2", "e5"] for r, _ in found.values()
    )
    assert "a1-a2 a1" in found
    assert not any(len(text.split()) > 5 for text in found)


def test_poseidon_unmoved_worker_above_the_ground_builds_nothing() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c3", "a5"]}, gods={"A": "Poseidon"}, heights={"e5": 1}
    )
    assert not any(len(text.split()) > 2 for text in found if text.startswith("a1-"))


# Selene
def test_selene_female_builds_a_dome_at_any_level() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c4", "a5"]}, gods={"A": "Selene"}, female={"A": "e5"}
    )
    assert "b2-b3 d5X" in found and "b2-b3 a3" in found
    assert "b2-b3 a3X" not in found  # the male builds no low dome


def test_selene_without_her_female_has_no_power() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["c4", "a5"]}, gods={"A": "Selene"})
    assert not any(text.endswith("X") for text in found)
    assert all(result["female"] == {"A": None} for result, _ in found.values())


def test_selene_female_follows_a_minotaur_push() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c3", "a5"]},
        gods={"A": "Minotaur", "B": "Selene"},
        female={"B": "c3"},
    )
    assert found["b2-c3 b2"][0]["female"] == {"B": "d4"}


# Triton
def test_triton_moves_again_after_each_step_onto_the_perimeter() -> None:
    found = turns_of({"A": ["a1", "c3"], "B": ["e5", "e3"]}, gods={"A": "Triton"})
    assert "a1-a2 a2-a3 a3-a4 b4" in found
    assert "a1-b2 a1" in found and not any(text.startswith("a1-b2 b2-") for text in found)


def test_a_winning_step_ends_tritons_walk() -> None:
    found = turns_of(
        {"A": ["a2", "c3"], "B": ["e5", "e3"]}, gods={"A": "Triton"}, heights={"a2": 2, "a3": 3}
    )
    assert found["a2-a3"][1] == "A"
    assert not any(text.startswith("a2-a3 ") for text in found)


# Zeus
def test_zeus_builds_a_block_under_himself() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"A": "Zeus"})
    assert found["b2-b3 b3"][0]["heights"] == {"b3": 1}
    assert found["b2-b3 b3"][0]["workers"]["A"] == ["b3", "e5"]


def test_zeus_raised_to_level_three_does_not_win() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d4", "e1"]}, gods={"A": "Zeus"}, heights={"b2": 1, "b3": 2}
    )
    assert found["b2-b3 b3"][1] is None
    assert found["b2-b3 b3"][0]["heights"]["b3"] == 3
    assert winners(found) == {None}


# Players without workers, team games
def test_a_player_left_without_workers_has_no_turn() -> None:
    start = position({"A": [], "B": ["d4", "e1"]}, gods={"A": "Bia", "B": "Pan"})
    assert generate_turns(start) == [] and perft(start, 2) == 0


def test_team_games_keep_to_the_simple_gods() -> None:
    with pytest.raises(GameError, match="unsupported: Bia with 4 players"):
        Game.new(("A", "B", "C", "D"), (God.BIA, God.PAN, None, None))
