"""The Pi's protocol logic without I/O: handshake, gaps, timers, refusals."""

from __future__ import annotations

import pytest

from firmware_bridge import protocol as p
from santorini_hw.clock import ManualClock
from santorini_hw.sensing.bridge_session import (
    BridgeSession,
    BridgeSettings,
    BridgeState,
    BridgeTimeoutError,
    IncompatibleBridgeError,
    SessionCounters,
)


class Rig:
    def __init__(self) -> None:
        self.clock = ManualClock()
        self.sent: list[int] = []
        self.published: list[tuple[tuple[int, ...], bool]] = []
        self.counters = SessionCounters()
        self.session = BridgeSession(
            self.clock,
            BridgeSettings(),
            self.counters,
            send=lambda kind, body: self.sent.append(kind),
            publish=lambda values, full: self.published.append((values, full)),
            rx_errors=lambda: 0,
        )
        self.seq = 0

    def bridge(self, kind: int, body: bytes = b"", seq: int | None = None) -> None:
        self.seq = self.seq if seq is None else seq
        encoded = p.encode_frame(kind, self.seq, body)
        self.seq += 1
        (frame,) = p.Decoder().feed(encoded)
        self.session.receive(frame)

    def hello(self, reply: bool = True, cells: int = 25) -> None:
        self.bridge(p.HELLO, p.hello_body(reply, p.CAP_LEDS, cells, 25, "uid", "0.1.0"))

    def take(self) -> list[int]:
        sent, self.sent = self.sent, []
        return sent


def connected_rig() -> Rig:
    rig = Rig()
    rig.hello()
    rig.bridge(p.SNAPSHOT, p.snapshot_body([7] * 25))
    rig.take()
    rig.published.clear()
    return rig


def test_handshake_then_snapshot_then_readings() -> None:
    rig = Rig()
    assert rig.take() == [p.HELLO]
    rig.bridge(p.CHANGE, p.change_body([(1, 5)]))  # from an older session: ignored
    assert not rig.session.connected and rig.published == []
    rig.hello()
    assert rig.take() == [p.REQUEST_SNAPSHOT]
    assert rig.session.info is not None and rig.session.info.drives_leds
    rig.bridge(p.CHANGE, p.change_body([(1, 5)]))  # before the snapshot: not trusted
    assert rig.published == []
    rig.bridge(p.SNAPSHOT, p.snapshot_body(list(range(25))))
    rig.bridge(p.CHANGE, p.change_body([(1, 500)]))
    assert rig.session.connected
    assert rig.published[0] == (tuple(range(25)), True)
    assert rig.published[1][0][1] == 500 and not rig.published[1][1]


def test_a_sequence_gap_is_counted_and_deltas_wait_for_a_fresh_snapshot() -> None:
    rig = connected_rig()
    rig.bridge(p.CHANGE, p.change_body([(0, 100)]), seq=rig.seq + 3)
    assert rig.counters.dropped == 3
    assert rig.take() == [p.REQUEST_SNAPSHOT]
    assert rig.published == []
    rig.bridge(p.CHANGE, p.change_body([(0, 200)]))
    assert rig.published == []
    rig.bridge(p.SNAPSHOT, p.snapshot_body([9] * 25))
    assert rig.published == [((9,) * 25, True)]


def test_an_unanswered_snapshot_request_is_repeated() -> None:
    rig = Rig()
    rig.hello()
    rig.take()
    rig.clock.advance(0.5)
    rig.bridge(p.HEARTBEAT, p.heartbeat_body(1, 0))
    rig.session.tick()
    assert p.REQUEST_SNAPSHOT not in rig.take()
    rig.clock.advance(0.6)
    rig.session.tick()
    assert p.REQUEST_SNAPSHOT in rig.take()


def test_heartbeats_are_sent_and_silence_times_out() -> None:
    rig = connected_rig()
    rig.session.tick()
    assert rig.take() == [p.HEARTBEAT]
    rig.clock.advance(1.0)
    rig.session.tick()
    assert rig.take() == [p.HEARTBEAT]
    rig.clock.advance(2.6)
    with pytest.raises(BridgeTimeoutError):
        rig.session.tick()


def test_a_rebooted_bridge_is_greeted_again() -> None:
    rig = connected_rig()
    rig.hello(reply=False)  # boot announcement
    assert rig.take() == [p.HELLO] and not rig.session.connected
    rig.hello()
    assert rig.take() == [p.REQUEST_SNAPSHOT]
    rig.bridge(p.SNAPSHOT, p.snapshot_body([1] * 25))
    assert rig.session.connected and rig.counters.reconnects == 1


def test_a_bridge_that_forgot_the_session_is_greeted_again() -> None:
    rig = connected_rig()
    rig.bridge(p.NAK, p.ack_body(p.HEARTBEAT, 3, p.NAK_NO_SESSION))
    assert rig.take() == [p.HELLO] and rig.counters.naks == 1


def test_another_protocol_version_is_refused_with_both_versions_named() -> None:
    rig = Rig()
    with pytest.raises(IncompatibleBridgeError) as refused:
        rig.bridge(p.HELLO, bytes([p.PROTOCOL_VERSION + 1]) + b"future")
    assert refused.value.state is BridgeState.VERSION_MISMATCH
    assert f"bridge speaks version {p.PROTOCOL_VERSION + 1}" in str(refused.value)
    assert f"host speaks version {p.PROTOCOL_VERSION}" in str(refused.value)


def test_the_bridge_refusing_our_version_is_reported() -> None:
    rig = Rig()
    with pytest.raises(IncompatibleBridgeError, match="bridge speaks version 7"):
        rig.bridge(p.ERROR, p.error_body(p.ERR_VERSION, p.version_mismatch_text(7, 1)))


def test_a_bridge_for_another_board_size_is_incompatible() -> None:
    rig = Rig()
    with pytest.raises(IncompatibleBridgeError, match="16 cells") as refused:
        rig.hello(cells=16)
    assert refused.value.state is BridgeState.INCOMPATIBLE


def test_1200_baud_is_refused() -> None:
    with pytest.raises(ValueError, match="bootloader"):
        BridgeSettings(baudrate=1200)
