"""The virtual board's big hands (simulator only): clear the board, set the pieces up as
the game records them, and carry out the turn the board shows for a seat not at it.

They move pieces with the simulated hand, one lift or placement at a time, exactly as
the per-piece routes do: the sensors see every change and the referee judges the result
as it would a person's hands. Nothing here tells the referee what happened. "As recorded"
is what the referee expects now: the board an undo asks for, else the game's board.
"Carry out" is the scenarios' `carry_out` op (`sim/carry_out.py`): the hand's movements
for the awaited turn's steps still to do, at a hand's pace, in the background.
"""

from __future__ import annotations

import asyncio
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

    hands: set[asyncio.Task[None]] = set()

    @router.post("/carry_out", status_code=202)
    async def carry_out() -> dict[str, Any]:
        """Carry out the turn (or placement) the board shows for a seat not at the board:
        its remaining steps as the hand's movements, one every `SPACING` seconds."""
        from sim.carry_out import SPACING, carry_out_events, steps_done  # the simulator's hand

        expected = service.referee.awaiting
        if expected is None:
            raise HTTPException(409, "the board shows no turn to carry out")
        events = carry_out_events(expected, 0.0, steps_done(expected, service.game))
        hand = asyncio.create_task(_hand(sim, events, SPACING))
        hands.add(hand)
        hand.add_done_callback(hands.discard)
        return {"steps": [event.to_json() for event in events]}

    return router


async def _hand(sim: Any, events: list[Any], spacing: float) -> None:
    """The movements one after the other; a refused one (the board changed) ends it."""
    for number, event in enumerate(events):
        if number:
            await asyncio.sleep(spacing)
        try:
            sim.act(event)
        except ValueError:
            return


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
