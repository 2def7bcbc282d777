"""The daemon's engine seats: thinking starts when an engine seat is to move, its answer
is handed over only while the game is still where it started (undo cancels it)."""

from __future__ import annotations

import asyncio
import threading

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

    def __call__(self, at: Position, placing: bool, seats: Seats, seed: int) -> ExpectedTurn | None:
        self.calls += 1
        self.go.wait(10)
        return engine_turn(at, placing, seats, seed)


def person_to_play() -> Table:
    table = Table(Game.from_position(position({"A": ["a1", "e5"], "B": ["c3", "e1"]})))
    table.referee.remote = SEATS.remote
    return table


def engine_seats() -> tuple[Table, list[ExpectedTurn], SlowEngine, EngineSeats]:
    """A to move, B the engine (held back), its choices collected."""
    chosen: list[ExpectedTurn] = []
    engine = SlowEngine()
    return person_to_play(), chosen, engine, EngineSeats(SEATS, 3, chosen.append, engine)


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
