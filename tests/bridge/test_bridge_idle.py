"""Issue 19: the simulated bridge computes only when its board changes, while the
bytes on the line stay a real RP2040's (heartbeats, sequence numbers, CRCs)."""

from __future__ import annotations

import asyncio
import time

from firmware_bridge import protocol as p
from santorini_hw.clock import SystemClock
from santorini_hw.sensing.bridge_client import BridgeClient
from sim.fake_bridge import FakeBridge
from tests.bridge.test_bridge_client import FAST, TIMEOUT, reading, run
from tests.bridge.test_bridge_firmware import Rig


def test_a_step_without_a_scan_reads_no_cell_but_still_heartbeats() -> None:
    reads = [0]

    def read(cell: int) -> int:
        reads[0] += 1
        return 1000

    rig = Rig(read)
    rig.connect()
    assert rig.bridge.next_due_ms() == 1000  # the first heartbeat
    before = reads[0]
    rig.now = 1000
    rig.bridge.step(scan=False)
    (heartbeat,) = rig.port.take()
    assert heartbeat.kind == p.HEARTBEAT and reads[0] == before
    assert rig.bridge.next_due_ms() == 2000
    rig.bridge.step()
    assert reads[0] == before + 25 * 5  # a scan: every cell, five samples each


def test_no_session_no_deadline() -> None:
    assert Rig().bridge.next_due_ms() is None


def test_the_fake_bridge_scans_only_after_its_board_changed() -> None:
    values = [1000] * 25
    changes = [0]

    async def scenario() -> None:
        activity = lambda: (changes[0], None)  # noqa: E731
        with FakeBridge(values.__getitem__, activity=activity, heartbeat_ms=200) as fake:
            async with BridgeClient(fake.path, clock=SystemClock(), settings=FAST) as client:
                await reading(client)
                scans, steps, frames = fake.scans, fake.steps, client.counters.frames
                started = time.monotonic()
                while client.counters.frames < frames + 2:  # two heartbeats
                    assert time.monotonic() - started < TIMEOUT
                    await asyncio.sleep(0.05)
                assert fake.scans == scans  # nothing changed: no cell was read
                assert fake.steps - steps < 20  # and it slept between frames
                assert client.counters.dropped == client.counters.crc_errors == 0
                values[12] = 40000
                changes[0] += 1
                fake.poke()
                changed = await reading(client, lambda r: r.values[12] == 40000)
                assert changed.values[12] == 40000 and fake.scans > scans

    run(scenario)
