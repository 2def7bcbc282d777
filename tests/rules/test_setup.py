"""God selection: the official procedure, the quick two-player one, and no gods."""

from __future__ import annotations

import random

import pytest

from santorini_hw.rules.gods import God
from santorini_hw.rules.setup import OfficialSelection, QuickSelection, SetupError, no_gods


def test_official_selection_challenger_offers_others_choose_challenger_takes_last() -> None:
    selection = OfficialSelection(("A", "B", "C"), challenger="B")
    assert selection.step is not None and selection.step.kind == "offer"
    selection.decide("B", (God.PAN, God.ATLAS, God.HERMES))
    assert selection.step is not None and selection.step.player == "C"
    with pytest.raises(SetupError, match="choose one of"):
        selection.decide("C", God.APOLLO)
    selection.decide("C", God.ATLAS)
    selection.decide("A", God.HERMES)
    assert selection.chosen["B"] is God.PAN
    assert selection.step is not None and selection.step.kind == "start"
    selection.decide("B", "C")
    lineup = selection.lineup()
    assert lineup.players == ("C", "A", "B")
    assert lineup.gods == (God.ATLAS, God.HERMES, God.PAN)


def test_official_selection_refuses_decisions_out_of_turn() -> None:
    selection = OfficialSelection(("A", "B"))
    with pytest.raises(SetupError, match="A's decision"):
        selection.decide("B", (God.PAN, God.ATLAS))
    with pytest.raises(SetupError, match="2 different gods"):
        selection.decide("A", (God.PAN, God.PAN))


def test_official_selection_for_four_players_makes_alternating_teams() -> None:
    selection = OfficialSelection(("A", "B", "C", "D"))
    selection.decide("A", (God.PAN, God.ATLAS, God.HERMES, God.MINOTAUR))
    for player, god in (("B", God.PAN), ("C", God.ATLAS), ("D", God.HERMES)):
        selection.decide(player, god)
    selection.decide("A", "B")
    lineup = selection.lineup()
    assert lineup.players == ("B", "C", "D", "A")
    assert lineup.sides == (0, 1, 0, 1)


def test_quick_selection_offers_four_gods_start_player_first() -> None:
    selection = QuickSelection(("A", "B"), random.Random(5))
    assert len(set(selection.offered)) == 4
    first = selection.offered[0]
    selection.decide("A", first)
    assert selection.step is not None and first.value not in selection.step.options
    assert len(selection.step.options) == 3
    selection.decide("B", selection.offered[1])
    assert selection.lineup().gods == (first, selection.offered[1])


def test_quick_selection_is_deterministic_for_a_seed() -> None:
    first = QuickSelection(("A", "B"), random.Random(9)).offered
    assert QuickSelection(("A", "B"), random.Random(9)).offered == first


def test_a_game_without_gods_except_for_three_players() -> None:
    assert no_gods(("A", "B")).gods == (None, None)
    with pytest.raises(SetupError):
        no_gods(("A", "B", "C"))
