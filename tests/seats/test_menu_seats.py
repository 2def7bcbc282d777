"""Setting up a game against the engine on the board itself: `vs_engine`, then its level."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from santorini_hw.referee.menu import BoardMenu
from tests.daemon.in_process import settled_service


def test_the_menu_offers_a_game_against_the_engine_at_a_level() -> None:
    menu = BoardMenu(random.Random(1))
    menu.choose("vs_engine")
    assert menu.press("done")
    assert menu.step is not None and menu.step.key == "level"
    assert menu.step.options == tuple(str(level) for level in range(1, 11))
    assert menu.step.player is None  # anyone at the table decides: no setup clock runs
    menu.choose("7")
    menu.press("done")
    menu.choose("no_gods")
    menu.press("done")
    menu.choose("off")
    menu.press("done")
    assert menu.lineup().players == ("A", "B")
    assert menu.seats == {"B": {"kind": "engine", "level": 7}}


def test_two_people_set_up_on_the_board_have_no_engine() -> None:
    menu = BoardMenu(random.Random(1))
    for option in ("2", "no_gods", "off"):
        menu.choose(option)
        menu.press("done")
    assert menu.step is None and menu.seats == {}


def test_the_board_menu_starts_the_game_with_the_engine_seated(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, _sim, _stepper):
            service.enter_menu()
            for option in ("vs_engine", "3", "no_gods", "off"):
                service.choose_option(option)
                service.confirm_menu()
            state = service.state()
            assert state["phase"] == "placement" and state["menu"] is None
            assert state["seats"] == {
                "A": {"kind": "person"},
                "B": {"kind": "engine", "level": 3},
            }

    asyncio.run(scenario())
