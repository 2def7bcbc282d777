"""A per-seat limit on submissions: a flood from one phone cannot keep the board busy.

A token bucket per key: `burst` submissions at once, then one every `every` seconds.
Time comes from an injected clock.

>>> from santorini_hw.clock import ManualClock
>>> clock = ManualClock()
>>> limit = RateLimit(clock, burst=2, every=5.0)
>>> limit.wait("B"), limit.wait("B"), limit.wait("B")
(0.0, 0.0, 5.0)
>>> clock.advance(5.0); limit.wait("B"), limit.wait("A")
(0.0, 0.0)
"""

from __future__ import annotations

from santorini_hw.clock import Clock


class RateLimit:
    def __init__(self, clock: Clock, burst: int = 5, every: float = 2.0) -> None:
        self._clock = clock
        self.burst = burst
        self.every = every
        self._full_at: dict[str, float] = {}
        """When each key's bucket is full again (its debt paid off)."""

    def wait(self, key: str) -> float:
        """0.0 and the submission counts, or the seconds to wait before the next one
        (which then does not count)."""
        now = self._clock.monotonic()
        full_at = max(self._full_at.get(key, now), now)
        spent = (full_at - now) / self.every
        if spent > self.burst - 1:
            return full_at - now - (self.burst - 1) * self.every
        self._full_at[key] = full_at + self.every
        return 0.0
