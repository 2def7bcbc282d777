"""A remote seat's turns, read and checked by the rules core: what it may send, and each
turn it may not send refused with the code that says why (409 stale, 422 illegal)."""

from __future__ import annotations

import random

import pytest

from santorini_hw.daemon.settings import load_settings
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import generate_turns
from santorini_hw.seats.model import SeatsError, parse_seats, seats_json
from santorini_hw.seats.remote_seat import RemoteTurnRefused, legal_turns, remote_turn
from tests.rules.helpers import position


def placed(gods: tuple[God | None, ...] | None = None) -> Game:
    """A's workers on a1 and e5: B to place."""
    game = Game.new(("A", "B"), gods)
    game.place(0)
    game.place(24)
    return game


def playing(gods: dict[str, str] | None = None) -> Game:
    """A's workers on a1 and e5, B's on c3 and e1: A to move."""
    return Game.from_position(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods=gods))


def refused(game: Game, player: str, actions: list[str]) -> RemoteTurnRefused:
    with pytest.raises(RemoteTurnRefused) as caught:
        remote_turn(game, player, actions)
    return caught.value


def test_a_remote_seat_is_a_kind_of_its_own_without_a_level() -> None:
    seats = parse_seats({"B": {"kind": "remote"}}, ("A", "B"))
    assert seats_json(seats, ("A", "B")) == {"A": {"kind": "person"}, "B": {"kind": "remote"}}
    assert seats.remote == {"B"} and seats.of_kind("remote") == {"B"}
    assert seats.of_kind("engine") == frozenset()
    with pytest.raises(SeatsError, match=r"seats\.B\.level: a remote player has no level"):
        parse_seats({"B": {"kind": "remote", "level": 3}}, ("A", "B"))


def test_the_placement_lists_every_pair_of_free_cells() -> None:
    turns = legal_turns(placed(), "B")
    assert len(turns) == 23 * 22 // 2
    assert ["a1", "b1"] not in turns and ["b1", "c1"] in turns and ["d5", "e4"] not in turns
    assert all(len(cells) == 2 for cells in turns)


def test_the_turns_listed_are_the_rules_cores_whole_turns() -> None:
    game = playing({"A": "Demeter"})
    turns = legal_turns(game, "A")
    expected = [[a.text() for a in turn.actions] for turn in generate_turns(game.position)]
    assert turns == expected
    assert ["a1-a2", "a3"] in turns
    assert ["a1-a2", "a3", "b3"] in turns or ["a1-a2", "b3", "a3"] in turns  # a second build


def test_nothing_is_listed_for_a_player_not_to_move_or_a_game_over() -> None:
    game = playing()
    assert legal_turns(game, "B") == []
    game.play_turn(remote_turn(game, "A", ["a1-a2", "a3"]).actions)
    assert legal_turns(game, "B")
    game.lose_on_time("B")
    assert legal_turns(game, "A") == [] and legal_turns(game, "B") == []


def test_a_listed_turn_is_accepted_whole_with_its_actions() -> None:
    expected = remote_turn(playing(), "A", ["a1-b2", "c2"])
    assert expected.player == "A" and expected.steps() == ["a1-b2", "c2"]
    assert expected.result().to_move == 1


def test_a_placement_is_accepted_as_its_cells() -> None:
    expected = remote_turn(placed(), "B", ["c3", "b2"])
    assert expected.is_placement and expected.cells == (12, 6)


def test_a_turn_for_the_other_player_is_stale() -> None:
    error = refused(playing(), "B", ["c3-c4", "c5"])
    assert (error.status, error.reason) == (409, "it is A's turn, not B's")


def test_a_turn_after_the_game_is_over_is_stale() -> None:
    game = playing()
    game.lose_on_time("A")
    assert refused(game, "B", ["c3-c4", "c5"]).status == 409


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (["a1-a2"], "a1-a2 is not a complete turn"),
        ([], "a turn needs at least one action"),
        (["a1-a3", "a4"], "a1-a3"),
        (["a1-a2", "a3", "a4"], "the turn is complete"),
        (["a1-a2", "zz"], "bad action 'zz'"),
        (["c3-c4", "c5"], "c3-c4"),
    ],
)
def test_a_malformed_or_illegal_turn_is_refused_saying_why(actions: list[str], reason: str) -> None:
    error = refused(playing(), "A", actions)
    assert error.status == 422 and reason in error.reason


@pytest.mark.parametrize(
    ("cells", "reason"),
    [
        (["a1", "b2"], "a placement on an occupied cell"),
        (["c3"], "a placement of 1 workers"),
        (["c3", "c3"], "a placement on an occupied cell"),
        (["c3", "f9"], "bad cell 'f9'"),
    ],
)
def test_an_impossible_placement_is_refused_saying_why(cells: list[str], reason: str) -> None:
    error = refused(placed(), "B", cells)
    assert error.status == 422 and reason in error.reason


def test_the_board_menu_seats_a_colour_as_remote_on_b3() -> None:
    menu = BoardMenu(random.Random(1))
    menu.choose("seats_2")
    menu.press("done")
    assert menu.step is not None and menu.step.cells[11] == "remote"  # b3
    menu.touch(0)  # A: a person
    menu.press("done")
    menu.touch(11)  # B: remote
    menu.press("done")
    assert menu.seats == {"B": {"kind": "remote"}}


def test_the_pages_menu_seats_and_the_settings_take_remote_seats() -> None:
    menu = BoardMenu(random.Random(1))
    menu.choose("2")
    menu.press("done")
    menu.choose_seats({"A": {"kind": "remote"}, "B": {"kind": "person"}})
    assert menu.seats == {"A": {"kind": "remote"}}
    settings = load_settings([], {"SANTORINI_HW_SEATS": "B=remote"})
    assert settings.seats["B"].kind == "remote"
