"""The virtual board's two big hands (simulator only): clear the board, and set the
pieces up as the game records them.

Both move pieces with the simulated hand, one lift or placement at a time, exactly as
the per-piece routes do: the sensors see every change and the referee judges the result
as it would a person's hands. Nothing here tells the referee what happened. "As recorded"
is what the referee expects now: the board an undo asks for, else the game's board.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from santorini_hw.daemon.service import BoardService
from santorini_hw.rules.cells import CELL_COUNT, cell_name
from santorini_hw.rules.position import Position


def sim_board_routes(service: BoardService, sim: Any) -> APIRouter:
    """The routes, for an app whose board is the simulator's `sim` (SimulatedHardware)."""
    router = APIRouter(prefix="/api/sim")

    @router.post("/clear", status_code=204)
    async def clear() -> None:
        """Take every piece off the board (back into the box)."""
        _permitting(sim, None)

    @router.post("/setup", status_code=204)
    async def setup() -> None:
        """Put the pieces where the game's record has them (after an undo: where the undo
        asks for them)."""
        if service.menu is not None:
            raise HTTPException(409, "the board is in the setup menu: leave it first")
        _permitting(sim, service.referee.undo_target or service.game.board)

    return router


def _permitting(sim: Any, target: Position | None) -> None:
    try:
        arrange(sim, target)
    except ValueError as error:  # the simulated hand refuses (PhysicalError)
        raise HTTPException(409, str(error)) from None


def arrange(sim: Any, target: Position | None) -> None:
    """Lift and place pieces until every cell of `sim` holds what `target` has (None: an
    empty board). A cell that already agrees up to some height keeps those pieces."""
    physical = sim.physical
    for cell in range(CELL_COUNT):
        want = _stack(target, cell)
        have = _physical_stack(physical, cell)
        keep = 0
        while keep < min(len(want), len(have)) and want[keep] == have[keep]:
            keep += 1
        for _ in range(len(have) - keep):
            sim.lift(cell)
        for kind, player in want[keep:]:
            sim.place(cell_name(cell), kind, player)


def _stack(position: Position | None, cell: int) -> list[tuple[str, str | None]]:
    """A cell's pieces bottom up as (kind, player): blocks, a dome, a worker."""
    if position is None:
        return []
    pieces: list[tuple[str, str | None]] = [("block", None)] * position.height(cell)
    if position.domes >> cell & 1:
        pieces.append(("dome", None))
    side = position.side_at(cell)
    if side >= 0:
        pieces.append(("worker", position.lineup.members(side)[0]))
    return pieces


def _physical_stack(physical: Any, cell: int) -> list[tuple[str, str | None]]:
    pieces: list[tuple[str, str | None]] = [("block", None)] * physical.level(cell)
    if physical.dome(cell):
        pieces.append(("dome", None))
    worker = physical.worker(cell)
    if worker is not None:
        pieces.append(("worker", worker))
    return pieces
