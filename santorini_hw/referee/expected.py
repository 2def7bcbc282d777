"""A turn someone at the board carries out for a seat that is not at the board.

The seats (the engine, later a remote player) hand the referee an `ExpectedTurn`: the
actions of a whole turn, or the cells of a placement, chosen for one position. While it
fits the game, the referee accepts only that turn, step by step, with its usual
forgiveness (a worker in a hand, a block down before the worker lands, slides); any
other board is an error to put back. `turn_states` lists the states it passes through,
which the referee matches and the lights step through.
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.rules.actions import Action, actions_text
from santorini_hw.rules.cells import cell_name
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import IllegalActionError, TurnState, can_end, finish, play, start_turn


class ExpectedTurn(NamedTuple):
    player: str
    start: Position
    """The position it was chosen for (a placement: before the seat's first worker)."""
    actions: tuple[Action, ...] = ()
    """A turn's actions in order (empty for a placement)."""
    cells: tuple[int, ...] = ()
    """A placement's cells in order (empty for a turn)."""

    @property
    def is_placement(self) -> bool:
        return bool(self.cells)

    def steps(self) -> list[str]:
        """The actions (or cells) in notation: what the board shows, in order."""
        if self.is_placement:
            return [cell_name(cell) for cell in self.cells]
        return [action.text() for action in self.actions]

    def result(self) -> Position:
        """The position after the turn (the placement's workers added)."""
        if self.is_placement:
            side = self.start.side
            mask = self.start.workers[side]
            for cell in self.cells:
                mask |= 1 << cell
            return self.start.with_workers(side, mask)
        return finish(turn_states(self)[-1])

    def fits(self, game: Game) -> bool:
        """The game is where this turn was chosen for (a placement: part way is fine)."""
        start = self.start
        position = game.position
        if not self.is_placement:
            return game.phase is Phase.PLAY and position == start
        wanted = sum(1 << cell for cell in self.cells)
        added = position.occupied & ~start.occupied
        return (
            game.phase is Phase.PLACEMENT
            and position.to_move == start.to_move
            and not start.occupied & ~position.occupied
            and not added & ~wanted
            and added != wanted
        )


def turn_states(expected: ExpectedTurn) -> list[TurnState]:
    """The turn's states from its start, one per action (the start first)."""
    states = [start_turn(expected.start)]
    for action in expected.actions:
        states.append(play(states[-1], action))
    return states


def checked(expected: ExpectedTurn) -> ExpectedTurn:
    """`expected` if the rules allow it whole; `IllegalActionError` saying why not."""
    start = expected.start
    if start.player != expected.player:
        raise IllegalActionError(f"it is {start.player}'s turn, not {expected.player}'s")
    if expected.is_placement:
        if len(expected.cells) != 2 - start.workers[start.side].bit_count():
            raise IllegalActionError(f"a placement of {len(expected.cells)} workers")
        if len(set(expected.cells)) != len(expected.cells) or any(
            start.occupied >> cell & 1 for cell in expected.cells
        ):
            raise IllegalActionError("a placement on an occupied cell")
        return expected
    if not expected.actions:
        raise IllegalActionError("a turn needs at least one action")
    last = turn_states(expected)[-1]
    if not can_end(last):
        raise IllegalActionError(f"{actions_text(expected.actions)} is not a complete turn")
    return expected
