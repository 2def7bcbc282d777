"""The daemon's engine seats: thinking starts when an engine seat is to move, how far it
got is reported while it thinks, and its answer is handed over only while the game is
still where it started (undo cancels the search itself)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from santorini_hw.clock import Clock
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.rules.game import Game
from santorini_hw.rules.position import Position
from santorini_hw.seats.engine_seat import EngineSeats, engine_turn
from santorini_hw.seats.model import Seat, Seats
from tests.referee.table import Table
from tests.rules.helpers import position

SEATS = Seats({"B": Seat("engine", 2)})


class SlowEngine:
    """The real choice, held back until the test lets it answer."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.calls = 0

    def __call__(
        self, at: Position, placing: bool, seats: Seats, seed: int, clock: Clock | None
    ) -> ExpectedTurn | None:
        self.calls += 1
        self.go.wait(10)
        return engine_turn(at, placing, seats, seed, clock)


def person_to_play() -> Table:
    table = Table(Game.from_position(position({"A": ["a1", "e5"], "B": ["c3", "e1"]})))
    table.referee.remote = SEATS.remote
    return table


def engine_seats() -> tuple[Table, list[ExpectedTurn], SlowEngine, EngineSeats]:
    """A to move, B the engine (held back), its choices collected."""
    chosen: list[ExpectedTurn] = []
    engine = SlowEngine()
    return person_to_play(), chosen, engine, EngineSeats(SEATS, 3, chosen.append, think=engine)


async def _finished(engines: EngineSeats) -> None:
    for _ in range(500):
        await asyncio.sleep(0.01)
        if engines.thinking is None:
            return


def test_the_engine_thinks_once_it_is_to_move_and_its_turn_is_handed_over() -> None:
    async def scenario() -> None:
        table, chosen, engine, engines = engine_seats()
        assert engines.update(table.referee, 0.0) == []  # A to move: nothing to think
        table.move("a1", "a2")
        table.build("a3")
        events = engines.update(table.referee, 1.0)
        assert [e.kind for e in events] == ["engine_thinking"] and engines.thinking
        assert engines.update(table.referee, 1.1) == []  # one search at a time
        engine.go.set()
        await _finished(engines)
        assert len(chosen) == 1 and chosen[0].start == table.referee.game.position
        assert engine.calls == 1

    asyncio.run(scenario())


def test_undo_while_the_engine_thinks_cancels_the_search() -> None:
    async def scenario() -> None:
        table, chosen, engine, engines = engine_seats()
        table.move("a1", "a2")
        table.build("a3")
        engines.update(table.referee, 1.0)
        table.press("undo")  # the person takes their turn back while the engine thinks
        assert engines.update(table.referee, 1.2) == [] and engines.thinking is None
        engine.go.set()
        for _ in range(50):
            await asyncio.sleep(0.01)
        assert chosen == []  # the answer came too late: dropped

    asyncio.run(scenario())


class GatedClock:
    """A clock that stands still (no time cap ever fires), and that holds the search at
    its third look (512 nodes in) until the test lets it go on."""

    def __init__(self) -> None:
        self.reads = 0
        self.held = threading.Event()
        self.go = threading.Event()

    def monotonic(self) -> float:
        self.reads += 1
        if self.reads == 3:
            self.held.set()
            self.go.wait(10)
        return 0.0


def a_to_have_played(seats: Seats, clock: Clock, reports: list[int]) -> tuple[Table, EngineSeats]:
    """B the engine at `seats`' level searching for real on `clock`; A has just played."""
    table = person_to_play()
    table.referee.remote = seats.remote

    def report() -> None:
        thinking = engines.thinking
        assert thinking is not None
        reports.append(thinking["nodes"])

    engines = EngineSeats(
        seats, 3, lambda turn: pytest.fail(f"shown: {turn}"), clock=clock, progressed=report
    )
    table.move("a1", "a2")
    table.build("a3")
    return table, engines


def test_undo_during_a_long_search_stops_its_thread_at_the_next_look_at_the_clock() -> None:
    async def scenario() -> None:
        clock = GatedClock()
        table, engines = a_to_have_played(Seats({"B": Seat("engine", 10)}), clock, [])
        assert [e.kind for e in engines.update(table.referee, 1.0)] == ["engine_thinking"]
        assert await asyncio.to_thread(clock.held.wait, 10)  # 512 of 4,357 nodes searched
        table.press("undo")
        assert engines.update(table.referee, 1.1) == [] and engines.thinking is None
        clock.go.set()
        await asyncio.wait_for(engines.idle(), 10)
        assert clock.reads == 3  # stopped at its next look: 3,800 nodes left unsearched
        assert engines.failures == 0 and table.referee.awaiting is None

    asyncio.run(scenario())


def test_how_far_the_search_got_is_reported_while_it_thinks() -> None:
    async def scenario() -> None:
        clock = GatedClock()
        reports: list[int] = []
        table, engines = a_to_have_played(Seats({"B": Seat("engine", 10)}), clock, reports)
        engines.update(table.referee, 1.0)
        await asyncio.to_thread(clock.held.wait, 10)
        for _ in range(100):  # the report crosses from the search's thread to the loop
            if reports:
                break
            await asyncio.sleep(0.01)
        thinking = engines.thinking
        assert thinking is not None and (thinking["nodes"], thinking["budget"]) == (256, 4357)
        assert reports == [256] and engines.progress_text() == "level 10: 256 of 4357 nodes"
        table.press("undo")
        engines.update(table.referee, 1.1)
        clock.go.set()
        await engines.idle()

    asyncio.run(scenario())
