"""Whole games: placement, turns, 3-player elimination, 4-player teams, undo, records."""

from __future__ import annotations

import pytest

from santorini_hw.rules.actions import NotationError, parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game, GameError, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.notation import parse_record, record_text
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turn import IllegalActionError
from tests.rules.helpers import position


def place(game: Game, *cells: str) -> None:
    for cell in cells:
        game.place(parse_cell(cell))


def test_start_player_places_both_workers_then_the_next_player() -> None:
    game = Game.new(("A", "B"))
    assert game.phase is Phase.PLACEMENT and game.player == "A"
    place(game, "b2")
    assert game.player == "A"
    place(game, "d4")
    assert game.player == "B"
    with pytest.raises(IllegalActionError, match="already there"):
        place(game, "d4")
    place(game, "b4", "d2")
    assert game.phase is Phase.PLAY and game.player == "A"


def test_four_players_place_one_pair_per_team_and_alternate_teams() -> None:
    game = Game.new(("A", "B", "C", "D"), (God.PAN, God.ATLAS, God.APOLLO, God.DEMETER))
    place(game, "a1", "a2", "e1", "e2")
    assert game.phase is Phase.PLAY
    game.play_turn(parse_actions("a1-b1 c1"))
    game.play_turn(parse_actions("e1-d1 d2"))
    assert game.player == "C"
    game.play_turn(parse_actions("b1-b2 c3"))  # C moves the team's worker with Apollo
    assert position_to_json(game.position)["workers"]["A"] == ["a2", "b2"]


def test_team_wins_together() -> None:
    game = Game.from_position(
        position(
            {"A": ["a1", "a2"], "B": ["e1", "e2"], "C": ["a1", "a2"], "D": ["e1", "e2"]},
            heights={"a1": 2, "b1": 3},
            teams=[["A", "C"], ["B", "D"]],
        )
    )
    game.play_turn(parse_actions("a1-b1"))
    assert game.winner == "A" and game.winners == ("A", "C")


def test_three_players_need_gods() -> None:
    with pytest.raises(GameError, match="need a god"):
        Game.new(("A", "B", "C"))


def test_trapped_player_is_eliminated_in_a_three_player_game_and_play_goes_on() -> None:
    start = position(
        {"A": ["c3", "e5"], "B": ["a1", "a2"], "C": ["e1", "d1"]},
        gods={"A": "Atlas", "B": "Pan", "C": "Demeter"},
        domes=["b1", "b3", "a3"],
    )
    game = Game.from_position(start)
    game.play_turn(parse_actions("c3-c2 b2X"))  # B's workers on a1, a2 are now trapped
    assert game.record[-1].kind == "eliminated" and game.record[-1].player == "B"
    assert game.player == "C" and game.winner is None
    assert position_to_json(game.position)["workers"]["B"] == []


def test_trapped_player_loses_a_two_player_game() -> None:
    start = position(
        {"A": ["c3", "e5"], "B": ["a1", "a2"]}, gods={"A": "Atlas"}, domes=["b1", "b3", "a3"]
    )
    game = Game.from_position(start)
    game.play_turn(parse_actions("c3-c2 b2X"))
    assert game.winner == "A" and game.phase is Phase.OVER


def test_winning_move_ends_the_game_and_undo_takes_it_back() -> None:
    start = position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 2, "c3": 3})
    game = Game.from_position(start)
    game.apply(parse_actions("b2-c3")[0])
    assert game.winner == "A"
    with pytest.raises(GameError):
        game.apply(parse_actions("b2")[0])
    game.undo()
    assert game.winner is None and game.position == start


def test_undo_takes_back_a_partial_turn_first() -> None:
    start = position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Demeter"})
    game = Game.from_position(start)
    game.apply(parse_actions("a1-a2")[0])
    game.undo()
    assert game.board == start and game.turn is not None and game.turn.actions == ()


def test_optional_extras_wait_for_the_player_to_end_the_turn() -> None:
    game = Game.from_position(
        position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Demeter"})
    )
    for action in parse_actions("a1-a2 a3"):
        game.apply(action)
    assert game.can_end_turn() and not game.must_end_turn()
    game.end_turn()
    assert game.player == "B"


def test_incomplete_turn_is_refused_and_leaves_the_game_unchanged() -> None:
    start = position({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    game = Game.from_position(start)
    with pytest.raises(GameError, match="not complete"):
        game.play_turn(parse_actions("a1-a2"))
    assert game.board == start and game.record == []


def test_supply_reports_pieces_left_in_the_box() -> None:
    start = position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, heights={"b2": 3}, domes=["b2"])
    assert start.supply() == {"level1": 21, "level2": 17, "level3": 13, "dome": 17}


def test_record_names_the_bad_line_and_token() -> None:
    text = '[Players "A B"]\n[Result "*"]\nA places b2 d4\nB places b4 d2\nA: b2-b9 b3\n'
    with pytest.raises(NotationError, match=r"line 5: bad action 'b2-b9'"):
        parse_record(text)
    with pytest.raises(NotationError, match="line 5: b2-e5 is not legal"):
        parse_record(text.replace("b2-b9", "b2-e5"))
    with pytest.raises(NotationError, match="it is A's turn"):
        parse_record(text.replace("A: b2-b9 b3", "B: b4-b5 a5"))
    with pytest.raises(NotationError, match="Gods header"):
        parse_record(text.replace("[Result", '[Gods "Odin Pan"]\n[Result'))


def test_record_with_gods_and_teams_round_trips() -> None:
    game = Game.new(("A", "B", "C", "D"), (God.PAN, God.ATLAS, God.APOLLO, God.DEMETER))
    place(game, "a1", "a2", "e1", "e2")
    game.play_turn(parse_actions("a1-b1 c1"))
    text = record_text(game)
    assert '[Teams "A+C B+D"]' in text and "A: a1-b1 c1" in text
    assert record_text(parse_record(text)) == text


def test_undoing_a_second_placement_leaves_the_first_on_its_line() -> None:
    game = Game.new(("A", "B"))
    game.place(0)
    game.place(24)
    game.undo()
    game.place(23)
    assert [line.cells for line in game.record] == [(0, 23)]
