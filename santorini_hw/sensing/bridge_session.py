"""The Pi's side of one bridge connection, as pure logic: no serial port, no threads.

`BridgeSession` gets decoded frames and clock ticks and answers through a `send`
callable, so its handshake, sequence tracking and timers are testable without I/O.
Its rule: readings are published only from a table the bridge confirmed with a
full SNAPSHOT; after a handshake or any sequence gap, CHANGE frames are ignored
until a fresh SNAPSHOT arrives.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from firmware_bridge import protocol
from santorini_hw.clock import Clock
from santorini_hw.rules.cells import CELL_COUNT


class BridgeState(enum.Enum):
    CONNECTING = "connecting"  # port open, handshake or first snapshot pending
    CONNECTED = "connected"  # readings flowing
    DISCONNECTED = "disconnected"  # port missing or lost; retrying with backoff
    VERSION_MISMATCH = "version_mismatch"  # bridge firmware speaks another protocol
    INCOMPATIBLE = "incompatible"  # bridge reports a board of another size
    CLOSED = "closed"  # the client was closed


@dataclass(frozen=True)
class StackReadings:
    """Raw 16-bit stack-height readings of all 25 cells, as the bridge filtered them.

    `sequence` counts readings delivered by this client (1, 2, ...), across
    reconnects; `full` is True when the values come from a SNAPSHOT, i.e. after a
    (re)connect or a gap, when earlier changes may have been missed.
    """

    values: tuple[int, ...]
    timestamp: float
    sequence: int
    full: bool


@dataclass(frozen=True)
class BridgeInfo:
    """What the bridge said about itself in its HELLO."""

    board_id: str
    firmware: str
    protocol_version: int
    cells: int
    pixels: int
    drives_leds: bool


@dataclass(frozen=True)
class BridgeSettings:
    """Timings of the client; defaults suit a real bridge heartbeating every second."""

    baudrate: int = 115200  # ignored by USB CDC, but never 1200 (see __post_init__)
    poll_s: float = 1.0  # the longest serial read wait: timers are checked by their due time
    heartbeat_s: float = 1.0  # how often the Pi sends HEARTBEAT
    heartbeat_timeout_s: float = 3.5  # silence after which the bridge counts as gone
    snapshot_retry_s: float = 1.0  # re-ask for a SNAPSHOT that did not come
    backoff_initial_s: float = 0.1  # first wait before reopening the port
    backoff_max_s: float = 5.0  # the wait doubles up to this
    queue_size: int = 64  # readings kept for a slow consumer (oldest dropped first)

    def __post_init__(self) -> None:
        if self.baudrate == 1200:
            raise ValueError("1200 baud reboots a CircuitPython bridge into its bootloader")


class IncompatibleBridgeError(Exception):
    """The bridge cannot be used as it is: reflash or rewire, retrying will not help."""

    def __init__(self, state: BridgeState, message: str) -> None:
        super().__init__(message)
        self.state = state


class BridgeTimeoutError(Exception):
    """The bridge fell silent: no frame within the heartbeat timeout."""


@dataclass
class SessionCounters:
    """Counters a session adds to; the client owns one for its whole life."""

    dropped: int = 0  # frames missing from the bridge's sequence
    naks: int = 0
    bridge_errors: int = 0  # ERROR frames other than a version mismatch
    bridge_rx_errors: int = 0  # bad frames the bridge received (from its heartbeat)
    reconnects: int = 0  # handshakes after the first one
    handshakes: int = 0


class BridgeSession:
    """Handshake, sync and liveness of one open connection to the bridge."""

    def __init__(
        self,
        clock: Clock,
        settings: BridgeSettings,
        counters: SessionCounters,
        *,
        send: Callable[[int, bytes], None],
        publish: Callable[[tuple[int, ...], bool], None],
        rx_errors: Callable[[], int],
    ) -> None:
        self._clock = clock
        self._settings = settings
        self._counters = counters
        self._send = send
        self._publish = publish
        self._rx_errors = rx_errors
        self._values: list[int] = [0] * CELL_COUNT
        self._expected_seq = -1  # -1: no session yet, sequence not tracked
        self._synced = False
        self._live = False  # a snapshot arrived since the handshake
        self.info: BridgeInfo | None = None
        now = clock.monotonic()
        self._last_rx = now
        self._next_heartbeat = now
        self._snapshot_asked = now
        self._hello()

    @property
    def connected(self) -> bool:
        """True once the handshake is done and a first snapshot arrived."""
        return self._live

    @property
    def session_open(self) -> bool:
        return self._expected_seq >= 0

    def receive(self, frame: protocol.Frame) -> None:
        self._last_rx = self._clock.monotonic()
        value = frame.value
        if isinstance(value, protocol.Hello):
            self._on_hello(frame.seq, value)
        elif isinstance(value, protocol.Error):
            self._on_error(value)
        elif self.session_open:
            self._track_sequence(frame.seq)
            self._on_session_frame(frame)

    def tick(self) -> None:
        """Heartbeat when due; re-ask what did not come; raise when the bridge is silent."""
        now = self._clock.monotonic()
        if now - self._last_rx > self._settings.heartbeat_timeout_s:
            raise BridgeTimeoutError(
                f"no frame from the bridge for {self._settings.heartbeat_timeout_s:.1f} s"
            )
        if now >= self._next_heartbeat:
            self._next_heartbeat = now + self._settings.heartbeat_s
            if self.session_open:
                body = protocol.heartbeat_body(int(now * 1000), self._rx_errors())
                self._send(protocol.HEARTBEAT, body)
            else:
                self._hello()
        if (
            self.session_open
            and not self._synced
            and now - self._snapshot_asked >= self._settings.snapshot_retry_s
        ):
            self._ask_snapshot()

    def next_due(self) -> float:
        """When `tick` next has work (on the session's clock): a heartbeat to send, the
        bridge's silence to call a time-out, a snapshot to ask again."""
        due = [self._next_heartbeat, self._last_rx + self._settings.heartbeat_timeout_s]
        if self.session_open and not self._synced:
            due.append(self._snapshot_asked + self._settings.snapshot_retry_s)
        return min(due)

    def _hello(self) -> None:
        self._expected_seq = -1
        self._synced = False
        self._live = False
        body = protocol.hello_body(False, 0, 0, 0, "santorini-hw", "host")
        self._send(protocol.HELLO, body)

    def _on_hello(self, seq: int, hello: protocol.Hello) -> None:
        if hello.version != protocol.PROTOCOL_VERSION:
            raise IncompatibleBridgeError(
                BridgeState.VERSION_MISMATCH,
                protocol.version_mismatch_text(hello.version, protocol.PROTOCOL_VERSION)
                + "; flash the firmware from firmware_bridge/ onto the bridge",
            )
        if not hello.reply:  # the bridge (re)booted and has no session: open one
            self._hello()
            return
        if self.session_open:  # answers an earlier HELLO of this same session
            self._track_sequence(seq)
            return
        if hello.cells != CELL_COUNT:
            raise IncompatibleBridgeError(
                BridgeState.INCOMPATIBLE,
                f"the bridge scans {hello.cells} cells, the board has {CELL_COUNT}",
            )
        self.info = BridgeInfo(
            board_id=hello.board_id,
            firmware=hello.firmware,
            protocol_version=hello.version,
            cells=hello.cells,
            pixels=hello.pixels,
            drives_leds=bool(hello.capabilities & protocol.CAP_LEDS),
        )
        if self._counters.handshakes:
            self._counters.reconnects += 1
        self._counters.handshakes += 1
        self._expected_seq = (seq + 1) & 0xFFFF
        self._ask_snapshot()

    def _on_error(self, error: protocol.Error) -> None:
        if error.code == protocol.ERR_VERSION:
            raise IncompatibleBridgeError(
                BridgeState.VERSION_MISMATCH,
                error.text + "; flash the firmware from firmware_bridge/ onto the bridge",
            )
        self._counters.bridge_errors += 1

    def _track_sequence(self, seq: int) -> None:
        gap = (seq - self._expected_seq) & 0xFFFF
        self._expected_seq = (seq + 1) & 0xFFFF
        if gap:
            self._counters.dropped += gap
            if self._synced:
                self._ask_snapshot()

    def _on_session_frame(self, frame: protocol.Frame) -> None:
        value = frame.value
        if frame.kind == protocol.SNAPSHOT and isinstance(value, tuple):
            if len(value) == CELL_COUNT:
                self._values = list(value)
                self._synced = True
                self._live = True
                self._publish(tuple(self._values), True)
        elif frame.kind == protocol.CHANGE and isinstance(value, tuple):
            if self._synced:
                for cell, reading in value:
                    if cell < CELL_COUNT:
                        self._values[cell] = reading
                self._publish(tuple(self._values), False)
        elif isinstance(value, protocol.Heartbeat):
            self._counters.bridge_rx_errors = value.rx_errors
        elif frame.kind == protocol.NAK and isinstance(value, protocol.Ack):
            self._counters.naks += 1
            if value.reason == protocol.NAK_NO_SESSION:  # the bridge forgot us
                self._hello()

    def _ask_snapshot(self) -> None:
        self._synced = False
        self._snapshot_asked = self._clock.monotonic()
        self._send(protocol.REQUEST_SNAPSHOT, b"")
