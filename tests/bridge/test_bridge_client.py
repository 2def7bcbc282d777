"""End to end: the client opens a fake bridge (the real firmware logic) on a real
pty with pyserial. Waits poll for conditions with generous timeouts; nothing
asserts on elapsed time."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any

from firmware_bridge import protocol as p
from santorini_hw.clock import SystemClock
from santorini_hw.sensing.bridge_client import (
    BridgeClient,
    BridgeSettings,
    BridgeState,
    StackReadings,
)
from sim.fake_bridge import FakeBridge

FAST = BridgeSettings(backoff_initial_s=0.02, backoff_max_s=0.2)
TIMEOUT = 10.0


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


async def until(condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


async def reading(
    client: BridgeClient, match: Callable[[StackReadings], bool] = lambda r: True
) -> StackReadings:
    async def first() -> StackReadings:
        while not match(readings := await client.readings.get()):
            pass
        return readings

    return await asyncio.wait_for(first(), TIMEOUT)


def test_snapshot_then_changes() -> None:
    values = [1000 + cell for cell in range(25)]

    async def scenario() -> None:
        with FakeBridge(values.__getitem__, board_id="e661") as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                first = await reading(client)
                assert first.full and first.values == tuple(values)
                assert client.state is BridgeState.CONNECTED and client.error is None
                assert client.info is not None and client.info.board_id == "e661"
                values[12] = 40000
                changed = await reading(client, lambda r: r.values[12] == 40000)
                assert not changed.full and changed.sequence > first.sequence
                assert changed.values[:12] == tuple(values[:12])
                assert client.counters.crc_errors == client.counters.decode_errors == 0

    run(scenario)


def test_corrupt_bytes_are_counted_and_a_gap_is_healed_by_a_snapshot() -> None:
    values = [1000] * 25

    async def scenario() -> None:
        with FakeBridge(values.__getitem__) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                await reading(client)
                fake.inject(b"\x00\x13 not a frame \xff\x01\x00")  # garbage between frames
                fake.inject(b"\x05half")  # no delimiter: swallows the next frame
                values[3] = 30000
                healed = await reading(client, lambda r: r.values[3] == 30000)
                counters = client.counters
                assert counters.crc_errors + counters.decode_errors >= 2
                assert counters.dropped >= 1 and healed.full
                assert client.state is BridgeState.CONNECTED

    run(scenario)


def test_unplug_replug_reconnects_with_a_fresh_snapshot_and_restores_the_lights() -> None:
    values = [1000] * 25
    lights = [(10, 20, 30)] * 25

    async def scenario() -> None:
        with FakeBridge(values.__getitem__) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                await reading(client)
                client.send_leds(lights)
                await until(lambda: bool(fake.led_frames) and fake.led_frames[-1] == tuple(lights))
                fake.unplug()
                assert not fake.plugged and fake.tty_path is None
                await until(lambda: client.state is BridgeState.DISCONNECTED)
                assert client.error is not None and fake.path in client.error
                values[0] = 50000  # moved while unplugged: only a snapshot can tell
                fake.replug()
                assert fake.plugged and os.path.realpath(fake.path) == fake.tty_path
                fresh = await reading(client, lambda r: r.full)
                assert fresh.values[0] == 50000
                assert client.state is BridgeState.CONNECTED
                assert client.counters.reconnects >= 1
                await until(lambda: bool(fake.led_frames) and fake.led_frames[-1] == tuple(lights))

    run(scenario)


def test_a_bridge_reset_is_noticed_and_resynced() -> None:
    values = [1000] * 25

    async def scenario() -> None:
        with FakeBridge(values.__getitem__) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                await reading(client)
                fake.reset()
                fresh = await reading(client, lambda r: r.full)
                assert fresh.values == (1000,) * 25
                await until(lambda: client.counters.reconnects >= 1)

    run(scenario)


def test_a_silent_bridge_times_out_and_is_reconnected_when_it_wakes() -> None:
    settings = BridgeSettings(
        heartbeat_s=0.1, heartbeat_timeout_s=0.5, backoff_initial_s=0.02, backoff_max_s=0.2
    )

    async def scenario() -> None:
        with FakeBridge(lambda cell: 1000) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=settings) as client:
                await reading(client)
                fake.freeze()
                await until(lambda: client.counters.heartbeat_timeouts >= 1)
                assert client.state is not BridgeState.CONNECTED
                assert client.error is not None and "no frame" in client.error
                fake.thaw()
                await reading(client, lambda r: r.full)
                await until(lambda: client.state is BridgeState.CONNECTED)

    run(scenario)


def test_a_bridge_of_another_protocol_version_is_refused_clearly() -> None:
    async def scenario() -> None:
        with FakeBridge(lambda cell: 1000, version=p.PROTOCOL_VERSION + 1) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                await until(lambda: client.state is BridgeState.VERSION_MISMATCH)
                assert client.error is not None
                assert f"bridge speaks version {p.PROTOCOL_VERSION + 1}" in client.error
                assert f"host speaks version {p.PROTOCOL_VERSION}" in client.error
                assert client.readings.empty()

    run(scenario)


def test_leds_to_a_bridge_without_pixels_are_refused_and_counted() -> None:
    async def scenario() -> None:
        with FakeBridge(lambda cell: 1000, pixels=0) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                await reading(client)
                assert client.info is not None and not client.info.drives_leds
                client.send_leds([(1, 2, 3)])
                await until(lambda: client.counters.naks >= 1)

    run(scenario)


def test_callbacks_receive_readings_and_states_in_the_loop() -> None:
    async def scenario() -> None:
        loop_thread_only: list[bool] = []
        got: list[StackReadings] = []
        states: list[BridgeState] = []
        loop = asyncio.get_running_loop()

        def on_readings(readings: StackReadings) -> None:
            loop_thread_only.append(asyncio.get_running_loop() is loop)
            got.append(readings)

        with FakeBridge(lambda cell: 2000) as fake:
            client = BridgeClient(
                fake.path,
                clock=SystemClock(),
                settings=FAST,
                on_readings=on_readings,
                on_state=states.append,
            )
            with client:
                await until(lambda: bool(got))
            assert client.state is BridgeState.CLOSED
        await until(lambda: BridgeState.CLOSED in states)
        assert got[0].values == (2000,) * 25 and all(loop_thread_only)
        assert states[:2] == [BridgeState.CONNECTING, BridgeState.CONNECTED]

    run(scenario)
