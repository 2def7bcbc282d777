"""God selection: the official procedure, the quick two-player one, and no gods."""

from __future__ import annotations

import random

import pytest

from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS, God
from santorini_hw.rules.setup import (
    OfficialSelection,
    QuickSelection,
    SetupError,
    no_gods,
    pool_gods,
    pools,
    random_gods,
)


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


def test_each_pool_holds_its_gods_in_the_order_of_the_box() -> None:
    assert pool_gods("simple", 2) == SIMPLE_GODS
    assert pool_gods("advanced", 2) == ADVANCED_GODS
    assert pool_gods("all", 2) == tuple(God)
    with pytest.raises(SetupError, match="unknown god pool 'heroes'"):
        pool_gods("heroes", 2)


def test_the_gods_barred_for_the_number_of_players_are_never_in_a_pool() -> None:
    three = pool_gods("all", 3)
    assert len(three) == 27 and not {God.APHRODITE, God.CHRONUS, God.CIRCE} & set(three)
    assert pool_gods("advanced", 4) == () and pool_gods("all", 4) == SIMPLE_GODS
    assert pools(2) == pools(3) == ("simple", "advanced", "all") and pools(4) == ("simple",)


def test_the_challenger_offers_only_from_the_pool_the_players_allow() -> None:
    selection = OfficialSelection(("A", "B", "C"), pool="advanced")
    assert selection.step is not None and "Apollo" not in selection.step.options
    assert "Circe" not in selection.step.options and "Zeus" in selection.step.options
    with pytest.raises(SetupError, match="Apollo is not allowed here"):
        selection.decide("A", (God.APOLLO, God.ZEUS, God.BIA))
    with pytest.raises(SetupError, match="Circe is not allowed here"):
        selection.decide("A", (God.CIRCE, God.ZEUS, God.BIA))
    selection.decide("A", (God.SELENE, God.ZEUS, God.BIA))
    assert selection.step is not None and selection.step.options == ("Selene", "Zeus", "Bia")


def test_the_challenger_cannot_offer_a_pairing_the_rules_refuse() -> None:
    selection = OfficialSelection(("A", "B"), pool="advanced")
    with pytest.raises(SetupError, match="Circe and Eros cannot play together"):
        selection.decide("A", (God.CIRCE, God.EROS))


def test_the_quick_selection_draws_four_gods_from_the_pool() -> None:
    for seed in range(20):
        offered = QuickSelection(("A", "B"), random.Random(seed), pool="advanced").offered
        assert len(set(offered)) == 4 and all(not god.is_simple for god in offered)


def test_the_quick_selection_never_leaves_circe_without_an_opponent() -> None:
    selection = QuickSelection(("A", "B"), random.Random(1), pool="advanced")
    selection.offered = (God.CIRCE, God.EROS, God.CHAOS, God.MORPHEUS)
    assert selection.step is not None and selection.step.options == ("Eros", "Chaos", "Morpheus")
    selection.offered = (God.CIRCE, God.EROS, God.ZEUS, God.BIA)
    assert selection.step is not None and "Circe" in selection.step.options
    selection.decide("A", God.CIRCE)
    assert selection.step is not None and selection.step.options == ("Zeus", "Bia")


def test_random_gods_are_different_allowed_and_playable_together() -> None:
    rng = random.Random(4)
    for _ in range(200):
        gods = random_gods("all", 2, rng)
        assert len(set(gods)) == 2 and accepted(gods)
    assert all(not god.is_simple for god in random_gods("advanced", 3, rng))
    assert set(random_gods("all", 4, rng)) <= set(SIMPLE_GODS)


def test_random_gods_refuse_a_pool_barred_for_the_players() -> None:
    with pytest.raises(SetupError, match="the advanced gods are barred for 4 players"):
        random_gods("advanced", 4, random.Random(1))
