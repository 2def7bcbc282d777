"""Hints, one search at a time: a flood of requests costs one search, not one each.

The search runs in a worker thread (it is CPU-bound). A request while a search runs
joins it: for the same position it just waits for that answer; for another position
(the game moved on) it is searched next, only the latest such request being kept. A
search that raises is logged with its position and counted, never lost in a task
nobody awaits.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from santorini_hw.hints.budget import SearchResult
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_text

_log = logging.getLogger(__name__)


class HintSearch:
    def __init__(
        self,
        search: Callable[[Position], SearchResult],
        found: Callable[[Position, SearchResult], None],
    ) -> None:
        self._search = search
        self._found = found
        """Called on the event loop with the position searched and the result."""
        self._task: asyncio.Task[None] | None = None
        self._searching: Position | None = None
        self._next: Position | None = None
        self.searches = 0
        self.joined = 0
        self.failures = 0

    @property
    def running(self) -> bool:
        return self._task is not None

    def request(self, position: Position) -> None:
        """Search `position`, or join the search under way (see the module doc)."""
        if self._task is None:
            self._start(position)
            return
        self.joined += 1
        self._next = None if position == self._searching else position

    def _start(self, position: Position) -> None:
        self._searching = position
        self.searches += 1
        self._task = asyncio.get_running_loop().create_task(self._run(position))

    async def _run(self, position: Position) -> None:
        try:
            result = await asyncio.to_thread(self._search, position)
            self._found(position, result)
        except Exception:
            self.failures += 1
            _log.exception("hint search failed for %s", position_to_text(position))
        finally:
            self._task = self._searching = None
            following, self._next = self._next, None
            if following is not None:
                self._start(following)
