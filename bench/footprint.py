"""The daemon's footprint on the simulated board: CPU per thread, memory, descriptors.

    nice -n 10 .venv/bin/python bench/footprint.py [--idle 20] [--play 30] [--json]

It starts `santorini-hw run --sim` (127.0.0.1, a free port, a temporary state
directory), waits out the start, then measures two phases from /proc:

- *idle*: a game waiting for its first placement, no clients, nothing touched for
  longer than the scan loop's `DORMANT_AFTER` (a board left alone);
- *play*: random two-player games played through the virtual-board API by untidy
  hands (`bench/live_daemon.py`'s `RandomPlayer`), one client polling the state.

For each phase it prints the CPU of each thread as a percentage of one core and its
wake-ups a second (voluntary context switches: on a slow core each costs more than
the little work most of them do), grouped
by whose it is — the daemon's own threads (main asyncio thread, serial reader,
thread pools) or the simulated hardware's (the fake bridge's firmware thread) — and
RSS and open descriptors (first and last sample, and the largest). The daemon's main
thread also carries gpiozero's emulation of the worker sensors' pins (the mock
74HC165 chain): a Pi reads them through the kernel instead.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from live_daemon import (
    DAEMON_THREADS,
    SIM_THREADS,
    TIMEOUT,
    RandomPlayer,
    cpu_seconds,
    metric,
    open_fds,
    rss_mb,
    start_daemon,
    stop_daemon,
    thread_usage,
)

from santorini_hw.daemon.scan_loop import DORMANT_AFTER

WARM_UP = 3.0
SAMPLE_EVERY = 1.0
EMPTY_LOOP = (
    "import asyncio\n"
    "async def main():\n"
    "    while True:\n"
    "        await asyncio.sleep(0.01)\n"
    "asyncio.run(main())\n"
)
"""The machine's floor, measured beside the idle phase: an asyncio loop doing nothing
but waking every 10 ms (what the daemon's scan loop does at the least on a busy board)."""


class Sampler:
    """RSS and open descriptors of `pid`, every `SAMPLE_EVERY` s, in a thread."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.rss: list[float] = []
        self.fds: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def _run(self) -> None:
        while not self._stop.wait(SAMPLE_EVERY):
            self._sample()

    def _sample(self) -> None:
        self.rss.append(rss_mb(self.pid))
        self.fds.append(open_fds(self.pid))


def measure_phase(pid: int, http: httpx.Client, run: Any) -> dict[str, Any]:
    """CPU and wake-ups per thread role, RSS and descriptors while `run()` runs; its
    result too. The counters are read over HTTP outside the measured span."""
    scans = metric(http, "santorini_scans_total")
    judged = metric(http, "santorini_scans_judged_total")
    before = thread_usage(pid)
    started = time.monotonic()
    with Sampler(pid) as sampler:
        result = run()
    wall = time.monotonic() - started
    after = thread_usage(pid)
    roles: dict[str, float] = {}
    wakes: dict[str, float] = {}
    for tid, (role, seconds, switches) in after.items():
        _, seconds_before, switches_before = before.get(tid, (role, 0.0, 0))
        roles[role] = roles.get(role, 0.0) + seconds - seconds_before
        wakes[role] = wakes.get(role, 0.0) + switches - switches_before
    percent = {role: round(spent / wall * 100, 2) for role, spent in sorted(roles.items())}
    daemon = sum(value for role, value in percent.items() if role not in SIM_THREADS)
    sim = sum(value for role, value in percent.items() if role in SIM_THREADS)
    return {
        "seconds": round(wall, 1),
        "cpu_percent": percent,
        "wakeups_per_s": {role: round(count / wall, 1) for role, count in sorted(wakes.items())},
        "daemon_percent": round(daemon, 2),
        "sim_percent": round(sim, 2),
        "rss_mb": {
            "first": round(sampler.rss[0], 1),
            "last": round(sampler.rss[-1], 1),
            "max": round(max(sampler.rss), 1),
        },
        "fds": {"first": sampler.fds[0], "last": sampler.fds[-1], "max": max(sampler.fds)},
        "scans": metric(http, "santorini_scans_total") - scans,
        "scans_judged": metric(http, "santorini_scans_judged_total") - judged,
        "play": result,
    }


def run(idle: float, play: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as state_dir:
        process, base = start_daemon(Path(state_dir))
        try:
            token = (Path(state_dir) / "token").read_text().strip()
            with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
                time.sleep(WARM_UP + DORMANT_AFTER)  # idle: nobody touched it for a while
                floor = subprocess.Popen([sys.executable, "-c", EMPTY_LOOP])
                try:
                    spent = cpu_seconds(floor.pid)
                    idle_phase = measure_phase(process.pid, http, lambda: time.sleep(idle))
                    spent = cpu_seconds(floor.pid) - spent
                finally:
                    floor.kill()
                    floor.wait()
                idle_phase["empty_loop_10ms_percent"] = round(
                    spent / idle_phase["seconds"] * 100, 2
                )
                player = RandomPlayer(http, token)
                play_phase = measure_phase(process.pid, http, lambda: player.play(play).summary())
        finally:
            stop_daemon(process)
    return {"idle": idle_phase, "play": play_phase}


def table(results: dict[str, Any]) -> str:
    names = {**DAEMON_THREADS, "worker": "daemon thread pools", **SIM_THREADS}
    roles = sorted({role for phase in results.values() for role in phase["cpu_percent"]})
    lines = [f"{'thread (CPU of one core; wake-ups a second)':<56} {'idle':>16} {'play':>16}"]
    for role in roles:
        cells = [
            f"{results[p]['cpu_percent'].get(role, 0.0):>7.2f}% "
            f"{results[p]['wakeups_per_s'].get(role, 0.0):>6.1f}/s"
            for p in ("idle", "play")
        ]
        lines.append(f"{names.get(role, role):<56} {cells[0]:>16} {cells[1]:>16}")
    idle, play = results["idle"], results["play"]
    lines += [
        f"{'= the daemon own threads':<56} {idle['daemon_percent']:>7.2f}% {'':8} "
        f"{play['daemon_percent']:>7.2f}%",
        f"{'= the simulated hardware':<56} {idle['sim_percent']:>7.2f}% {'':8} "
        f"{play['sim_percent']:>7.2f}%",
    ]
    for key, unit in (("rss_mb", "MB"), ("fds", "")):
        for phase_name, phase in results.items():
            values = phase[key]
            lines.append(
                f"{key} {phase_name}: first {values['first']}{unit}, last {values['last']}{unit},"
                f" max {values['max']}{unit}"
            )
    for phase_name, phase in results.items():
        lines.append(
            f"{phase_name}: {phase['seconds']} s, {phase['scans']:.0f} scans, "
            f"{phase['scans_judged']:.0f} judged (ran the pipeline)"
        )
    lines.append(f"play: {play['play']}")
    lines.append(
        f"this machine's floor: an empty asyncio loop waking every 10 ms took "
        f"{idle['empty_loop_10ms_percent']:.2f}% of a core during the idle phase"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=float, default=20.0, help="idle phase, seconds")
    parser.add_argument("--play", type=float, default=30.0, help="play phase, seconds")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    results = run(args.idle, args.play)
    print(json.dumps(results, indent=1) if args.json else table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
