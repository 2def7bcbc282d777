"""Daemon latency under load: a physical event on the simulated board to the pixel frame and
to the WebSocket message, while 50 WebSocket clients listen and the API serves 100
requests per second; plus the daemon's resident memory and its CPU, idle and under that
load. With `--mqtt` it runs twice, without and then with the MQTT link to a local
Mosquitto (Debian's, as the tests use), and adds the extra CPU and the latency of a
moved worker to the board's retained state on MQTT. Last, it times SIGTERM with 50
WebSocket clients connected (and 50 more gone).

    .venv/bin/python bench/daemon.py [--samples 40] [--pause 0.05] [--mqtt]

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
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from live_daemon import cpu_seconds, rss_mb, start_daemon, stop_daemon
from websockets.asyncio.client import connect

CLIENTS = 50
REQUESTS_PER_SECOND = 100
IDLE_SECONDS = 5.0
TIMEOUT = 30.0
SAMPLING_PERIOD = 0.05
"""The worker switches look at the field every 50 ms (DRV5032FC, 20 Hz): each pause gets
a random part of that, so the events meet every phase of the sampling (a fixed spacing
locks onto one phase, and the medians of two runs then differ by tens of ms)."""
jitter = random.Random(20)


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


async def measure(
    base: str, token: str, samples: int, pid: int, *, pause: float, mqtt: Any = None
) -> dict[str, Any]:
    """The latencies and the daemon's CPU under load; with `mqtt` (a `Recorder` on the
    board's topics) also a moved worker to its retained state on MQTT."""
    auth = {"Authorization": f"Bearer {token}"}
    ws_url = base.replace("http://", "ws://") + "/api/events"
    async with httpx.AsyncClient(base_url=base, headers=auth, timeout=TIMEOUT) as http:

        async def place(cell: str, player: str) -> None:
            body = {"cell": cell, "piece": "worker", "player": player}
            (await http.post("/api/sim/place", json=body)).raise_for_status()

        async def lift(cell: str) -> None:
            (await http.post("/api/sim/lift", json={"cell": cell})).raise_for_status()

        for cell, player in (("a1", "A"), ("d1", "A"), ("c3", "B"), ("e5", "B")):
            await place(cell, player)  # one at a time: four at once are not a placement
            for _ in range(round(TIMEOUT / 0.05)):
                if cell in (await http.get("/api/state")).json()["position"]["workers"][player]:
                    break
                await asyncio.sleep(0.05)
            else:
                raise SystemExit(f"the daemon did not take the worker placed on {cell}")
        client0 = Client0()
        readies = [asyncio.Event() for _ in range(CLIENTS)]
        tasks = [asyncio.create_task(client0.listen(ws_url, readies[0]))]
        tasks += [asyncio.create_task(listener(ws_url, ready)) for ready in readies[1:]]
        for ready in readies:
            await asyncio.wait_for(ready.wait(), TIMEOUT)
        stop, served = asyncio.Event(), [0]
        loader = asyncio.create_task(load(http, stop, served))
        started, cpu_before = time.perf_counter(), cpu_seconds(pid)
        to_frame, to_event = [], []
        for number in range(samples):
            lifting = number % 2 == 0
            t0 = time.perf_counter()
            frames, states = len(client0.frames), len(client0.states)
            if lifting:
                await lift("a1")
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
            await asyncio.sleep(pause + jitter.uniform(0, SAMPLING_PERIOD))
        elapsed = time.perf_counter() - started
        rate, cpu = served[0] / elapsed, (cpu_seconds(pid) - cpu_before) / elapsed * 100
        stop.set()
        await loader
        moves = await move_samples(client0, mqtt, samples, pid, lift=lift, place=place)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"frame": to_frame, "event": to_event, "rate": rate, "cpu": cpu, **moves}


async def move_samples(
    client0: Client0, mqtt: Any, samples: int, pid: int, *, lift: Any, place: Any
) -> dict[str, Any]:
    """Without the API load: A's worker a1 -> b1 and back (the move, then its take-back),
    each from the API call that puts it down until the WebSocket state shows it (and,
    with `mqtt`, the retained state on MQTT too); the daemon's CPU per move."""
    latencies, cpu_before = [], cpu_seconds(pid)
    for number in range(samples):
        source, destination = ("a1", "b1") if number % 2 == 0 else ("b1", "a1")
        await lift(source)
        await asyncio.sleep(0.05 + jitter.uniform(0, SAMPLING_PERIOD))
        states, seen = len(client0.states), 0 if mqtt is None else len(mqtt.messages)
        t0 = time.perf_counter()
        await place(destination, "A")

        def on_websocket(n: int = states, cell: str = destination) -> float | None:
            found = (t for t, s in client0.states[n:] if cell in s["position"]["workers"]["A"])
            return next(found, None)

        def on_mqtt(n: int = seen, cell: str = destination) -> float | None:
            for message in mqtt.messages[n:]:
                state = message.json() if message.topic.endswith("/state") else None
                if state is not None and cell in state["position"]["workers"]["A"]:
                    return float(message.at)
            return None

        await wait_until(on_websocket, "the state on the WebSocket")
        if mqtt is not None:
            latencies.append(await wait_until(on_mqtt, "the state on MQTT") - t0)
        await asyncio.sleep(0.05)
    cpu_ms = (cpu_seconds(pid) - cpu_before) / samples * 1000
    return {"mqtt": latencies, "cpu_per_move_ms": cpu_ms}


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


def run(samples: int, pause: float, mqtt_url: str | None) -> dict[str, Any]:
    """One daemon, measured idle then under load (with the MQTT link if `mqtt_url`)."""
    env = {} if mqtt_url is None else {"SANTORINI_HW_MQTT_URL": mqtt_url}
    env["SANTORINI_HW_MQTT_PREFIX"] = "santorini/bench"  # unused without a URL
    with tempfile.TemporaryDirectory() as state_dir:
        process, base = start_daemon(Path(state_dir), env=env)
        recorder = None
        try:
            if mqtt_url is not None:
                from tests.mqtt.broker import Recorder

                recorder = Recorder(int(mqtt_url.rsplit(":", 1)[1]), ("santorini/bench/#",))
            time.sleep(1.0)
            before = cpu_seconds(process.pid)
            time.sleep(IDLE_SECONDS)
            idle = (cpu_seconds(process.pid) - before) / IDLE_SECONDS * 100
            idle_rss = rss_mb(process.pid)
            token = (Path(state_dir) / "token").read_text().strip()
            measuring = measure(base, token, samples, process.pid, pause=pause, mqtt=recorder)
            result = asyncio.run(measuring)
            result.update(idle=idle, idle_rss=idle_rss, loaded_rss=rss_mb(process.pid))
            result["stop"] = asyncio.run(stop_with_clients(process, base))
            result["exit"] = process.returncode
        finally:
            if recorder is not None:
                recorder.close()
            stop_daemon(process)
    return result


def report(title: str, result: dict[str, Any]) -> None:
    print(f"{title}:")
    print(f"  physical event -> pixel frame:       {summary(result['frame'])}")
    print(f"  physical event -> WebSocket message: {summary(result['event'])}")
    if result["mqtt"]:
        print(f"  moved worker -> MQTT retained state: {summary(result['mqtt'])}")
    print(f"  daemon CPU per moved worker (no API load): {result['cpu_per_move_ms']:.1f} ms")
    print(
        f"  resident memory: {result['idle_rss']:.0f} MB idle, "
        f"{result['loaded_rss']:.0f} MB after the load"
    )
    print(
        f"  CPU: {result['idle']:.1f} % of one core idle (an idle board, no clients), "
        f"{result['cpu']:.1f} % under the load"
    )
    print(
        f"  SIGTERM -> exit {result['exit']}: {result['stop'] * 1000:.0f} ms "
        f"({CLIENTS} clients connected, {CLIENTS} gone)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument(
        "--pause",
        type=float,
        default=0.05,
        help="seconds between events (over 1 s: each event finds the scan loop idle)",
    )
    parser.add_argument("--mqtt", action="store_true", help="also run with the MQTT link on")
    args = parser.parse_args()
    plain = run(args.samples, args.pause, None)
    print(f"daemon bench: {args.samples} physical events (lift / put back a worker), ")
    print(f"  {args.pause} s + 0-{SAMPLING_PERIOD * 1000:.0f} ms apart,")
    print(f"  {CLIENTS} WebSocket clients, API load {plain['rate']:.0f} requests/s")
    report("without MQTT", plain)
    if not args.mqtt:
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the broker
    from tests.mqtt.broker import Mosquitto

    with tempfile.TemporaryDirectory() as broker_dir:
        broker = Mosquitto(Path(broker_dir) / "broker").start()
        try:
            linked = run(args.samples, args.pause, broker.url)
        finally:
            broker.stop()
    report(f"with MQTT (a local Mosquitto, API load {linked['rate']:.0f} requests/s)", linked)
    median = statistics.median
    print("MQTT's cost:")
    per_move = linked["cpu_per_move_ms"] - plain["cpu_per_move_ms"]
    print(
        f"  CPU: {linked['idle'] - plain['idle']:+.1f} points idle, "
        f"{linked['cpu'] - plain['cpu']:+.1f} points under the load (compare the API rates), "
        f"{per_move:+.1f} ms per moved worker"
    )
    frame = (median(linked["frame"]) - median(plain["frame"])) * 1000
    event = (median(linked["event"]) - median(plain["event"])) * 1000
    print(f"  latency (median): pixel frame {frame:+.1f} ms, WebSocket {event:+.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
