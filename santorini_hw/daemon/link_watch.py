"""The bridge link as the daemon watches it: connects and disconnects, and whether
frames still arrive while it says it is connected.

`LinkWatch.changed()` (called with each judged observation) journals and publishes a
change between connected and not; `stale()` is the watchdog's part of the test, read
from the client's time of its last frame (no timer of its own: an idle board's event
loop is not woken for it).
"""

from __future__ import annotations

import contextlib
from typing import Protocol

from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.sensing.bridge_session import BridgeState
from santorini_hw.store import EventKind, Store, StoreError

STALE_AFTER = 5.0
"""Seconds without a frame from a connected bridge (it heartbeats every second)."""


class Link(Protocol):
    """The part of `BridgeClient` watched."""

    @property
    def state(self) -> BridgeState: ...

    def silent_for(self) -> float:
        """Seconds since the last frame arrived."""
        ...


class LinkWatch:
    def __init__(self, bridge: Link) -> None:
        self._bridge = bridge
        self._state = BridgeState.DISCONNECTED

    def stale(self) -> bool:
        """The link is closed for good, or connected and silent for `STALE_AFTER`."""
        state = self._bridge.state
        if state is BridgeState.CLOSED:
            return True
        return state is BridgeState.CONNECTED and self._bridge.silent_for() > STALE_AFTER

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
