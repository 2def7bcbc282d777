"""The engine at a seat: its choice for a position, and its thinking in a worker thread.

`engine_turn` is the whole choice (pure: the same game position, level and game seed
give the same turn, so a restarted daemon shows the same turn again). `EngineSeats`
runs it for the daemon: after every batch of referee events it looks whether an engine
seat is to move with nothing chosen yet, and if so searches in a thread while the board
keeps scanning, watched (`watch.SearchWatch`): how far it got is in `thinking` and
reported (`progressed`) while it thinks. An undo or a new game in between cancels the
search (its thread ends within 256 nodes, and nothing is handed over); otherwise the
answer is handed over (`chosen`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from santorini_hw.clock import Clock, SystemClock
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.game import Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.seats.levels import LEVELS, choose_placement, choose_turn, turn_seed
from santorini_hw.seats.model import Seats
from santorini_hw.seats.watch import SearchCancelledError, SearchWatch

_log = logging.getLogger(__name__)


Think = Callable[[Position, bool, Seats, int, Clock | None], "ExpectedTurn | None"]


def engine_turn(
    position: Position, placing: bool, seats: Seats, game_seed: int, clock: Clock | None = None
) -> ExpectedTurn | None:
    """The engine seat's turn (or, `placing`, its workers' cells) in `position`; None
    when the player to move is no engine or has no legal turn (`clock`: the search's)."""
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
    turn = choose_turn(position, level, seed, clock)
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
        *,
        think: Think = engine_turn,
        clock: Clock | None = None,
        progressed: Callable[[], None] | None = None,
    ) -> None:
        self.seats = seats
        self.seed = seed
        self._chosen = chosen
        self._think = think
        self._clock = clock or SystemClock()
        self._progressed = progressed
        self._thinking: dict[str, Any] | None = None
        self._watch: SearchWatch | None = None
        self._position: Position | None = None
        self._task: asyncio.Task[None] | None = None
        self.failures = 0

    @property
    def thinking(self) -> dict[str, Any] | None:
        """While a search runs (the state's): the player, the level, when it began, the
        level's time cap (it answers by then at worst), and how far it got: `nodes`
        searched of its `budget`."""
        if self._thinking is None or self._watch is None:
            return None
        return {**self._thinking, "nodes": self._watch.nodes, "budget": self._watch.budget}

    def update(self, referee: Referee, now: float) -> list[RefereeEvent]:
        """Start thinking if an engine seat is to move with nothing chosen yet (the
        `engine_thinking` event); cancel a search the game has left behind."""
        game = referee.game
        engine = self.seats[game.player].kind == "engine"
        wanted = engine and referee.waiting_for_remote and referee.undo_target is None
        position = game.position if wanted else None
        if position == self._position:
            return []
        self._stop()
        self._position = position
        if position is None:
            return []
        player = game.player
        level = self.seats[player].level
        assert level is not None, "only an engine seat waits for the engine"
        spec = LEVELS[level]
        self._thinking = {"player": player, "level": level, "since": now, "time_cap": spec.time_cap}
        loop = asyncio.get_running_loop()
        report = partial(loop.call_soon_threadsafe, self._report)  # from the search's thread
        self._watch = watch = SearchWatch(self._clock, spec.nodes, report)
        self._task = loop.create_task(self._run(position, game.phase is Phase.PLACEMENT, watch))
        return [RefereeEvent("engine_thinking", now, player, f"level {level}")]

    def progress_text(self) -> str:
        """How far the search got, in words (the `engine_thinking` events' text)."""
        thinking = self.thinking
        if thinking is None:
            return ""
        return f"level {thinking['level']}: {thinking['nodes']} of {thinking['budget']} nodes"

    def _report(self) -> None:
        if self._progressed is not None and self._thinking is not None:
            self._progressed()

    async def _run(self, position: Position, placing: bool, watch: SearchWatch) -> None:
        think = self._think
        try:
            turn = await asyncio.to_thread(think, position, placing, self.seats, self.seed, watch)
        except SearchCancelledError:
            return  # an undo or a new game: nobody wants this answer
        except Exception:
            self.failures += 1
            _log.exception("the engine's search failed")
            return
        if watch.cancelled or turn is None:
            return  # the game moved on after its last look at the clock: dropped
        self._position = None
        self._stop()
        self._chosen(turn)

    def _stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        self._watch = None
        self._thinking = None

    async def idle(self) -> None:
        """Wait until the search under way (if any) has ended, answered or cancelled."""
        if self._task is not None:
            await asyncio.wait([self._task])

    def close(self) -> None:
        """A new game: whatever is under way no longer counts."""
        self._position = None
        self._stop()
