"""The engine at a seat: its choice for a position, and its thinking in a worker thread.

`engine_turn` is the whole choice (pure: the same game position, level and game seed
give the same turn, so a restarted daemon shows the same turn again). `EngineSeats`
runs it for the daemon: after every batch of referee events it looks whether an engine
seat is to move with nothing chosen yet, and if so searches in a thread while the board
keeps scanning; the answer is handed over (`chosen`) only if the game is still where the
search started (an undo or a new game in between drops it: the search is cancelled).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.game import Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.seats.levels import LEVELS, choose_placement, choose_turn, turn_seed
from santorini_hw.seats.model import Seats

_log = logging.getLogger(__name__)


def engine_turn(
    position: Position, placing: bool, seats: Seats, game_seed: int
) -> ExpectedTurn | None:
    """The engine seat's turn (or, `placing`, its workers' cells) in `position`; None
    when the player to move is no engine or has no legal turn."""
    player = position.player
    level = seats[player].level
    if level is None:
        return None
    if placing:  # chosen whole from before its first worker: a restart half way agrees
        side = position.side
        fresh = position.with_workers(side, 0)
        cells = choose_placement(fresh, level, turn_seed(game_seed, fresh))
        if not position.workers[side] & ~sum(1 << cell for cell in cells):
            return ExpectedTurn(player, fresh, cells=cells)
        seed = turn_seed(game_seed, position)  # a worker of its stands elsewhere
        return ExpectedTurn(player, position, cells=choose_placement(position, level, seed))
    seed = turn_seed(game_seed, position)
    turn = choose_turn(position, level, seed)
    return None if turn is None else ExpectedTurn(player, position, turn.actions)


def awaiting_json(expected: ExpectedTurn | None, seats: Seats) -> dict[str, Any] | None:
    """The state's `awaiting`: the turn the board shows for a seat not at the board
    (`kind` that seat's: "engine" or "remote")."""
    if expected is None:
        return None
    turn = {"actions": expected.steps(), "result": position_to_json(expected.result())}
    placement = expected.is_placement
    kind = seats[expected.player].kind
    return {"player": expected.player, "kind": kind, "placement": placement, "turn": turn}


class EngineSeats:
    """The daemon's engine seats for one game (see the module doc)."""

    def __init__(
        self,
        seats: Seats,
        seed: int,
        chosen: Callable[[ExpectedTurn], None],
        think: Callable[[Position, bool, Seats, int], ExpectedTurn | None] = engine_turn,
    ) -> None:
        self.seats = seats
        self.seed = seed
        self._chosen = chosen
        self._think = think
        self.thinking: dict[str, Any] | None = None
        """While a search runs (the state's): the player, the level, when it began and
        the level's time cap (how far it got, at worst: it answers by then)."""
        self._position: Position | None = None
        self._task: asyncio.Task[None] | None = None
        self.failures = 0

    def update(self, referee: Referee, now: float) -> list[RefereeEvent]:
        """Start thinking if an engine seat is to move with nothing chosen yet (the
        `engine_thinking` event); drop a search the game has left behind."""
        game = referee.game
        engine = self.seats[game.player].kind == "engine"
        wanted = engine and referee.waiting_for_remote and referee.undo_target is None
        position = game.position if wanted else None
        if position == self._position:
            return []
        self._position = position
        self.thinking = None
        if position is None:
            return []
        player = game.player
        level = self.seats[player].level
        cap = None if level is None else LEVELS[level].time_cap
        self.thinking = {"player": player, "level": level, "since": now, "time_cap": cap}
        placing = game.phase is Phase.PLACEMENT
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(self._run(position, placing))
        return [RefereeEvent("engine_thinking", now, player, f"level {level}")]

    async def _run(self, position: Position, placing: bool) -> None:
        try:
            turn = await asyncio.to_thread(self._think, position, placing, self.seats, self.seed)
        except Exception:
            self.failures += 1
            _log.exception("the engine's search failed")
            return
        if self._position != position or turn is None:
            return  # the game moved on while it thought: the answer is dropped
        self._position = None
        self.thinking = None
        self._chosen(turn)

    def close(self) -> None:
        """A new game: whatever is under way no longer counts."""
        self._position = None
        self.thinking = None
