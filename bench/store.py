"""Benchmark of the journal: what a durable (fsync'ed) append costs on this disk (prints JSON).

    .venv/bin/python bench/store.py --appends 500 --dir /var/lib/santorini-hw

Run it with ``--dir`` on the disk the daemon will use (the Pi's SD card): the figure is
the disk's fsync latency far more than Python's. A bare ``os.fsync`` of a small write is
measured beside it for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.store import EventKind, Store


def _summary(latencies: list[float]) -> dict[str, Any]:
    ordered = sorted(latencies)
    return {
        "count": len(ordered),
        "per_s": round(len(ordered) / sum(ordered), 1),
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 3),
    }


def store_appends(directory: Path, appends: int) -> dict[str, Any]:
    game = Game.new(("A", "B"), (God.APOLLO, God.MINOTAUR))
    placement = tuple(parse_cell(c) for c in ("b3", "c4", "c2", "c3"))
    for cell in placement:
        game.place(cell)
    actions = parse_actions("c4-d5 d4")
    game.play_turn(actions)
    turns: list[float] = []
    events: list[float] = []
    with Store.open(directory / "bench.sqlite3") as store:
        game_id = store.start_game(("A", "B"), (God.APOLLO, God.MINOTAUR), placement=placement)
        for _ in range(appends):
            started = time.perf_counter()
            store.append_turn(game_id, "A", actions, game.position)
            turns.append(time.perf_counter() - started)
            started = time.perf_counter()
            store.append_event(EventKind.ERROR_CLEARED, {"cells": ["d4"]}, game_id)
            events.append(time.perf_counter() - started)
    return {"append_turn": _summary(turns), "append_event": _summary(events)}


def bare_fsyncs(directory: Path, count: int) -> dict[str, Any]:
    latencies = []
    descriptor = os.open(directory / "fsync.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for _ in range(count):
            started = time.perf_counter()
            os.write(descriptor, b"x" * 512)
            os.fsync(descriptor)
            latencies.append(time.perf_counter() - started)
    finally:
        os.close(descriptor)
    return _summary(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--dir", type=Path, default=None, help="a directory on the disk to test")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as scratch:
        directory = Path(scratch)
        report = {
            "directory": str(directory),
            "synchronous": "FULL",
            **store_appends(directory, args.appends),
            "bare_fsync_512B": bare_fsyncs(directory, args.appends),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
