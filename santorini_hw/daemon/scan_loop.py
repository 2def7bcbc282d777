"""The daemon's scan loop: read the board every scan period, work only when it must.

The worker switches have no interrupt line, so the loop polls them: every
`scan_period` while hands are at work, every `IDLE_PERIOD` once nothing has moved for
`IDLE_AFTER`, every `DORMANT_PERIOD` after `DORMANT_AFTER`. The bridge's readings and
the API's commands do not wait for a poll: they `wake()` the loop (stack changes reach
the referee at once on a sleeping board). A tick whose raw inputs equal the last
judged tick's, with nothing poked and no deadline due, ends after that comparison: no
classification, fusion, referee call or lights. Otherwise the inputs are fused into an
observation and handed to `judge`.

Deadlines replace rediscovering time-outs every tick. Each part with a timer exposes
its next deadline on the board's clock (None: no timer runs), registered with
`add_deadline` if the whole pipeline must run then (fusion's settle times, the
referee's grace period: both need a fresh observation) or with `add_timer` and its own
action otherwise (button holds). The loop takes the earliest
after each piece of work, and sleeps no further than it. Whatever changes a deadline
from outside a tick (a press, an API command) calls `poke()`.

An exception while judging one observation is logged with the observation, counted
(`scan_errors`) and kept in `last_error` (for /api/health); scanning goes on.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from typing import Any

from santorini_hw.clock import Clock
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.sensing.observation import Observation

_log = logging.getLogger(__name__)

Deadline = Callable[[], float | None]
IDLE_AFTER = 0.25
"""Seconds without anything to judge after which the board counts as idle: a hand's
next action (a slide, a bounce, the block after the move) mostly comes sooner."""
IDLE_PERIOD = 0.025
"""Seconds between scans of an idle board: each wake-up of the event loop costs more
than the scan itself, and a hand still at work (a worker held over the board) is seen
within 25 ms (a change and its settle time are then followed every `scan_period`)."""
DORMANT_AFTER = 10.0
"""Seconds without anything to judge after which nobody's hand is on the board."""
DORMANT_PERIOD = 0.1
"""Seconds between scans of a dormant board: ten wake-ups a second. A worker's first
lift is seen within 100 ms (then 80 ms of debounce: measured, its moves light about
0.1 s later than mid-turn); blocks wake the loop through the bridge at once."""
LOG_EVERY = 10.0
"""Seconds between two logged tracebacks of judging errors (every one is counted)."""


class ScanLoop:
    """See the module doc. `clock` is the board's (deadlines and observations), `real`
    the wall clock's monotonic time (`last_scan`, for the watchdog)."""

    def __init__(
        self,
        hardware: BoardHardware,
        judge: Callable[[Observation], None],
        counters: dict[str, int],
        *,
        real: Clock,
        before_scan: Callable[[], None] = lambda: None,
    ) -> None:
        self._hardware = hardware
        self._scanner = hardware.scanner
        self._clock = hardware.clock
        self._real = real
        self._judge = judge
        self._before_scan = before_scan
        self.counters = counters
        for name in ("scans", "scans_judged", "scan_errors"):
            counters.setdefault(name, 0)
        self._deadlines: list[Deadline] = [self._scanner.next_deadline]
        self._timers: list[tuple[Deadline, Callable[[], None]]] = []
        self._key: tuple[Any, ...] | None = None
        self._poked = True
        self._due = -math.inf
        self._timer_due = -math.inf
        self.last_scan = -math.inf
        self._judged_at = -math.inf
        self.observation: Observation | None = None
        self.last_error: dict[str, Any] | None = None
        self._logged_at = -math.inf
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ended: asyncio.Future[None] | None = None
        self._next: asyncio.Handle | None = None
        """The next tick's callback; None while a tick runs or the loop is not running."""
        self._scanner.on_change = self.wake

    def add_deadline(self, deadline: Deadline) -> None:
        """Run the whole pipeline (fuse, judge) at `deadline()` even if nothing moved."""
        self._deadlines.append(deadline)
        self.poke()

    def add_timer(self, deadline: Deadline, action: Callable[[], None]) -> None:
        """Call `action` alone at `deadline()`."""
        self._timers.append((deadline, action))
        self.poke()

    @property
    def next_deadline(self) -> float:
        """The earliest deadline on the board's clock (inf: none)."""
        return min(self._due, self._timer_due)

    def poke(self) -> None:
        """Something outside the ticks changed what is due: judge at once."""
        self._poked = True
        self.wake()

    def wake(self) -> None:
        """Tick now instead of at the end of the current sleep (on the loop's thread; a
        wake during a tick is that tick's business)."""
        if self._next is not None and self._loop is not None:
            self._next.cancel()
            self._next = self._loop.call_soon(self._cycle)

    def period(self) -> float:
        """Seconds to the next poll of the switches, by how long nothing was judged."""
        quiet = self._real.monotonic() - self._judged_at
        busy = self._hardware.scan_period
        if quiet < IDLE_AFTER:
            return busy
        return max(busy, IDLE_PERIOD if quiet < DORMANT_AFTER else DORMANT_PERIOD)

    async def run(self) -> None:
        """Tick every `period()` of real time, sooner for a deadline or a `wake()`, until
        cancelled (or until reading the board raises: that error ends it).

        The ticks are timer callbacks rather than steps of this task: one pass of the
        event loop per scan instead of two (a timer resolving a future, then the task it
        wakes), and those passes are most of what an idle board costs."""
        loop = asyncio.get_running_loop()
        self._loop, self._ended = loop, loop.create_future()
        self._cycle()
        try:
            await self._ended
        finally:
            if self._next is not None:
                self._next.cancel()
            self._loop = self._ended = self._next = None

    def _cycle(self) -> None:
        """A tick, then the next one scheduled."""
        self._next = None
        if self._loop is None or self._ended is None:
            return
        try:
            self.tick()
        except Exception as error:  # the board cannot be read: run() ends with the error
            self._ended.set_exception(error)
            return
        period = self.period()
        wait = self.next_deadline - self._clock.monotonic()
        self._next = self._loop.call_later(wait if 0 < wait < period else period, self._cycle)

    def tick(self) -> None:
        """One scan (see the module doc); tests call it with the board's clock stepped."""
        self._before_scan()
        self.last_scan = self._real.monotonic()
        self.counters["scans"] += 1
        raw = self._scanner.read()
        holds = self._hardware.button_holds
        key = (raw, self._scanner.bridge.state, holds.edges if holds is not None else 0)
        now = self._clock.monotonic()
        judge = key != self._key or self._poked or now >= self._due
        if not judge and now < self._timer_due:
            return
        if now >= self._timer_due:
            for deadline, action in self._timers:
                due = deadline()
                if due is not None and now >= due:
                    action()
        if judge:
            self._key = key
            self._judge_now(raw)
        self._reschedule()

    def _judge_now(self, raw: Any) -> None:
        self._judged_at = self._real.monotonic()
        self.counters["scans_judged"] += 1
        observation = self._scanner.fuse(raw)
        self.observation = observation
        try:
            self._judge(observation)
        except Exception as error:  # one bad observation must not stop the board
            self._failed(observation, error)
        self._poked = False  # what judging changed is rescheduled just below

    def _failed(self, observation: Observation, error: Exception) -> None:
        self.counters["scan_errors"] += 1
        now = self._real.monotonic()
        self.last_error = {
            "error": f"{type(error).__name__}: {error}",
            "observation": str(observation),
            "time": observation.time,
            "count": self.counters["scan_errors"],
        }
        if now - self._logged_at >= LOG_EVERY:
            self._logged_at = now
            _log.exception("judging an observation failed; scanning goes on:\n%s", observation)

    def _reschedule(self) -> None:
        self._due = _earliest(deadline() for deadline in self._deadlines)
        self._timer_due = _earliest(deadline() for deadline, _ in self._timers)


def _earliest(deadlines: Any) -> float:
    return min((due for due in deadlines if due is not None), default=math.inf)
