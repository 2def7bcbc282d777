"""Daemon latency under load: a physical event on the simulated board to the pixel frame and
to the WebSocket message, while 50 WebSocket clients listen and the API serves 100
requests per second; plus the daemon's resident memory and idle CPU, and how long
SIGTERM takes with 50 WebSocket clients connected (and 50 more gone).

    .venv/bin/python bench/daemon.py [--samples 40]

It starts `santorini-hw run --sim` on 127.0.0.1 (a free port, a temporary state
directory), places the four workers, then repeatedly lifts one of A's workers and puts
it back through the virtual-board API. The clock starts just before the API call that
moves the piece (so the HTTP round trip is included, as a hand's latency would not be)
and stops when client 0 receives the first pixel frame and the first state message
showing the change. Sensing settles a change before judging it (debouncing), so most of
the figure is that deliberate wait. Loopback only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

CLIENTS = 50
REQUESTS_PER_SECOND = 100
IDLE_SECONDS = 5.0
TIMEOUT = 30.0


def start_daemon(state_dir: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "santorini_hw.cli", "run", "--sim", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--state-dir", str(state_dir)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # bounded: the daemon prints it once it listens
    if "serving http://" not in line:
        process.kill()
        raise SystemExit(f"the daemon did not start: {line!r}")
    return process, line.split("serving ", 1)[1].split()[0].rstrip("/")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client0:
    """The measuring WebSocket client: when did the next frame and state arrive?"""

    def __init__(self) -> None:
        self.frames: list[float] = []
        self.states: list[tuple[float, dict[str, Any]]] = []

    async def listen(self, url: str, ready: asyncio.Event) -> None:
        async with connect(url, max_size=None) as socket:
            await socket.recv()
            ready.set()
            async for text in socket:
                message = json.loads(text)
                if message["type"] == "pixels":
                    self.frames.append(time.perf_counter())
                elif message["type"] == "state":
                    self.states.append((time.perf_counter(), message["state"]))


async def listener(url: str, ready: asyncio.Event) -> None:
    async with connect(url, max_size=None) as socket:
        await socket.recv()
        ready.set()
        async for _ in socket:
            pass


async def load(http: httpx.AsyncClient, stop: asyncio.Event, served: list[int]) -> None:
    interval = 1 / REQUESTS_PER_SECOND
    next_at = time.perf_counter()
    while not stop.is_set():
        (await http.get("/api/state")).raise_for_status()
        served[0] += 1
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))


async def wait_until(predicate: Any, what: str) -> float:
    deadline = time.perf_counter() + TIMEOUT
    while (found := predicate()) is None:
        if time.perf_counter() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        await asyncio.sleep(0.001)
    return float(found)


async def measure(base: str, token: str, samples: int) -> dict[str, Any]:
    auth = {"Authorization": f"Bearer {token}"}
    ws_url = base.replace("http://", "ws://") + "/api/events"
    async with httpx.AsyncClient(base_url=base, headers=auth, timeout=TIMEOUT) as http:

        async def place(cell: str, player: str) -> None:
            body = {"cell": cell, "piece": "worker", "player": player}
            (await http.post("/api/sim/place", json=body)).raise_for_status()

        for cell, player in (("a1", "A"), ("d1", "A"), ("c3", "B"), ("e5", "B")):
            await place(cell, player)
        for _ in range(round(TIMEOUT / 0.05)):
            if (await http.get("/api/state")).json()["phase"] == "play":
                break
            await asyncio.sleep(0.05)
        client0 = Client0()
        readies = [asyncio.Event() for _ in range(CLIENTS)]
        tasks = [asyncio.create_task(client0.listen(ws_url, readies[0]))]
        tasks += [asyncio.create_task(listener(ws_url, ready)) for ready in readies[1:]]
        for ready in readies:
            await asyncio.wait_for(ready.wait(), TIMEOUT)
        stop, served = asyncio.Event(), [0]
        loader = asyncio.create_task(load(http, stop, served))
        started = time.perf_counter()
        to_frame, to_event = [], []
        for number in range(samples):
            lifting = number % 2 == 0
            t0 = time.perf_counter()
            frames, states = len(client0.frames), len(client0.states)
            if lifting:
                (await http.post("/api/sim/lift", json={"cell": "a1"})).raise_for_status()
            else:
                await place("a1", "A")
            seen = await wait_until(
                lambda n=states, up=lifting: next(
                    (t for t, s in client0.states[n:] if (s["board"][0]["worker"] is None) == up),
                    None,
                ),
                "the state message",
            )
            frame = await wait_until(
                lambda n=frames: client0.frames[n] if len(client0.frames) > n else None,
                "the pixel frame",
            )
            to_event.append(seen - t0)
            to_frame.append(frame - t0)
            await asyncio.sleep(0.05)
        rate = served[0] / (time.perf_counter() - started)
        stop.set()
        await loader
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"frame": to_frame, "event": to_event, "rate": rate}


async def stop_with_clients(process: subprocess.Popen[str], base: str) -> float:
    """Seconds from SIGTERM to the exit while CLIENTS WebSocket clients stay connected
    (the daemon closes them; the ones of `measure` are gone already)."""
    ws_url = base.replace("http://", "ws://") + "/api/events"
    readies = [asyncio.Event() for _ in range(CLIENTS)]
    tasks = [asyncio.create_task(listener(ws_url, ready)) for ready in readies]
    for ready in readies:
        await asyncio.wait_for(ready.wait(), TIMEOUT)
    started = time.perf_counter()
    process.terminate()
    while process.poll() is None:
        if time.perf_counter() - started > TIMEOUT:
            raise SystemExit("the daemon did not stop")
        await asyncio.sleep(0.001)
    seconds = time.perf_counter() - started
    await asyncio.gather(*tasks, return_exceptions=True)
    return seconds


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as state_dir:
        process, base = start_daemon(Path(state_dir))
        try:
            time.sleep(1.0)
            before = cpu_seconds(process.pid)
            time.sleep(IDLE_SECONDS)
            idle = (cpu_seconds(process.pid) - before) / IDLE_SECONDS * 100
            idle_rss = rss_mb(process.pid)
            token = (Path(state_dir) / "token").read_text().strip()
            result = asyncio.run(measure(base, token, args.samples))
            loaded_rss = rss_mb(process.pid)
            stop_seconds = asyncio.run(stop_with_clients(process, base))
        finally:
            process.terminate()
            process.wait(timeout=TIMEOUT)
    print(f"daemon bench: {args.samples} physical events (lift / put back a worker), ")
    print(f"  {CLIENTS} WebSocket clients, API load {result['rate']:.0f} requests/s")
    print(f"  physical event -> pixel frame:       {summary(result['frame'])}")
    print(f"  physical event -> WebSocket message: {summary(result['event'])}")
    print(f"  resident memory: {idle_rss:.0f} MB idle, {loaded_rss:.0f} MB after the load")
    print(f"  idle CPU: {idle:.1f} % of one core (scanning every 10 ms, no clients)")
    print(
        f"  SIGTERM -> exit {process.returncode}: {stop_seconds * 1000:.0f} ms "
        f"({CLIENTS} clients connected, {CLIENTS} gone)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
