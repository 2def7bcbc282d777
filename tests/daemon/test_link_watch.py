"""The watchdog's view of the bridge link: a connected bridge that fell silent is stale
(the daemon stops feeding systemd's watchdog), a disconnected one is a normal state."""

from __future__ import annotations

from dataclasses import dataclass

from santorini_hw.daemon.link_watch import STALE_AFTER, LinkWatch
from santorini_hw.sensing.bridge_session import BridgeState


@dataclass
class Link:
    state: BridgeState
    silence: float

    def silent_for(self) -> float:
        return self.silence


def test_a_connected_bridge_is_stale_only_once_silent_for_longer_than_the_limit() -> None:
    link = Link(BridgeState.CONNECTED, 0.2)
    watch = LinkWatch(link)
    assert not watch.stale()
    link.silence = STALE_AFTER + 0.1
    assert watch.stale()
    link.state = BridgeState.DISCONNECTED  # the client noticed and is reconnecting
    assert not watch.stale()
    link.state = BridgeState.CLOSED
    assert watch.stale()
