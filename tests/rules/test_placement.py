"""The powers that act while the workers are placed, through `Game` (contract v2, s. 4)."""

from __future__ import annotations

import doctest
import random

import pytest

from santorini_hw.rules import placement as placement_module
from santorini_hw.rules.actions import NotationError, parse_actions
from santorini_hw.rules.cards import shuffled_deck
from santorini_hw.rules.cells import cell_name, cells_of, parse_cell
from santorini_hw.rules.game import Game, GameError
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.notation import parse_record, record_text
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turn import IllegalActionError


def placed(game: Game, *cells: str) -> Game:
    for cell in cells:
        game.place(parse_cell(cell))
    return game


def female(game: Game) -> str | None:
    selene = position_to_json(game.board)["female"]
    return next(iter(selene.values()))


def test_bia_places_first_and_the_start_player_still_moves_first() -> None:
    game = Game.new(("A", "B"), (God.PAN, God.BIA))
    assert game.player == "B"
    placed(game, "a1", "b1")
    assert game.player == "A"
    placed(game, "e5", "d5")
    assert game.turn is not None and game.player == "A"
    assert [(line.player, line.cells) for line in game.record] == [("B", (0, 1)), ("A", (24, 23))]


def test_bia_places_first_in_a_three_player_game_then_the_turn_order() -> None:
    game = Game.new(("A", "B", "C"), (God.PAN, God.ATLAS, God.BIA))
    placers = []
    for cell in ("a1", "b1", "c1", "d1", "e1", "a2"):
        placers.append(game.player)
        game.place(parse_cell(cell))
    assert placers == ["C", "C", "A", "A", "B", "B"] and game.player == "A"


def test_eros_first_worker_goes_on_an_edge() -> None:
    game = Game.new(("A", "B"), (God.EROS, God.PAN))
    assert game.placements().bit_count() == 16 and not game.placements() >> parse_cell("c3") & 1
    with pytest.raises(IllegalActionError, match="c3: Eros' first worker goes on an edge"):
        game.place(parse_cell("c3"))


def test_eros_second_worker_goes_on_the_opposite_edge() -> None:
    game = placed(Game.new(("A", "B"), (God.EROS, God.PAN)), "a3")
    assert [cell_name(c) for c in cells_of(game.placements())] == ["e1", "e2", "e3", "e4", "e5"]
    with pytest.raises(IllegalActionError, match="a5: Eros' second worker goes on the edge"):
        game.place(parse_cell("a5"))
    placed(game, "e2")
    assert game.player == "B" and game.placements().bit_count() == 23


def test_eros_first_worker_in_a_corner_opens_both_opposite_edges() -> None:
    game = placed(Game.new(("A", "B"), (God.PAN, God.EROS)), "c3", "d4", "a1")
    allowed = {cell_name(c) for c in cells_of(game.placements())}
    assert allowed == {"e1", "e2", "e3", "e4", "e5", "a5", "b5", "c5", "d5"}


def test_selene_first_worker_placed_is_her_female() -> None:
    game = placed(Game.new(("A", "B"), (God.SELENE, God.PAN)), "c2", "a4")
    assert female(game) == "c2"


def test_selene_female_follows_her_own_move_an_apollo_swap_and_a_charon_ferry() -> None:
    game = placed(Game.new(("A", "B"), (God.SELENE, God.APOLLO)), "c2", "a4", "c3", "e5")
    game.play_turn(parse_actions("c2-d2 e2"))  # her own move
    assert female(game) == "d2"
    game.play_turn(parse_actions("c3-d2 d3"))  # Apollo swaps: she goes to c3
    assert female(game) == "c3"
    ferried = placed(Game.new(("A", "B"), (God.CHARON, God.SELENE)), "b2", "e5", "c3", "a5")
    ferried.play_turn(parse_actions("c3~a1 b2-b3 b4"))  # Charon ferries her across
    assert female(ferried) == "a1"


def test_selene_female_follows_a_minotaur_push() -> None:
    game = placed(Game.new(("A", "B"), (God.MINOTAUR, God.SELENE)), "b2", "e5", "c3", "a5")
    game.play_turn(parse_actions("b2-c3 b2"))
    assert female(game) == "d4"


def test_chaos_deck_is_dealt_as_the_board_shuffled_it() -> None:
    gods = (God.CHAOS, God.PAN)
    deck = shuffled_deck(gods, random.Random(5))
    assert deck is not None and sorted(g.value for g in deck) == sorted(
        g.value for g in SIMPLE_GODS if g is not God.PAN
    )
    game = Game.new(("A", "B"), gods, chaos_deck=deck)
    chaos = position_to_json(game.position)["chaos"]["A"]
    assert chaos == {"power": deck[0].value, "deck": [god.value for god in deck[1:]]}
    assert shuffled_deck(gods, random.Random(5)) == deck
    assert shuffled_deck((God.PAN, God.ZEUS), random.Random(5)) is None


def test_a_chaos_deck_that_is_not_the_unheld_simple_gods_is_refused() -> None:
    with pytest.raises(GameError, match="Chaos' deck holds each of"):
        Game.new(("A", "B"), (God.CHAOS, God.PAN), chaos_deck=(God.PAN, God.APOLLO))
    with pytest.raises(GameError, match="only to a Chaos player"):
        Game.new(("A", "B"), (God.ZEUS, God.PAN), chaos_deck=(God.APOLLO,))


def test_the_module_docstring_example_runs_as_written() -> None:
    result = doctest.testmod(placement_module)
    assert result.attempted > 0 and result.failed == 0


def test_a_game_with_a_dealt_chaos_deck_round_trips_through_its_record() -> None:
    deck = shuffled_deck((God.PAN, God.CHAOS), random.Random(8))
    game = placed(Game.new(("A", "B"), (God.PAN, God.CHAOS), chaos_deck=deck), "a1", "b1", "e5")
    text = record_text(game)
    assert deck is not None and f'[Chaos "{" ".join(g.value for g in deck)}"]' in text
    again = parse_record(text)
    assert again.position == game.position and record_text(again) == text
    assert "[Chaos" not in record_text(Game.new(("A", "B"), (God.PAN, God.CHAOS)))
    with pytest.raises(NotationError, match=r"header: .*Chaos' deck holds each of"):
        parse_record(text.replace(deck[0].value, "Zeus"))
