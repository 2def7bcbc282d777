"""Issue 19: the serial reader sleeps until a frame or its next timer, not at a polling
rate, and a pixel frame or `close()` wakes it at once (`cancel_read`).

The port is the real pyserial `Serial` on the fake bridge's pty, wrapped only to count
what the client does with it. The bounds below only get easier on a slower machine."""

from __future__ import annotations

import asyncio
from typing import Any

from santorini_hw.clock import SystemClock
from santorini_hw.sensing.bridge_client import (
    BridgeClient,
    BridgeSettings,
    BridgeState,
    SerialPort,
    open_serial,
)
from sim.fake_bridge import FakeBridge
from tests.bridge.test_bridge_client import FAST, run, until

IDLE = 2.0
"""Seconds of an idle link watched: the bridge heartbeats once a second, and so does the
client, so a reader that waits for them reads a few times (it used to poll 20 times a
second: 40 reads)."""


class CountingPort:
    """A real port that counts reads and wake-ups."""

    def __init__(self, port: SerialPort) -> None:
        self.port = port
        self.reads = 0
        self.cancels = 0

    @property
    def in_waiting(self) -> int:
        return self.port.in_waiting

    @property
    def timeout(self) -> float | None:
        return self.port.timeout

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        self.port.timeout = value

    def read(self, size: int = 1) -> bytes:
        self.reads += 1
        return self.port.read(size)

    def write(self, data: bytes) -> int | None:
        return self.port.write(data)

    def cancel_read(self) -> None:
        self.cancels += 1
        self.port.cancel_read()

    def close(self) -> None:
        self.port.close()


def counting_client(path: str, ports: list[CountingPort]) -> BridgeClient:
    def opener(path: str, settings: BridgeSettings) -> Any:
        ports.append(CountingPort(open_serial(path, settings)))
        return ports[-1]

    return BridgeClient(path, clock=SystemClock(), settings=FAST, opener=opener)


def test_an_idle_link_wakes_the_reader_for_frames_and_timers_only() -> None:
    ports: list[CountingPort] = []

    async def scenario() -> None:
        with FakeBridge(lambda cell: 1000) as fake:
            client = counting_client(fake.path, ports)
            assert client.silent_for() == float("inf")  # nothing heard yet
            async with client:
                await until(lambda: client.state is BridgeState.CONNECTED)
                before = ports[-1].reads
                await asyncio.sleep(IDLE)
                reads = ports[-1].reads - before
                assert reads <= 4 * IDLE, reads
                assert client.state is BridgeState.CONNECTED  # the heartbeats kept it up
                assert client.silent_for() < IDLE  # and the time of the last frame moves

    run(scenario)


def test_a_pixel_frame_and_close_wake_the_sleeping_reader() -> None:
    ports: list[CountingPort] = []
    lights = [(1, 2, 3)] * 25

    async def scenario() -> None:
        with FakeBridge(lambda cell: 1000) as fake:
            client = counting_client(fake.path, ports)
            async with client:
                await until(lambda: client.state is BridgeState.CONNECTED)
                client.send_leds(lights)
                assert ports[-1].cancels == 1
                await until(lambda: bool(fake.led_frames) and fake.led_frames[-1] == tuple(lights))
            # `close()` ends the reader's wait instead of waiting for its timeout.
            assert ports[-1].cancels == 2
            assert client.state is BridgeState.CLOSED

    run(scenario)
