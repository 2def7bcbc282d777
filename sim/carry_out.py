"""The simulated hand carrying out what the board shows for a seat not at the board.

`carry_out_events` turns the awaited turn (or placement) into physical events in the
natural order, `SPACING` seconds apart: a worker placed on each cell; for a move, the
worker lifted and put down (for Apollo's swap or Minotaur's push the opponent's worker
is moved out of the way while the mover is in the hand); a block or a dome put down.
"""

from __future__ import annotations

from santorini_hw.referee.expected import ExpectedTurn, turn_states
from santorini_hw.rules.actions import DOME
from santorini_hw.rules.cells import beyond
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from sim.scenario import PhysicalEvent

SPACING = 0.6
"""Seconds between two hand movements (the scenarios' usual pace)."""


def steps_done(expected: ExpectedTurn, game: Game) -> int:
    """How many of `expected`'s steps `game` holds already (carried out before)."""
    if expected.is_placement:
        return sum(game.position.occupied >> cell & 1 for cell in expected.cells)
    return len(game.turn.actions) if game.turn is not None else 0


def carry_out_events(expected: ExpectedTurn, t: float, done: int = 0) -> list[PhysicalEvent]:
    """The events from `t` that carry out `expected`'s steps after the first `done`."""
    player = expected.player
    if expected.is_placement:
        cells = expected.cells[done:]
        return [
            PhysicalEvent(t + SPACING * n, "place", cell, "worker", player)
            for n, cell in enumerate(cells)
        ]
    ops: list[tuple[str, int, str, str | None]] = []
    states = turn_states(expected)
    for state, action in zip(states[done:], expected.actions[done:], strict=False):
        board = state.board
        if not action.is_move:
            ops.append(("place", action.dst, "dome" if action.kind == DOME else "block", None))
            continue
        ops.append(("lift", action.src, "", None))
        side = board.side_at(action.dst)
        if side >= 0 and side != board.side:
            owner = board.lineup.members(side)[0]
            pushed = action.src if board.god is God.APOLLO else beyond(action.src, action.dst)
            ops += [("lift", action.dst, "", None), ("place", pushed, "worker", owner)]
        ops.append(("place", action.dst, "worker", player))
    return [
        PhysicalEvent(t + SPACING * n, op, cell, piece, owner)
        for n, (op, cell, piece, owner) in enumerate(ops)
    ]
