"""The setup's minute: god choices made on the menu are timed moves, in a real
`BoardService` on the simulated board and a manual clock (nothing waits)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from santorini_hw.clock import ManualClock
from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.service import BoardService
from santorini_hw.daemon.settings import Settings
from santorini_hw.store import Store
from sim.hardware import SimulatedHardware


def set_up_to_the_god_choice(service: BoardService) -> None:
    service.enter_menu()
    for option in ("2", "quick", "simple", "60+300"):
        service.choose_option(option)
        service.confirm_menu()
    assert service.menu is not None and service.menu.step is not None
    assert (service.menu.step.key, service.menu.step.player) == ("god", "A")


def test_god_choices_are_timed_and_a_flag_loses_the_game(tmp_path: Path) -> None:
    async def play() -> None:
        clock = ManualClock()
        settings = Settings(state_dir=tmp_path)
        with Store.open(tmp_path / "games.sqlite3") as store:
            async with SimulatedHardware(clock=clock) as sim:
                service = BoardService(sim.hardware, store, EventHub(8), settings, sim=sim)
                set_up_to_the_god_choice(service)
                gods = service.menu.step.options  # type: ignore[union-attr]
                clock.advance(70.0)  # A thinks for 70 s: 10 s of bank
                service.choose_option(gods[0])
                service.confirm_menu()
                assert service.setup_clock is not None
                assert service.setup_clock.banks["A"] == 290.0
                assert service.setup_clock.player == "B"
                clock.advance(359.0)  # B's minute and all but a second of the bank
                service.choose_option(gods[1])
                assert service.menu is not None and service.game.winner is None
                clock.advance(2.0)
                service.choose_option(gods[2])  # too late: B's time ran out
                assert service.menu is None
                assert (service.game.winner, service.game.lost_on_time) == ("A", "B")
                info = store.games()[-1]
                assert (info.winner, info.lost_on_time, info.clock) == ("A", "B", "60+300")

    asyncio.run(play())


def test_a_setup_in_time_hands_its_banks_to_the_game(tmp_path: Path) -> None:
    async def play() -> None:
        clock = ManualClock()
        with Store.open(tmp_path / "games.sqlite3") as store:
            async with SimulatedHardware(clock=clock) as sim:
                service = BoardService(
                    sim.hardware, store, EventHub(8), Settings(state_dir=tmp_path), sim=sim
                )
                set_up_to_the_god_choice(service)
                for seconds in (75.0, 5.0):
                    clock.advance(seconds)
                    step = service.menu.step  # type: ignore[union-attr]
                    service.choose_option(step.options[0])  # type: ignore[union-attr]
                    service.confirm_menu()
                state = service.state()
                assert state["menu"] is None and state["clock"]["control"] == "60+300"
                assert state["clock"]["players"]["A"]["bank_left"] == 285.0
                assert state["clock"]["players"]["B"]["bank_left"] == 300.0

    asyncio.run(play())
