"""A new game on a board that is already empty takes the very first placement: the
daemon must not wait for one more empty scan (a worker put down within a scan of the
new game was once taken for a stray piece, and the referee asked to take it off)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from santorini_hw.rules.cells import parse_cell
from tests.daemon.in_process import settled_service, tick

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
