"""A fake stack-height bridge: the real firmware logic on a pseudo-terminal.

`FakeBridge` runs `firmware_bridge.bridge.Bridge` (the code the RP2040 runs) in a
thread, with the master side of a pty as its USB port, a `read_cell(index) -> int`
callable as its ADC and a recording pixel buffer as its NeoPixels. The daemon
opens `path` with pyserial exactly as it opens the real device: `path` is a
symlink in a folder of its own (a fresh temporary one, or `directory`) that `replug()`
repoints to a fresh pty, as the udev rule repoints /dev/santorini-bridge. The folder is
removed on `close()`; a `directory` left behind by a killed process is emptied first.

Everything that changes the bridge (unplug, replug, reset, freeze, inject) runs in
the bridge thread between two firmware steps, so it never races a half-written frame.

Computing only on change. Without `activity` the thread steps the firmware every
`period_s`, scanning every cell each time, as the RP2040 does. With it, the board
model says what can have changed — `activity()` returns (a count of its stack
changes so far, seconds until its readings may move by themselves: 0 while contacts
bounce, the drift period of ADC noise, None when they stay put) — and the thread
scans only after a change or a drift, and otherwise sleeps until a frame arrives, a
`poke()`, or the firmware's next heartbeat or time-out (`Bridge.next_due_ms`). The
bytes on the line are the same: the firmware still sends its heartbeats, sequence
numbers and CRCs, and a change as soon as it is read.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import select
import shutil
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from types import TracebackType
from typing import Any

from firmware_bridge.bridge import Bridge
from santorini_hw.sensing.thread_names import name_thread

Pixel = tuple[int, int, int]


class RecordingPixels:
    """NeoPixel stand-in: indexable RGB pixels whose every `show()` is recorded."""

    def __init__(self, count: int, on_show: Callable[[tuple[Pixel, ...]], None] | None) -> None:
        self._pixels: list[Pixel] = [(0, 0, 0)] * count
        self._on_show = on_show
        self.frames: list[tuple[Pixel, ...]] = []

    def __len__(self) -> int:
        return len(self._pixels)

    def __getitem__(self, index: int) -> Pixel:
        return self._pixels[index]

    def __setitem__(self, index: int, value: Pixel) -> None:
        self._pixels[index] = value

    def show(self) -> None:
        frame = tuple(self._pixels)
        self.frames.append(frame)
        if self._on_show is not None:
            self._on_show(frame)


class PtyPort:
    """The bridge's USB port: the non-blocking master side of a pty.

    A write the host does not drain in time is dropped, as on a real CDC port whose
    host stops reading; the client sees the loss as a sequence gap or a bad frame.
    """

    def __init__(self, master: int) -> None:
        self.fd = master
        self.dropped_bytes = 0
        os.set_blocking(master, False)

    def read(self, size: int) -> bytes:
        try:
            return os.read(self.fd, size)
        except BlockingIOError:
            return b""

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.fd, view) :]
            except BlockingIOError:
                if not select.select([], [self.fd], [], 0.2)[1]:
                    self.dropped_bytes += len(view)
                    return


def _milliseconds() -> int:
    return time.monotonic_ns() // 1_000_000


class FakeBridge:
    """The bridge firmware on a pty, with a hand on its USB plug.

    `bridge_options` go to `Bridge` (samples, threshold, heartbeat_ms, led_budget_ma,
    version, ...). `pixels=0` makes a bridge without LEDs.
    """

    def __init__(
        self,
        read_cell: Callable[[int], int],
        *,
        pixels: int = 25,
        period_s: float = 0.002,
        clock: Callable[[], int] = _milliseconds,
        on_show: Callable[[tuple[Pixel, ...]], None] | None = None,
        directory: str | None = None,
        activity: Callable[[], tuple[int, float | None]] | None = None,
        **bridge_options: Any,
    ) -> None:
        self._read_cell = read_cell
        self._activity = activity
        self._scanned: int | None = None
        """The board's change count at the last scan (None: scan at the next step)."""
        self._next_scan = 0.0
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_write, False)
        self.steps = 0
        self.scans = 0
        self._period_s = period_s
        self._clock = clock
        self._bridge_options = bridge_options
        self.pixels: RecordingPixels | None = RecordingPixels(pixels, on_show) if pixels else None
        self._dir = _fresh_directory(directory)
        self.path = os.path.join(self._dir, "santorini-bridge")
        self._master = -1
        self._slave = -1
        self._port: PtyPort | None = None
        self.bridge: Bridge | None = None
        self._frozen = False
        self._requests: queue.Queue[tuple[Callable[[], None], threading.Event]] = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._plug()

    # ------------------------------------------------------------ control

    @property
    def led_frames(self) -> list[tuple[Pixel, ...]]:
        """Every pixel frame the firmware showed, oldest first."""
        return self.pixels.frames if self.pixels is not None else []

    @property
    def tty_path(self) -> str | None:
        """The current pty (what `path` points to), None while unplugged."""
        return os.ttyname(self._slave) if self._slave >= 0 else None

    @property
    def plugged(self) -> bool:
        return self._port is not None

    def start(self) -> FakeBridge:
        self._thread = threading.Thread(target=self._run, name="fake-bridge", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self.poke()
        if self._thread is not None:
            self._thread.join()
        self._unplug()
        shutil.rmtree(self._dir, ignore_errors=True)
        for fd in (self._wake_read, self._wake_write):
            with contextlib.suppress(OSError):
                os.close(fd)

    def poke(self) -> None:
        """The board changed (or a request waits): step the firmware now."""
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._wake_write, b"!")

    def unplug(self) -> None:
        """Pull the cable: the pty and the symlink vanish, the host's reads fail."""
        self._in_thread(self._unplug)

    def replug(self) -> None:
        """Plug back in: the firmware boots afresh on a new pty behind the same `path`."""
        self._in_thread(self._plug)

    def reset(self) -> None:
        """Reboot the firmware on the same port: sequence restarts at 0, session lost."""
        self._in_thread(self._boot)

    def freeze(self) -> None:
        """Hang the firmware: port open, nothing read or sent (a heartbeat timeout)."""
        self._in_thread(lambda: setattr(self, "_frozen", True))

    def thaw(self) -> None:
        self._in_thread(lambda: setattr(self, "_frozen", False))

    def inject(self, data: bytes) -> None:
        """Write raw bytes into the bridge-to-host stream, between two frames."""
        self._in_thread(lambda: self._port.write(data) if self._port is not None else None)

    def __enter__(self) -> FakeBridge:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # ------------------------------------------------------------ bridge thread

    def _in_thread(self, action: Callable[[], None]) -> None:
        if self._thread is None or not self._thread.is_alive():
            action()
            return
        done = threading.Event()
        self._requests.put((action, done))
        self.poke()
        while not done.wait(0.05) and self._thread.is_alive():
            pass

    def _run(self) -> None:
        name_thread("fake-bridge")
        while not self._stop.is_set():
            while not self._requests.empty():
                action, done = self._requests.get()
                action()
                done.set()
            wait = self._period_s
            if self.bridge is not None and not self._frozen:
                self.steps += 1
                scan = self._scan_due()
                self.scans += scan  # counted before its frame can reach a reader
                self.bridge.step(scan)
                wait = self._idle_wait(self.bridge)
            fds = [self._wake_read]
            if self._port is not None and not self._frozen:
                fds.append(self._port.fd)
            if self._wake_read in select.select(fds, [], [], wait)[0]:
                with contextlib.suppress(BlockingIOError):
                    os.read(self._wake_read, 4096)
        while not self._requests.empty():  # never leave a caller waiting
            self._requests.get()[1].set()

    def _scan_due(self) -> bool:
        """Scan on every step without `activity`; with it, after a change or a drift."""
        if self._activity is None:
            return True
        changes, moving = self._activity()
        if changes != self._scanned or time.monotonic() >= self._next_scan:
            self._scanned = changes
            self._next_scan = math.inf if moving is None else time.monotonic() + moving
            return True
        return False

    def _idle_wait(self, bridge: Bridge) -> float:
        """Seconds to sleep before the next step unless woken (see the module doc)."""
        if self._activity is None:
            return self._period_s
        due = bridge.next_due_ms()
        wait = math.inf if due is None else (due - self._clock()) / 1000
        wait = min(wait, self._next_scan - time.monotonic())
        return min(max(wait, self._period_s), 1.0)

    def _plug(self) -> None:
        self._unplug()
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self._port = PtyPort(self._master)
        link = self.path + ".new"
        os.symlink(os.ttyname(self._slave), link)
        os.replace(link, self.path)
        self._boot()

    def _boot(self) -> None:
        if self._port is None:
            raise RuntimeError("cannot boot an unplugged bridge")
        if self.pixels is not None:  # a reboot blanks the strip
            for index in range(len(self.pixels)):
                self.pixels[index] = (0, 0, 0)
        self.bridge = Bridge(
            self._port, self._read_cell, self.pixels, self._clock, **self._bridge_options
        )
        self._scanned = None  # the firmware scanned as it booted: what changed since is new

    def _unplug(self) -> None:
        self.bridge = None
        self._port = None
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1
        with contextlib.suppress(FileNotFoundError):
            os.remove(self.path)


def _fresh_directory(directory: str | None) -> str:
    """A new temporary folder, or `directory` emptied of a killed run's leftovers."""
    if directory is None:
        return tempfile.mkdtemp(prefix="santorini-bridge-")
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory, mode=0o700)
    return directory
