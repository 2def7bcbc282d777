"""Client of the stack-height bridge: serial I/O, reconnects, delivery into asyncio.

Threading: one daemon thread owns the serial port for the client's whole life. It
opens the port, runs a `BridgeSession` over it, and reopens it with exponential
backoff after an unplug, a bridge reset or a silent bridge. Blocking serial reads
happen only there, so the asyncio loop never waits on the port; readings and state
changes reach the loop through `call_soon_threadsafe`. A read waits for a frame or
for the session's next timer (a heartbeat to send, the bridge's silence to notice),
so an idle link wakes the thread a couple of times a second, not at a polling rate.
`send_leds` only stores the latest frame and wakes the thread (`cancel_read`), which
writes it (newer frames replace unsent older ones, and the last frame is re-sent
after a reconnect).

Usage, inside a running loop:

    async with BridgeClient("/dev/santorini-bridge", clock=SystemClock()) as bridge:
        readings = await bridge.readings.get()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Protocol, TypeVar

import serial

from firmware_bridge import protocol
from santorini_hw.clock import Clock
from santorini_hw.sensing.bridge_session import (
    BridgeInfo,
    BridgeSession,
    BridgeSettings,
    BridgeState,
    BridgeTimeoutError,
    IncompatibleBridgeError,
    SessionCounters,
    StackReadings,
)
from santorini_hw.sensing.thread_names import name_thread

__all__ = [
    "DEFAULT_PATH",
    "BridgeClient",
    "BridgeCounters",
    "BridgeInfo",
    "BridgeSettings",
    "BridgeState",
    "SerialPort",
    "StackReadings",
    "open_serial",
]

DEFAULT_PATH = "/dev/santorini-bridge"
MIN_WAIT = 0.001
"""Seconds: the shortest read wait (a timer already due is handled after it)."""

log = logging.getLogger(__name__)
_T = TypeVar("_T")
_REFUSED = (BridgeState.VERSION_MISMATCH, BridgeState.INCOMPATIBLE)


class SerialPort(Protocol):
    """The part of `serial.Serial` the client uses."""

    @property
    def in_waiting(self) -> int: ...

    timeout: float | None

    def cancel_read(self) -> None: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


def open_serial(path: str, settings: BridgeSettings) -> SerialPort:
    """Open the bridge port; a missing or vanished device raises SerialException (OSError)."""
    port: SerialPort = serial.Serial(
        path,
        baudrate=settings.baudrate,
        timeout=settings.poll_s,
        write_timeout=1.0,
        exclusive=True,
    )
    return port


@dataclass(frozen=True)
class BridgeCounters:
    """Health figures for the API; all count from the client's start."""

    frames: int  # valid frames received
    crc_errors: int
    decode_errors: int  # bad COBS, truncated, unknown kind, malformed body, oversize
    dropped: int  # frames missing from the bridge's sequence (each gap forces a snapshot)
    reconnects: int  # handshakes after the first (unplug, reset, timeout)
    heartbeat_timeouts: int
    naks: int
    bridge_errors: int
    bridge_rx_errors: int  # bad frames the bridge received, from its last heartbeat


class BridgeClient:
    """Delivers `StackReadings` from the bridge to a callback or to `readings`.

    `on_readings` and `on_state`, when given, are called in the event loop thread;
    without `on_readings` readings go to the `readings` queue (oldest dropped when
    full). `start()` must be called with a running loop (the context managers do).
    """

    def __init__(
        self,
        path: str = DEFAULT_PATH,
        *,
        clock: Clock,
        settings: BridgeSettings | None = None,
        on_readings: Callable[[StackReadings], None] | None = None,
        on_state: Callable[[BridgeState], None] | None = None,
        opener: Callable[[str, BridgeSettings], SerialPort] = open_serial,
    ) -> None:
        self.path = path
        self._clock = clock
        self._settings = settings or BridgeSettings()
        self._on_readings = on_readings
        self._on_state = on_state
        self._opener = opener
        self.readings: asyncio.Queue[StackReadings] = asyncio.Queue(self._settings.queue_size)
        self._decoder = protocol.Decoder()
        self._session_counters = SessionCounters()
        self._heartbeat_timeouts = 0
        self._sequence = 0
        self._state = BridgeState.DISCONNECTED
        self._error: str | None = None
        self._info: BridgeInfo | None = None
        self._lock = threading.Lock()
        self._leds: bytes | None = None
        self._leds_pending = False
        self._out_seq = 0
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._session: BridgeSession | None = None  # owned by the I/O thread
        self._port: SerialPort | None = None  # the open port, for `_wake_reader` (locked)
        self._last_frame = -math.inf  # on `clock`, written by the I/O thread

    # ------------------------------------------------------------ public API

    @property
    def state(self) -> BridgeState:
        return self._state

    @property
    def error(self) -> str | None:
        """The last reason the bridge was not usable; None once it is connected."""
        return self._error

    @property
    def info(self) -> BridgeInfo | None:
        """The bridge's HELLO from the current or last connection."""
        return self._info

    def silent_for(self) -> float:
        """Seconds since the last valid frame arrived (inf before the first)."""
        return self._clock.monotonic() - self._last_frame

    @property
    def counters(self) -> BridgeCounters:
        session = self._session_counters
        return BridgeCounters(
            frames=self._decoder.frames,
            crc_errors=self._decoder.crc_errors,
            decode_errors=self._decoder.errors,
            dropped=session.dropped,
            reconnects=session.reconnects,
            heartbeat_timeouts=self._heartbeat_timeouts,
            naks=session.naks,
            bridge_errors=session.bridge_errors,
            bridge_rx_errors=session.bridge_rx_errors,
        )

    def send_leds(self, frame: Sequence[tuple[int, int, int]]) -> None:
        """Queue a pixel frame (RGB 0-255 per pixel) for a bridge that drives the LEDs."""
        if any(len(pixel) != 3 for pixel in frame):
            raise ValueError("every pixel needs exactly three channels (r, g, b)")
        body = bytes(channel for pixel in frame for channel in pixel)  # ValueError if > 255
        if len(body) > protocol.MAX_BODY:
            raise ValueError(f"{len(frame)} pixels exceed the frame limit")
        with self._lock:
            self._leds = body
            self._leds_pending = True
        self._wake_reader()

    def start(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        if self._thread is not None:
            raise RuntimeError("the bridge client is already started")
        self._loop = loop or asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, name="bridge-client", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the I/O thread and close the port."""
        self._stop.set()
        self._wake_reader()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        self._set_state(BridgeState.CLOSED, None)

    async def aclose(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    def __enter__(self) -> BridgeClient:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> BridgeClient:
        self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    # ------------------------------------------------------------ I/O thread

    def _run(self) -> None:
        name_thread("bridge-client")
        backoff = self._settings.backoff_initial_s
        while not self._stop.is_set():
            try:
                port = self._opener(self.path, self._settings)
            except OSError as error:
                self._set_state(BridgeState.DISCONNECTED, f"cannot open {self.path}: {error}")
            else:
                backoff = self._serve(port, backoff)
            self._stop.wait(backoff)
            backoff = min(2 * backoff, self._settings.backoff_max_s)

    def _serve(self, port: SerialPort, backoff: float) -> float:
        """Run one connection until it fails; return the backoff before reopening."""
        if self._state not in _REFUSED:  # a refused bridge stays refused until it answers
            self._set_state(BridgeState.CONNECTING, self._error)
        self._decoder.reset()
        self._session = None
        try:
            self._session = session = BridgeSession(
                self._clock,
                self._settings,
                self._session_counters,
                send=lambda kind, body: self._write(port, kind, body),
                publish=self._publish,
                rx_errors=lambda: self._decoder.crc_errors + self._decoder.errors,
            )
            with self._lock:
                self._port = port
            while not self._stop.is_set():
                for frame in self._decoder.feed(self._read(port, session)):
                    self._last_frame = self._clock.monotonic()
                    session.receive(frame)
                session.tick()
                self._follow()
                if session.connected:
                    self._flush_leds(port)
        except IncompatibleBridgeError as error:
            if self._state is not error.state:  # retries of a refused bridge stay quiet
                log.error("bridge on %s refused: %s", self.path, error)
            self._set_state(error.state, str(error))
            return self._settings.backoff_max_s
        except BridgeTimeoutError as error:
            self._set_state(BridgeState.DISCONNECTED, str(error))
            self._heartbeat_timeouts += 1
        except OSError as error:  # serial.SerialException is an OSError
            self._set_state(BridgeState.DISCONNECTED, f"bridge on {self.path} lost: {error}")
        finally:
            with self._lock:
                self._port = None
            port.close()
        if self._session is not None and self._session.info is not None:
            return self._settings.backoff_initial_s
        return backoff

    def _read(self, port: SerialPort, session: BridgeSession) -> bytes:
        """What has arrived, waiting at most until the session's next timer (or `poll_s`)
        for something to: the port's timeout only changes when it would oversleep a
        timer or wake more than twice before it."""
        due = session.next_due() - self._clock.monotonic()
        wait = min(self._settings.poll_s, max(due, MIN_WAIT))
        if port.timeout is None or not wait / 2 <= port.timeout <= wait:
            port.timeout = wait
        return port.read(max(1, port.in_waiting))

    def _wake_reader(self) -> None:
        """End the I/O thread's current wait (any thread)."""
        with self._lock:
            if self._port is not None:
                with contextlib.suppress(OSError):  # a port the thread is losing
                    self._port.cancel_read()

    def _follow(self) -> None:
        """Mirror the session in `state`; a new session gets the last LED frame again."""
        session = self._session
        if session is None or not session.connected:
            if self._state is BridgeState.CONNECTED:
                self._set_state(BridgeState.CONNECTING, "the bridge restarted its session")
            return
        if self._state is not BridgeState.CONNECTED:
            self._info = session.info
            self._set_state(BridgeState.CONNECTED, None)
            with self._lock:
                self._leds_pending = self._leds is not None

    def _write(self, port: SerialPort, kind: int, body: bytes) -> None:
        port.write(protocol.encode_frame(kind, self._out_seq, body))
        self._out_seq = (self._out_seq + 1) & 0xFFFF

    def _flush_leds(self, port: SerialPort) -> None:
        with self._lock:
            body = self._leds if self._leds_pending else None
            self._leds_pending = False
        if body is not None:
            self._write(port, protocol.LEDS, body)

    def _publish(self, values: tuple[int, ...], full: bool) -> None:
        self._follow()  # `state` says CONNECTED before the first readings arrive
        self._sequence += 1
        readings = StackReadings(values, self._clock.monotonic(), self._sequence, full)
        self._call_in_loop(self._deliver, readings)

    def _set_state(self, state: BridgeState, error: str | None) -> None:
        changed = state is not self._state
        self._error = error  # before the state: a reader seeing the state sees its reason
        self._state = state
        if changed and self._on_state is not None:
            self._call_in_loop(self._on_state, state)

    def _call_in_loop(self, callback: Callable[[_T], None], value: _T) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(callback, value)
        except RuntimeError:  # the loop closed in between: nobody is listening any more
            return

    # ------------------------------------------------------------ loop thread

    def _deliver(self, readings: StackReadings) -> None:
        if self._on_readings is not None:
            self._on_readings(readings)
            return
        if self.readings.full():
            self.readings.get_nowait()
        self.readings.put_nowait(readings)
