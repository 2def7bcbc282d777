"""Injected time: logic asks a `Clock`, never `time.monotonic()`, so timeouts are testable;
and `Alarm`, the asyncio sleep that something else may cut short.

>>> clock = ManualClock()
>>> clock.advance(0.25)
>>> clock.monotonic()
0.25
"""

from __future__ import annotations

import asyncio
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


class Alarm:
    """Sleep in the event loop until a time-out or an earlier `ring()`.

    One future and one timer per sleep: `asyncio.wait_for` on an `Event` would start a
    task per wait, which the loops that wait most (the scan loop, the lights) would
    pay on every wake-up of an idle board. A `ring()` while nobody sleeps is not kept:
    the sleeper looks at what changed before it sleeps again.
    """

    def __init__(self) -> None:
        self._waiter: asyncio.Future[None] | None = None

    def ring(self) -> None:
        """End the current sleep now (call on the loop's thread)."""
        _resolve(self._waiter)

    async def sleep(self, seconds: float | None) -> None:
        """Until `seconds` have passed (None: no time-out) or `ring()`."""
        loop = asyncio.get_running_loop()
        self._waiter = waiter = loop.create_future()
        timer = None if seconds is None else loop.call_later(seconds, _resolve, waiter)
        try:
            await waiter
        finally:
            if timer is not None:
                timer.cancel()
            self._waiter = None


def _resolve(waiter: asyncio.Future[None] | None) -> None:
    if waiter is not None and not waiter.done():
        waiter.set_result(None)
