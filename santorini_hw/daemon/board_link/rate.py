"""A token bucket: what the board link takes from its pair, at most, so a flood of
messages (a broken board, a misconfigured client) costs a few checks and no work.

Time is given, never read, so the limit is tested without sleeping:

>>> bucket = TokenBucket(rate=2.0, burst=3)
>>> [bucket.take(now=0.0) for _ in range(4)]
[True, True, True, False]
>>> bucket.take(now=0.5), bucket.refused
(True, 1)
"""

from __future__ import annotations


class TokenBucket:
    def __init__(self, rate: float, burst: int) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a bucket needs a positive rate and burst, not {rate}, {burst}")
        self.rate, self.burst = rate, burst
        self._tokens = float(burst)
        self._at: float | None = None
        self.refused = 0
        self.refused_at: float | None = None
        """When the last message was refused (None: never)."""

    def take(self, now: float) -> bool:
        """One message at `now` (seconds, monotonic): True if it may be handled."""
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.refused += 1
        self.refused_at = now
        return False
