"""The simulated hand carrying out what the board shows for a seat not at the board.

`carry_out_events` turns the awaited turn (or placement) into physical events in the
natural order, `SPACING` seconds apart: a worker placed on each cell; for a move, the
worker lifted and put down (for Apollo's swap or Minotaur's push the opponent's worker
is moved out of the way while the mover is in the hand); a block or a dome put down;
the advanced gods' steps as `power_steps` has them (a ferry, a block taken off or put
under the worker, Bia's and Medusa's victims taken off).
"""

from __future__ import annotations

from santorini_hw.referee.expected import ExpectedTurn, turn_states
from santorini_hw.rules.actions import DOME, Action
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.game import Game
from santorini_hw.rules.position import Position
from sim.power_steps import Op, end_ops, owner_of, power_ops, removal_ops
from sim.scenario import PhysicalEvent

SPACING = 0.6
"""Seconds between two hand movements (the scenarios' usual pace)."""


def steps_done(expected: ExpectedTurn, game: Game) -> int:
    """How many of `expected`'s steps `game` holds already (carried out before)."""
    if expected.is_placement:
        return sum(game.position.occupied >> cell & 1 for cell in expected.cells)
    return len(game.turn.actions) if game.turn is not None else 0


def _move_ops(board: Position, action: Action, after: Position) -> list[Op]:
    """Lift the worker; move an opponent's worker on its destination to where the rules
    send it (Apollo's swap, Minotaur's push); set the worker down; take off whom the
    move removed (Bia)."""
    ops: list[Op] = [("lift", action.src, "", None)]
    side = board.side_at(action.dst)
    if side >= 0 and side != board.side:
        landing = cells_of(after.workers[side] & ~board.workers[side])[0]
        ops += [
            ("lift", action.dst, "", None),
            ("place", landing, "worker", owner_of(board, action.dst)),
        ]
    ops.append(("place", action.dst, "worker", owner_of(board, action.src)))
    return ops + removal_ops(board, action, after)


def carry_out_events(expected: ExpectedTurn, t: float, done: int = 0) -> list[PhysicalEvent]:
    """The events from `t` that carry out `expected`'s steps after the first `done`."""
    player = expected.player
    if expected.is_placement:
        cells = expected.cells[done:]
        return [
            PhysicalEvent(t + SPACING * n, "place", cell, "worker", player)
            for n, cell in enumerate(cells)
        ]
    ops: list[Op] = []
    states = turn_states(expected)
    steps = zip(states[done:], states[done + 1 :], expected.actions[done:], strict=False)
    for state, following, action in steps:
        board, after = state.board, following.board
        special = power_ops(board, action)
        if special is not None:
            ops += special
        elif not action.is_move:
            ops.append(("place", action.dst, "dome" if action.kind == DOME else "block", None))
        else:
            ops += _move_ops(board, action, after)
    if done < len(expected.actions):
        ops += end_ops(states[-1].board, expected.result())
    return [
        PhysicalEvent(t + SPACING * n, op, cell, piece, owner)
        for n, (op, cell, piece, owner) in enumerate(ops)
    ]
