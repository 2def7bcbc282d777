"""A running engine search, watched from outside: how far it got, and a way to stop it.

The hint search reads its clock once every 256 nodes (`hints.budget`), and only then; a
`SearchWatch` is the clock handed to one search. Each read past the first counts 256
nodes searched (how far it got, good to 256 nodes, never past the level's budget),
tells `progressed` at most once per `every` seconds, and raises `SearchCancelledError` once
`cancel()` was called: an undo stops the search within 256 nodes, without the search
itself knowing of seats, threads or undo.

>>> from santorini_hw.clock import ManualClock
>>> watch = SearchWatch(ManualClock(), budget=1000)
>>> _ = [watch.monotonic() for _ in range(3)]
>>> watch.nodes
512
>>> watch.cancel()
>>> watch.monotonic()
Traceback (most recent call last):
...
santorini_hw.seats.watch.SearchCancelledError: the search was cancelled
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from santorini_hw.clock import Clock

NODES_PER_READ = 256
"""Nodes the search counts between two reads of its clock (`hints.budget._CLOCK_EVERY` + 1)."""
PROGRESS_EVERY = 0.25
"""Seconds between two progress reports: the page redraws, the journal is not touched."""


class SearchCancelledError(Exception):
    """Raised inside the search's thread: nobody wants its answer any more."""

    def __init__(self) -> None:
        super().__init__("the search was cancelled")


class SearchWatch:
    """The clock of one search: counts its nodes, reports them, and can stop it."""

    def __init__(
        self,
        clock: Clock,
        budget: int,
        progressed: Callable[[], object] | None = None,
        every: float = PROGRESS_EVERY,
    ) -> None:
        self._clock = clock
        self.budget = budget
        self._progressed = progressed
        self._every = every
        self._cancelled = threading.Event()
        self._reads = 0
        self._reported: float | None = None

    @property
    def nodes(self) -> int:
        """Nodes searched so far (to the last 256), at most the budget."""
        return min(self.budget, NODES_PER_READ * max(0, self._reads - 1))

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Stop the search at its next read of the clock (from any thread)."""
        self._cancelled.set()

    def monotonic(self) -> float:
        if self._cancelled.is_set():
            raise SearchCancelledError
        now = self._clock.monotonic()
        self._reads += 1
        due = self._reported is None or now - self._reported >= self._every
        if self._progressed is not None and self._reads > 1 and due:
            self._reported = now
            self._progressed()
        return now
