"""The amend window: the turn (or placement) just finished may be corrected until the
next player's first touch.

A player builds on b4, sees the mistake and moves the block to b5: a human referee
accepts `c3-c4 b5`. Turns still end at once (the lights and the next player's guidance
do not wait); the window only keeps what is needed to rewrite the last record line: the
turn's start and the index of its states (or the cell of the last placement).
"""

from __future__ import annotations

from dataclasses import dataclass

from santorini_hw.referee.board_view import BoardView, position_view
from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import (
    TurnState,
    apply_action,
    can_end,
    candidates,
    completable,
    finish,
    start_turn,
)


@dataclass
class AmendWindow:
    """What the last turn or placement was, while it may still be corrected."""

    player: str
    ended: TurnState | None = None
    """The turn as recorded (None for a placement)."""
    index: TurnIndex | None = None
    """Every state of that turn, from its start."""
    placed: int = -1
    """The cell of the last placement (-1 for a turn)."""
    together: int = 0
    """Cells the same player's earlier worker was placed on in the same scan as
    `placed` (two workers seen at once): which came last nobody can tell, so either may
    be the one corrected."""


def amended_turn(window: AmendWindow, view: BoardView) -> TurnState | None:
    """A complete turn from the same start that built elsewhere: the workers stand where
    the recorded turn left them and as many builds were made, only where differs (the
    last build corrected; a build lifted off on the way is no shorter turn)."""
    ended, index = window.ended, window.index
    if ended is None or index is None:
        return None
    found = []
    for state in index.matches(view):
        board = state.board
        same = board.workers == ended.board.workers and _builds(state) == _builds(ended)
        complete = same and board != ended.board and can_end(state) and not state.won
        # (a correction that would leave the next player no turn is not guessed at)
        if complete and completable(start_turn(finish(state))):
            found.append(state)
    for state in found:  # the turn as recorded with only its last build moved, first
        kept = _last_build_moved(index.start, ended, state)
        if kept is not None:
            return kept
    return found[0] if found else None


def _last_build_moved(start: TurnState, ended: TurnState, state: TurnState) -> TurnState | None:
    """`ended` with its last build where `state` has it, if that is legal and gives
    `state`'s board (Triton's or Hermes' steps stay as they were seen)."""
    prefix = start
    for action in ended.actions[:-1]:
        prefix = apply_action(prefix, action)
    last = state.actions[-1]
    if last.is_move or last not in candidates(prefix):
        return None
    moved = apply_action(prefix, last)
    return moved if moved.board == state.board else None


def _builds(state: TurnState) -> tuple[int, int, bool]:
    """Builds made, end-of-turn pieces (Poseidon's builds, Ares' removal) and whether a
    build came before the move: a correction moves a piece, it never drops one."""
    ending = state.power.ending if state.power is not None else 0
    return state.builds, ending, state.prebuild >= 0


def amended_placement(
    window: AmendWindow, board: Position, view: BoardView, owner: str | None
) -> tuple[int, int] | None:
    """The cell a worker of the last placement left and the cell it was moved to, if
    the board shows exactly that: the same buildings, the worker gone from its cell and
    one worker on a free cell (`owner`'s, where the sensors tell players apart)."""
    if window.placed < 0 or view.buildings != position_view(board).buildings:
        return None
    occupied = board.occupied
    moved = view.workers & ~occupied
    if moved.bit_count() != 1:
        return None
    cell = cells_of(moved)[0]
    if owner is not None and not any(p == owner and m >> cell & 1 for p, m in view.owners):
        return None
    for gone in cells_of(1 << window.placed | window.together):
        if view.workers & occupied == occupied & ~(1 << gone):
            return gone, cell
    return None
