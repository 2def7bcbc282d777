"""Memory during play (issue 32): a board plays all evening, so what the daemon keeps
must not grow from one game to the next. The service runs in-process on the simulated
board (untidy hands, the scan loop stepped on the simulator's clock) while tracemalloc
counts the Python memory still held after each game."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import tracemalloc
from pathlib import Path

import pytest

from santorini_hw.daemon.service import BoardService
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.game import Phase
from santorini_hw.rules.turns import random_turn
from sim.hardware import SimulatedHardware
from sim.physical import PhysicalError
from sim.player_model import HandStyle, PhysicalPlayer
from tests.daemon.in_process import settled_service, tick

STYLE = HandStyle(pause=(0.12, 0.35), think=(0.2, 0.6))
GROWTH_KB = 50
"""What two more games may add to the Python memory held at the start of the next game
(measured: +6.8 KB over four games of 156 turns; 2026-11-28, the test's two games of 72
turns +23 KB and three of 95 turns +20 KB: what bounded buffers hold, not a trend)."""


async def perform(service: BoardService, sim: SimulatedHardware, hands: PhysicalPlayer) -> None:
    """The hands' events at their times on the simulator's clock, then a second to settle."""
    started = sim.clock.monotonic()
    for event in hands.events:
        await tick(service, sim, max(0.0, started + event.t - sim.clock.monotonic()))
        sim.act(event)
    await tick(service, sim, 1.0)


async def new_game(service: BoardService, sim: SimulatedHardware) -> None:
    """Clear the board and start a game of A and B (the last one is let go)."""
    for cell in range(CELL_COUNT):  # a cell at a time, as hands do
        with contextlib.suppress(PhysicalError):
            while True:
                sim.lift(cell)
        await tick(service, sim, 0.2)
    await tick(service, sim, 1.0)
    service.new_game(("A", "B"), None)
    await tick(service, sim, 1.0)


async def play_out(service: BoardService, sim: SimulatedHardware, rng: random.Random) -> int:
    """Play the game to its end with untidy hands; the turns played."""
    turns = 0
    while service.game.phase is not Phase.OVER:
        game, hands = service.game, PhysicalPlayer(rng, STYLE)
        if game.phase is Phase.PLACEMENT:
            free = [c for c in range(CELL_COUNT) if not game.position.occupied >> c & 1]
            cells = tuple(rng.sample(free, 2))
            hands.place_workers(
                game.player, cells, game.position.occupied | sum(1 << c for c in cells)
            )
        else:
            turn = random_turn(game.position, rng)
            assert turn is not None  # a trapped player has lost: the game is over
            hands.play_turn(game.position, turn.actions, press_done=True)
            turns += 1
        before = len(game.record)
        await perform(service, sim, hands)
        assert len(service.game.record) > before, service.referee.error
    return turns


@pytest.mark.long
def test_two_more_games_hold_no_more_memory(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, int, int]:
        rng = random.Random(32)
        async with settled_service(tmp_path / "state") as (service, sim, _):
            await new_game(service, sim)
            await play_out(service, sim, rng)  # warm-up: caches, SQLite, the first game
            tracemalloc.start()
            try:
                await new_game(service, sim)
                await play_out(service, sim, rng)  # what is first allocated when traced
                await new_game(service, sim)
                gc.collect()
                before = tracemalloc.get_traced_memory()[0]
                turns = 0
                for _ in range(2):
                    turns += await play_out(service, sim, rng)
                    await new_game(service, sim)
                gc.collect()
                after = tracemalloc.get_traced_memory()[0]
            finally:
                tracemalloc.stop()
        return before, after, turns

    before, after, turns = asyncio.run(asyncio.wait_for(scenario(), 600))
    assert turns >= 30
    assert (after - before) / 1000 < GROWTH_KB
