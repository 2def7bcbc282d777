"""The page's part of the menu: any colour seated as the engine at a level, and the
players' names, chosen between the number of players and the start."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from santorini_hw.daemon.service import BoardService
from santorini_hw.referee.menu import BoardMenu
from tests.daemon.in_process import settled_service, tick


def three_players() -> BoardMenu:
    menu = BoardMenu(random.Random(1))
    menu.choose("3")
    menu.press("done")
    return menu


def test_any_colour_of_three_can_be_the_engine_and_persons_are_left_out() -> None:
    menu = three_players()
    menu.choose_seats(
        {
            "A": {"kind": "engine", "level": 10},
            "B": {"kind": "person"},
            "C": {"kind": "engine", "level": 1},
        }
    )
    assert menu.seats == {"A": {"kind": "engine", "level": 10}, "C": {"kind": "engine", "level": 1}}
    menu.choose_seats({})  # a new choice replaces the last
    assert menu.seats == {}


def test_a_seat_outside_the_game_or_a_level_out_of_range_is_refused() -> None:
    menu = three_players()
    with pytest.raises(ValueError, match=r"seats\.D: not one of the players \(A, B, C\)"):
        menu.choose_seats({"D": {"kind": "engine", "level": 2}})
    with pytest.raises(ValueError, match=r"seats\.B\.level: a whole number from 1 to 10"):
        menu.choose_seats({"B": {"kind": "engine", "level": 11}})
    assert menu.seats == {}


def test_seats_and_names_wait_for_the_number_of_players() -> None:
    menu = BoardMenu(random.Random(1))
    with pytest.raises(ValueError, match="once the number of players is"):
        menu.choose_seats({"B": {"kind": "engine", "level": 2}})
    with pytest.raises(ValueError, match="once the number of players is"):
        menu.choose_names({"A": "Ann"})


def test_names_must_be_safe_and_name_each_player_once() -> None:
    menu = three_players()
    with pytest.raises(ValueError, match="'<b>': 1-16 letters"):
        menu.choose_names({"A": "<b>"})
    with pytest.raises(ValueError, match="'Ann' names two players"):
        menu.choose_names({"A": "Ann", "B": "Ann"})
    with pytest.raises(ValueError, match="'B' names two players"):
        menu.choose_names({"A": "B"})  # B is still called B
    menu.choose_names({"A": " Ann ", "B": ""})
    assert menu.names == {"A": "Ann"} and menu.named("B") == "B"


def choose(service: BoardService, *options: str) -> None:
    """The page's steps: each option chosen and confirmed (the first enters the menu)."""
    if service.menu is None:
        service.enter_menu()
    for option in options:
        service.choose_option(option)
        service.confirm_menu()


def test_the_game_set_up_is_played_by_the_names_with_the_seats_chosen(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, _sim, _stepper):
            choose(service, "2")
            service.choose_seats({"B": {"kind": "engine", "level": 2}})
            service.choose_names({"A": "Ann", "B": "Robo"})
            assert service.state()["menu"]["names"] == {"A": "Ann", "B": "Robo"}
            choose(service, "no_gods", "off")
            state = service.state()
            assert state["phase"] == "placement" and state["players"] == ["Ann", "Robo"]
            assert state["seats"] == {
                "Ann": {"kind": "person"},
                "Robo": {"kind": "engine", "level": 2},
            }

    asyncio.run(scenario())


def test_a_named_player_flagged_while_choosing_a_god_loses_by_name(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _stepper):
            choose(service, "2")
            service.choose_names({"A": "Ann", "B": "Bo"})
            choose(service, "official", "simple", "30+120")
            await tick(service, sim)  # Ann's setup clock starts: she offers the gods
            sim.clock.advance(151)  # her move time and bank (30 + 120 s) run out
            await tick(service, sim)
            state = service.state()
            assert state["players"] == ["Ann", "Bo"] and state["winner"] == "Bo"
            assert state["clock"]["lost_on_time"] == "Ann"

    asyncio.run(scenario())


def test_the_board_seats_each_colour_by_touching_a_cell() -> None:
    menu = BoardMenu(random.Random(1))
    menu.touch(5)  # a2: seats_3
    menu.press("done")
    seated = []
    for cell in (0, 2, 10):  # A: person (a1); B: level 2 (c1); C: level 10 (a3)
        assert menu.step is not None and menu.step.key == "seat"
        seated.append(menu.step.player)
        menu.touch(cell)
        assert menu.press("done")
    assert seated == ["A", "B", "C"] and menu.players == ("A", "B", "C")
    assert menu.step is not None and menu.step.key == "procedure"
    assert menu.seats == {"B": {"kind": "engine", "level": 2}, "C": {"kind": "engine", "level": 10}}
