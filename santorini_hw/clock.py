"""Injected time: logic asks a `Clock`, never `time.monotonic()`, so timeouts are testable.

>>> clock = ManualClock()
>>> clock.advance(0.25)
>>> clock.monotonic()
0.25
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def monotonic(self) -> float:
        """Seconds on a clock that never goes backwards."""
        ...


class SystemClock:
    """The real monotonic clock."""

    def monotonic(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told to: for tests and the simulator's timeline."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def monotonic(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"a clock cannot go backwards (advance by {seconds})")
        self._now += seconds

    def set(self, now: float) -> None:
        self.advance(now - self._now)
