"""Bridge figures: decoder throughput, the delay from a physical change to the
readings arriving in the asyncio loop through a real pty, and the delay from a block
placed on the simulated board to the fused Observation showing it.

    .venv/bin/python bench/bridge.py [--changes 300] [--placements 100]

Prints one JSON object. The latency runs the real firmware logic in the fake bridge
(a scan every ~2 ms, 5 samples per cell), so it measures the host-side path; on the
RP2040 a scan of 25 cells adds its own ~10-20 ms. The observation latency runs
`SimulatedHardware` as the daemon runs the board (a scan every 10 ms, the simulated
clock following real time), so it includes fusion's settle time (80 ms by default).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time

from firmware_bridge import protocol as p
from santorini_hw.clock import SystemClock
from santorini_hw.sensing.bridge_client import BridgeClient, StackReadings
from sim.fake_bridge import FakeBridge
from sim.hardware import SimulatedHardware


def decoder_throughput(frames: int = 20000) -> dict[str, float]:
    rng = random.Random(1)
    encoded = []
    for seq in range(frames):
        if seq % 10 == 0:
            body = p.snapshot_body([rng.randrange(65536) for _ in range(25)])
            encoded.append(p.encode_frame(p.SNAPSHOT, seq, body))
        elif seq % 10 == 1:
            encoded.append(p.encode_frame(p.HEARTBEAT, seq, p.heartbeat_body(seq, 0)))
        else:
            pairs = [(rng.randrange(25), rng.randrange(65536)) for _ in range(rng.randrange(1, 4))]
            encoded.append(p.encode_frame(p.CHANGE, seq, p.change_body(pairs)))
    stream = b"".join(encoded)
    decoder = p.Decoder()
    start = time.perf_counter()
    for index in range(0, len(stream), 4096):
        decoder.feed(stream[index : index + 4096])
    elapsed = time.perf_counter() - start
    assert decoder.frames == frames
    return {
        "decoder_frames_per_s": round(frames / elapsed),
        "decoder_mbytes_per_s": round(len(stream) / elapsed / 1e6, 2),
    }


async def change_latency(changes: int) -> dict[str, float]:
    values = [1000] * 25
    arrived: asyncio.Queue[tuple[float, StackReadings]] = asyncio.Queue()

    def on_readings(readings: StackReadings) -> None:
        arrived.put_nowait((time.perf_counter(), readings))

    delays = []
    with (
        FakeBridge(values.__getitem__) as fake,
        BridgeClient(fake.path, clock=SystemClock(), on_readings=on_readings),
    ):
        await asyncio.wait_for(arrived.get(), 10)
        for index in range(changes):
            cell = index % 25
            target = 1000 + 10000 * (1 + index % 5)
            if values[cell] == target:
                target += 5000
            changed_at = time.perf_counter()
            values[cell] = target
            while True:
                when, readings = await asyncio.wait_for(arrived.get(), 10)
                if readings.values[cell] == target:
                    delays.append(when - changed_at)
                    break
    delays.sort()
    return {
        "changes": changes,
        "latency_median_ms": round(statistics.median(delays) * 1000, 2),
        "latency_p99_ms": round(delays[int(0.99 * (len(delays) - 1))] * 1000, 2),
        "latency_max_ms": round(delays[-1] * 1000, 2),
    }


async def observation_latency(placements: int) -> dict[str, float]:
    delays = []
    async with SimulatedHardware() as sim:
        await sim.settle()
        for index in range(placements):
            cell = index % 25
            level = 1 - sim.physical.level(cell)  # place a block, or lift it again
            changed_at = last = time.perf_counter()
            if level:
                sim.place(cell, "block")
            else:
                sim.lift(cell)
            while True:
                await asyncio.sleep(sim.scan_period)
                now = time.perf_counter()
                sim.clock.advance(now - last)
                last = now
                if sim.scan().cells[cell].level == level:
                    delays.append(now - changed_at)
                    break
                if now - changed_at > 10:
                    raise TimeoutError(f"cell {cell} never showed level {level}")
    delays.sort()
    return {
        "placements": placements,
        "observation_median_ms": round(statistics.median(delays) * 1000, 2),
        "observation_p99_ms": round(delays[int(0.99 * (len(delays) - 1))] * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--placements", type=int, default=100)
    args = parser.parse_args()
    figures = decoder_throughput()
    figures.update(asyncio.run(change_latency(args.changes)))
    figures.update(asyncio.run(observation_latency(args.placements)))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
