"""Hints on the service: a search asked for, and its answer shown if the game has not
moved on meanwhile.

`BoardService` mixes `HintControl` in; its `HintSearch` runs `_search_hint` in a worker
thread, one search at a time, and hands the answer to `_hint_found` on the event loop.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from santorini_hw.daemon.hint_search import HintSearch
from santorini_hw.daemon.menu_control import CommandError
from santorini_hw.daemon.settings import Settings
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.hints.budget import SearchResult
from santorini_hw.hints.engine import HintEngine
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn


class _Host(Protocol):
    hint: dict[str, Any] | None
    hint_turn: Turn | None
    hints: HintSearch
    _hint_engine: HintEngine
    settings: Settings
    menu: BoardMenu | None
    counters: dict[str, int]
    hardware: BoardHardware

    @property
    def game(self) -> Game: ...

    def _not_in_menu(self, what: str) -> None: ...

    def _after(self, events: list[RefereeEvent]) -> None: ...


class HintControl:
    hint: dict[str, Any] | None = None
    """The hint shown: player, turn in notation, depth searched."""
    hint_turn: Turn | None = None

    def request_hint(self: _Host) -> None:
        """Search a hint (`HintSearch`: one at a time); shown if the game has not moved."""
        self._not_in_menu("search a hint")
        if self.game.phase is Phase.OVER:
            raise CommandError("the game is over: no hint")
        if self.game.phase is not Phase.PLAY:
            raise CommandError(f"no hint during {self.game.phase.value}")
        self.hints.request(self.game.position)

    def _search_hint(self: _Host, position: Position) -> SearchResult:
        seed = random.randrange(1 << 16)
        return self._hint_engine.best(position, time_budget=self.settings.hint_seconds, seed=seed)

    def _hint_found(self: _Host, position: Position, result: SearchResult) -> None:
        if result.turn is None or self.game.position != position or self.game.turn is None:
            return
        if self.menu is not None:
            return
        self.counters["hints"] += 1
        text = actions_text(result.turn.actions)
        self.hint = {"player": position.player, "turn": text, "depth": result.depth}
        self.hint_turn = result.turn
        now = self.hardware.clock.monotonic()
        self._after([RefereeEvent("hint", now, position.player, text)])
