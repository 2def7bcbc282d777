"""A game against the engine on the daemon: set up on the board itself (`vs_engine`, then
its level), and its events sent to the WebSocket clients."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from santorini_hw.referee.menu import BoardMenu
from santorini_hw.seats.model import parse_seats
from tests.daemon.in_process import published_events, settled_service


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


def test_the_engine_events_go_out_to_the_websocket_clients(tmp_path: Path) -> None:
    async def scenario() -> list[dict[str, object]]:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            listener = service.hub.subscribe()
            seats = parse_seats({"B": {"kind": "engine", "level": 1}}, ("A", "B"))
            service.new_game(("A", "B"), None, seats=seats)
            for cell in ("a1", "e5"):
                sim.place(cell, "worker", "A")
                await stepper.idle_until(sim.clock.monotonic() + 0.5)
            for _ in range(200):  # the search runs in a thread: let it answer
                await asyncio.sleep(0.01)
                if service.referee.awaiting is not None:
                    break
            return published_events(listener)

    kinds = [event["kind"] for event in asyncio.run(scenario())]
    assert "engine_thinking" in kinds and "turn_shown" in kinds
    assert kinds.index("engine_thinking") < kinds.index("turn_shown")
