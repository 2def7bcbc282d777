"""Setting a game up on the board itself: the menu as the state reports it, and the
empty board a new game waits for before it takes placements.

`BoardService` uses both; they only read the menu and the referee's views, so they are
kept apart from the service's loop and tested through it (tests/daemon).
"""

from __future__ import annotations

from typing import Any

from santorini_hw.referee.board_view import differences, observed_view
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.referee.referee import BoardError, Referee
from santorini_hw.rules.cells import cell_name
from santorini_hw.rules.gods import POWERS, God
from santorini_hw.sensing.observation import Observation


def menu_json(menu: BoardMenu) -> dict[str, Any]:
    """The step being chosen: who decides, its options by cell, how many to pick."""
    step = menu.step
    return {
        "step": None if step is None else step.key,
        "player": None if step is None else step.player,
        "options": [] if step is None else list(step.options),
        "cells": {} if step is None else {cell_name(c): o for c, o in step.cells.items()},
        "picks": 0 if step is None else step.picks,
        "selected": list(menu.selected),
        "players": list(menu.players),
        "powers": {} if step is None else _powers(step.options),
        "clock": menu.clock,
    }


def _powers(options: tuple[str, ...]) -> dict[str, str]:
    """The power of each option that is a god, in one sentence."""
    gods = {god.value: god for god in God}
    return {option: POWERS[gods[option]] for option in options if option in gods}


def board_is_clear(referee: Referee, observation: Observation | None) -> bool:
    """The last observation is a settled, sound, empty board: a new game takes the next
    change as a placement (waiting for one more empty scan would take a worker put down
    within that scan for a piece left on the board)."""
    if observation is None or not observation.settled or not observation.valid:
        return False
    return not differences(
        referee.expected_view, observed_view(observation, referee.settings.polarity)
    )


def clear_board(referee: Referee, observation: Observation) -> list[RefereeEvent] | None:
    """Before a new game's first placement: a settled board with pieces on it is the
    referee's error (the fixes name every piece, as `differences` orders them), so a
    worker left from the menu or the last game is never taken for a placement. None once
    the board is empty: the referee takes over (and clears the error itself)."""
    if not observation.settled or not observation.valid:
        return referee.observe(observation)  # a hand over the board, or faults
    found = observed_view(observation, referee.settings.polarity)
    fixes = differences(referee.expected_view, found)
    if not fixes:
        return None
    error = referee.error
    if error is not None and [f.message for f in fixes] == [f.message for f in error.fixes]:
        return []
    kind = "error_raised" if error is None else "error_updated"
    referee.error = BoardError(fixes, observation.time)
    cells = tuple(dict.fromkeys(cell_name(fix.cell) for fix in fixes))
    player = referee.game.player
    return [RefereeEvent(kind, observation.time, player, referee.error.message, cells)]
