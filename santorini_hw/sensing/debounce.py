"""Debouncing on an injected clock: a channel's new value counts once it has held still.

Hands, contact bounce and flicker make raw readings jump; the referee must only see
values that have stayed put for `settle_time` seconds. gpiozero's `bounce_time` is
not simulated on mock pins (and would hide timing from tests), so this is done here,
on values of any kind, with time from a `Clock`.

>>> from santorini_hw.clock import ManualClock
>>> clock = ManualClock()
>>> debouncer = Debouncer(clock, settle_time=0.1, initial=(False, False))
>>> debouncer.update((True, False)), debouncer.stable
(frozenset(), (False, False))
>>> clock.advance(0.1)
>>> debouncer.update((True, False)), debouncer.stable
(frozenset({0}), (True, False))
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from santorini_hw.clock import Clock

T = TypeVar("T", bound=Hashable)


class Debouncer(Generic[T]):
    """Per-channel debouncing of a fixed number of channels.

    The `initial` values are where the channels start; they too must hold for
    `settle_time` before the channels count as settled.
    """

    def __init__(self, clock: Clock, settle_time: float, initial: Sequence[T]) -> None:
        if settle_time < 0:
            raise ValueError(f"settle_time must be >= 0, not {settle_time}")
        now = clock.monotonic()
        self._clock = clock
        self._settle_time = settle_time
        self._stable = list(initial)
        self._candidate = list(initial)
        self._since = [now] * len(self._stable)
        self._disturbed: list[float | None] = [now] * len(self._stable)
        self._held_once = [False] * len(self._stable)

    @property
    def stable(self) -> tuple[T, ...]:
        """The last value of each channel that held for the settle time."""
        return tuple(self._stable)

    def update(self, values: Sequence[T]) -> frozenset[int]:
        """Feed one reading of every channel; return the channels whose stable value changed."""
        if len(values) != len(self._stable):
            raise ValueError(f"expected {len(self._stable)} values, got {len(values)}")
        now = self._clock.monotonic()
        changed = set()
        for channel, value in enumerate(values):
            if value != self._candidate[channel]:
                self._candidate[channel] = value
                self._since[channel] = now
                if self._disturbed[channel] is None:
                    self._disturbed[channel] = now
            if now - self._since[channel] >= self._settle_time:
                if self._candidate[channel] != self._stable[channel]:
                    self._stable[channel] = value
                    changed.add(channel)
                self._disturbed[channel] = None
                self._held_once[channel] = True
        return frozenset(changed)

    def settling(self, channel: int) -> bool:
        """True while the channel's latest reading differs from its stable value, and
        until its first value has held for the settle time (a flicker in the very first
        scan must not pass for the settled state).

        A one-scan flicker that comes back stops counting as settling as soon as it is
        back, so a board with a little noise still settles.
        """
        return not self._held_once[channel] or self._candidate[channel] != self._stable[channel]

    def next_deadline(self) -> float | None:
        """When a channel's latest value will have held for the settle time (None: every
        channel has settled). Until then an unchanged input changes nothing, so a caller
        may skip `update` for unchanged inputs before this time."""
        due = [
            since + self._settle_time
            for since, disturbed in zip(self._since, self._disturbed, strict=True)
            if disturbed is not None
        ]
        return min(due, default=None)

    def unsettled_for(self, channel: int) -> float:
        """Seconds since the channel last moved away from a settled state (0 when settled)."""
        disturbed = self._disturbed[channel]
        return 0.0 if disturbed is None else self._clock.monotonic() - disturbed
