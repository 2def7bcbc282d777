"""The referee benchmark's draw: every kind of game the board plays, the gods each player
count may hold, and sensors that can tell the players apart."""

from __future__ import annotations

from bench.referee import FOUR, THREE, lineup_of
from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import God, barred_gods


def test_one_game_in_ten_has_three_players_with_gods_none_barred_for_three() -> None:
    lineups = [lineup_of(index, simple=False) for index in range(THREE, 1000, 10)]
    assert all(len(gods) == 3 and all(gods) and accepted(gods) for gods in lineups)
    held = {god for gods in lineups for god in gods}
    assert not held & barred_gods(3)
    assert any(god is not None and not god.is_simple for god in held)


def test_one_game_in_ten_has_four_players_with_simple_gods_or_none() -> None:
    lineups = [lineup_of(index, simple=False) for index in range(FOUR, 1000, 10)]
    assert all(len(gods) == 4 and accepted(gods) for gods in lineups)
    assert all(god is None or god.is_simple for gods in lineups for god in gods)


def test_two_player_games_meet_advanced_gods_and_the_placement_powers() -> None:
    two = [lineup_of(index, simple=False) for index in range(1000) if index % 10 < THREE]
    held = {god for gods in two for god in gods}
    assert {God.BIA, God.EROS, God.SELENE, God.CHAOS, God.CIRCE} <= held
    assert len(set(two)) == len(two)  # no pairing played twice in 1,000 games


def test_the_simple_draw_holds_simple_gods_only() -> None:
    lineups = [lineup_of(index, simple=True) for index in range(100)]
    assert all(god is None or god.is_simple for gods in lineups for god in gods)
