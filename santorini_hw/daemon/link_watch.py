"""The bridge link as the daemon watches it: connects and disconnects, and whether
frames still arrive while it says it is connected.

`LinkWatch.changed()` (called with each judged observation) journals and publishes a
change between connected and not; `check()` notes when the frame count last moved,
scheduled once a `CHECK_EVERY` by the scan loop rather than looked at every scan;
`stale()` is the watchdog's part of the test.
"""

from __future__ import annotations

import contextlib

from santorini_hw.clock import Clock
from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.sensing.bridge_client import BridgeClient
from santorini_hw.sensing.bridge_session import BridgeState
from santorini_hw.store import EventKind, Store, StoreError

STALE_AFTER = 5.0
"""Seconds without a frame from a connected bridge (it heartbeats every second)."""
CHECK_EVERY = 1.0
"""Seconds between two looks at the bridge's frame count."""


class LinkWatch:
    """`clock` schedules the checks (the board's); `real` times the frames."""

    def __init__(self, bridge: BridgeClient, clock: Clock, real: Clock) -> None:
        self._bridge = bridge
        self._clock = clock
        self._real = real
        self._state = BridgeState.DISCONNECTED
        self._frames = 0
        self._last_frame = -float("inf")
        self._checked = -float("inf")

    def next_check(self) -> float:
        return self._checked + CHECK_EVERY

    def check(self) -> None:
        """Note the time if frames arrived since the last check."""
        self._checked = self._clock.monotonic()
        frames = self._bridge.counters.frames
        if frames != self._frames:
            self._frames, self._last_frame = frames, self._real.monotonic()

    def stale(self) -> bool:
        """The link is closed for good, or connected and silent for `STALE_AFTER`."""
        self.check()
        state = self._bridge.state
        if state is BridgeState.CLOSED:
            return True
        silent = self._real.monotonic() - self._last_frame
        return state is BridgeState.CONNECTED and silent > STALE_AFTER

    def changed(self, store: Store, game_id: int, hub: EventHub) -> bool:
        """Journal and publish a change between connected and not; True if there was one."""
        state = self._bridge.state
        was_connected = self._state is BridgeState.CONNECTED
        self._state = state
        if was_connected == (state is BridgeState.CONNECTED):
            return False
        kind = EventKind.BRIDGE_CONNECTED if not was_connected else EventKind.BRIDGE_DISCONNECTED
        with contextlib.suppress(StoreError):
            store.append_event(kind, {"state": state.value}, game_id)
        hub.publish({"type": "bridge", "state": state.value})
        return True
