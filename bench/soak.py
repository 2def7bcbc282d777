"""Soak: the daemon on the simulated board playing random games through the API for a
set time, its resident memory, Python's allocated blocks, the journal's size on disk,
open descriptors, threads and asyncio tasks sampled all along; the slope of each after
a warm-up says whether anything grows.

    nice -n 10 .venv/bin/python bench/soak.py [--minutes 30] [--every 10] [--json]
        [--warm-up 2] [--last 60] [--hints 0] [--engine LEVEL] [--gods POOL] [--turns N]
        [--seed 1]

The games are `bench/live_daemon.py`'s `RandomPlayer` (untidy hands, two players, no
gods unless ``--gods simple|advanced|all`` deals each game two from that pool, whose
powers' physical steps the same hands carry out), one client polling the state between
moves; with ``--hints P`` each turn asks
for a hint first with probability P (the hint engine keeps its table between hints); with
``--engine LEVEL`` B's seat is the engine at that level, whose placements and turns the
same hands carry out as the board shows them (a person alone against the engine);
``--turns N`` stops after N turns if the time has not run out first; ``--seed S`` draws
other games (two soaks side by side with one seed would play much the same ones).
Slopes are least-squares fits, per hour, over the samples after `--warm-up` minutes
and over the last `--last` minutes (issue 32: the last hour of a two-hour soak may grow
at most 1 MB). Python's allocated blocks tell objects kept alive apart from native
memory (SQLite, the C allocator), which RSS holds too, as anonymous memory (rss_anon_mb,
where both live) rather than mapped files; descriptors, threads and tasks must not move.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from live_daemon import TIMEOUT, RandomPlayer, metric, open_fds, rss_mb, start_daemon, stop_daemon

SERIES = ("rss_mb", "rss_anon_mb", "heap_blocks", "table", "db_mb", "fds", "threads", "tasks")
"""heap_blocks: Python's allocated blocks (objects kept alive; RSS also holds native
memory such as SQLite's page cache); table: the hint engine's transposition table's
entries (it grows to its bound, `hints.engine.TABLE_ENTRIES`); db_mb: the journal with
its WAL on disk."""


def sample(pid: int, http: httpx.Client, started: float, state_dir: Path) -> dict[str, float]:
    journal = sum(path.stat().st_size for path in state_dir.glob("games.sqlite3*"))
    return {
        "minute": round((time.monotonic() - started) / 60, 2),
        "rss_mb": round(rss_mb(pid), 2),
        "rss_anon_mb": round(rss_mb(pid, "RssAnon"), 2),
        "heap_blocks": metric(http, "santorini_python_allocated_blocks"),
        "table": metric(http, "santorini_hint_table_entries"),
        "db_mb": round(journal / 1e6, 2),
        "fds": open_fds(pid),
        "threads": len(os.listdir(f"/proc/{pid}/task")),
        "tasks": metric(http, "santorini_asyncio_tasks"),
        "scan_errors": metric(http, "santorini_scan_errors_total"),
    }


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (minute, value) points, per hour."""
    if len(points) < 2:
        return float("nan")
    fit = statistics.linear_regression([m for m, _ in points], [v for _, v in points])
    return fit.slope * 60


def slopes(samples: list[dict[str, float]]) -> dict[str, float]:
    return {
        name: round(slope_per_hour([(s["minute"], s[name]) for s in samples]), 3) for name in SERIES
    }


def soak(
    minutes: float,
    every: float,
    warm_up: float,
    last: float,
    *,
    hints: float,
    engine: int | None,
    gods: str | None,
    turns: int | None,
    log: Path | None,
    seed: int = 1,
) -> dict[str, Any]:
    """Play and sample; each sample is also appended to `log` as a JSON line when given
    (a long soak cut short still leaves its figures)."""
    samples: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as state_dir:
        process, base = start_daemon(Path(state_dir))
        try:
            token = (Path(state_dir) / "token").read_text().strip()
            started = time.monotonic()
            stop = threading.Event()

            def sampler() -> None:
                with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
                    while True:
                        taken = sample(process.pid, http, started, Path(state_dir))
                        samples.append(taken)
                        if log is not None:
                            with log.open("a") as lines:
                                print(json.dumps(taken), file=lines)
                        if stop.is_set():
                            return
                        stop.wait(every)

            thread = threading.Thread(target=sampler, daemon=True)
            thread.start()
            with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
                try:
                    player = RandomPlayer(http, token, seed, hints=hints, engine=engine, gods=gods)
                    stats = player.play(minutes * 60, turns)
                except httpx.TransportError:
                    if process.poll() is None:
                        raise
                    elapsed = (time.monotonic() - started) / 60
                    raise SystemExit(
                        f"the daemon ended (status {process.returncode}) at {elapsed:.1f} min"
                    ) from None
            stop.set()
            thread.join()
        finally:
            stop_daemon(process)
    steady = [s for s in samples if s["minute"] >= warm_up]
    recent = [s for s in samples if s["minute"] >= samples[-1]["minute"] - last]
    return {
        "minutes": minutes,
        "engine": engine,
        "gods": gods,
        "seed": seed,
        "warm_up_minutes": warm_up,
        "last_minutes": last,
        "play": vars(stats),
        "summary": stats.summary(),
        "samples": samples,
        "slope_per_hour": slopes(steady),
        "last_slope_per_hour": slopes(recent),
        "first": samples[0],
        "after_warm_up": steady[0] if steady else None,
        "last": samples[-1],
    }


def table(result: dict[str, Any]) -> str:
    level = result["engine"]
    opponent = "random" if level is None else f"the engine at level {level}"
    gods = "no gods" if result["gods"] is None else f"gods from {result['gods']}"
    lines = [
        f"soak: {result['minutes']} min of games through the API, {gods}, B {opponent} "
        f"(warm-up {result['warm_up_minutes']} min), {result['summary']}",
        f"{'':<11} {'start':>9} {'warm':>9} {'end':>9} {'slope/h':>10} "
        f"{'last ' + format(result['last_minutes'], 'g') + ' min/h':>14}",
    ]
    warm = result["after_warm_up"] or result["first"]
    for name in SERIES:
        lines.append(
            f"{name:<11} {result['first'][name]:>9} {warm[name]:>9} {result['last'][name]:>9} "
            f"{result['slope_per_hour'][name]:>10} {result['last_slope_per_hour'][name]:>14}"
        )
    lines.append(f"scan errors at the end: {result['last']['scan_errors']:.0f}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--every", type=float, default=10.0, help="seconds between samples")
    parser.add_argument("--warm-up", type=float, default=2.0, help="minutes not fitted")
    parser.add_argument("--last", type=float, default=60.0, help="minutes of the last fit")
    parser.add_argument("--hints", type=float, default=0.0, help="chance of a hint a turn")
    parser.add_argument("--engine", type=int, metavar="LEVEL", help="B is the engine (1-10)")
    parser.add_argument(
        "--gods", choices=("simple", "advanced", "all"), help="deal two gods from this pool"
    )
    parser.add_argument("--turns", type=int, help="stop after this many turns")
    parser.add_argument("--seed", type=int, default=1, help="the players' random choices")
    parser.add_argument("--samples", type=Path, help="append each sample to this file")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    warm_up = min(args.warm_up, args.minutes / 2)
    last = min(args.last, args.minutes)
    result = soak(
        args.minutes,
        args.every,
        warm_up,
        last,
        hints=args.hints,
        engine=args.engine,
        gods=args.gods,
        turns=args.turns,
        log=args.samples,
        seed=args.seed,
    )
    print(json.dumps(result, indent=1) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
