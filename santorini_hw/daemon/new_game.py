"""Setting a game up on the board itself: the menu as the state reports it, and the
empty board a new game waits for before it takes placements.

`BoardService` uses both; they only read the menu and the referee's views, so they are
kept apart from the service's loop and tested through it (tests/daemon).
"""

from __future__ import annotations

from typing import Any

from santorini_hw.referee.board_view import CellFix, differences, observed_view
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.referee.menu_pages import god_places
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
        "places": {} if step is None or not step.pages else god_places(step.options),
        "page": None if step is None or not step.pages else step.pages[step.page].name,
        "clock": menu.clock,
        "seats": menu.seats,
        "names": menu.names,
    }


def _powers(options: tuple[str, ...]) -> dict[str, str]:
    """The power of each option that is a god, in one sentence."""
    gods = {god.value: god for god in God}
    return {option: POWERS[gods[option]] for option in options if option in gods}


class Clearing:
    """A new game's wait for the board to give up what it held when the game began.

    Until the board is clear the referee does not take placements: a settled board with
    pieces from before (the last game's, a worker left from the menu) is the referee's
    error, its fixes naming every such piece as `differences` orders them. A worker put
    down on a cell that had none when the game began is not from before: it is the first
    placement, kept for the referee once the rest is clear (the daemon may start a game
    before its board has ever settled, and players do not wait for it).
    """

    def __init__(self, leftover_workers: int) -> None:
        self.leftover_workers = leftover_workers
        """Cells that had a worker when the game began."""

    @classmethod
    def needed(
        cls, referee: Referee, observation: Observation | None, workers_now: int
    ) -> Clearing | None:
        """None if the last observation is a settled, sound, empty board: the next change
        is a placement. Otherwise the workers from before are those the switches show
        now (`workers_now`, raw) or the last observation showed settled."""
        if (
            observation is not None
            and observation.settled
            and observation.valid
            and not _fixes(referee, observation)
        ):
            return None
        cells = () if observation is None else observation.cells
        settled = sum(1 << index for index, cell in enumerate(cells) if cell.worker)
        return cls(workers_now | settled)

    def observe(self, referee: Referee, observation: Observation) -> list[RefereeEvent] | None:
        """The referee's error for what is left on the board; None once nothing from
        before is left: the referee takes over (and clears the error itself)."""
        if not observation.settled or not observation.valid:
            return referee.observe(observation)  # a hand over the board, or faults
        fixes = [
            fix
            for fix in _fixes(referee, observation)
            if fix.kind != "remove_worker" or self.leftover_workers >> fix.cell & 1
        ]
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


def _fixes(referee: Referee, observation: Observation) -> list[CellFix]:
    return differences(referee.expected_view, observed_view(observation, referee.settings.polarity))
