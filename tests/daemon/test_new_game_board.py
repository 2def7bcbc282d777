"""A new game on a board that is already empty takes the very first placement: the
daemon must not wait for one more empty scan (a worker put down within a scan of the
new game was once taken for a stray piece, and the referee asked to take it off)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from santorini_hw.rules.cells import parse_cell
from tests.daemon.in_process import board_service, settled_service, tick

SETTLED = 0.5


def test_a_worker_placed_before_the_next_scan_of_a_new_game_is_a_placement(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            service.new_game(("A", "B"), None)
            sim.place("a1", "worker", "A")  # before any scan has seen the empty board
            await tick(service, sim, SETTLED)
            assert service.referee.error is None
            assert service.game.position.occupied == 1 << parse_cell("a1")

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_new_game_on_a_board_with_pieces_asks_to_clear_them_first(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            sim.place("c3", "block")
            await tick(service, sim, SETTLED)
            service.new_game(("A", "B"), None)
            await tick(service, sim, SETTLED)
            error = service.referee.error
            assert error is not None and [f.kind for f in error.fixes] == ["remove_piece"]
            assert service.game.position.occupied == 0

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_game_begun_before_the_board_ever_settled_takes_the_workers_put_down_after(
    tmp_path: Path,
) -> None:
    """The daemon just started (the bridge not yet read, nothing settled) when the game
    began: a worker put down after it is a placement, not a piece from before."""

    async def scenario() -> None:
        async with board_service(tmp_path / "state") as (service, sim):
            await tick(service, sim)  # one scan: nothing settled yet
            assert service.observation is not None and not service.observation.settled
            service.new_game(("A", "B"), None)
            sim.place("a1", "worker", "A")
            await tick(service, sim, 1.0)
            assert service.referee.error is None
            assert service.game.position.occupied == 1 << parse_cell("a1")

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_worker_already_down_when_the_game_began_must_still_go(tmp_path: Path) -> None:
    """The menu's worker (or the last game's) is from before, however the game began."""

    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, ticks):
            sim.place("c3", "worker", "B")
            await ticks.until_seen()  # seen, still settling
            service.new_game(("A", "B"), None)
            await tick(service, sim, SETTLED)
            error = service.referee.error
            assert error is not None and [f.kind for f in error.fixes] == ["remove_worker"]
            sim.lift("c3")
            await tick(service, sim, SETTLED)
            assert service.referee.error is None and service.game.position.occupied == 0

    asyncio.run(asyncio.wait_for(scenario(), 120))
