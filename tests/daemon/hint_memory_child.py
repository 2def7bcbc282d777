"""Child process for the allocator test: hint after hint on one engine, as the daemon
asks them through an evening, with or without the daemon's allocator setting.

    python -m tests.daemon.hint_memory_child HINTS fixed|default   (from the repository root)

Prints the process's RSS in MB after the table first filled (hint 300) and at the end.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from santorini_hw.daemon.allocator import fix_mmap_threshold
from santorini_hw.hints.engine import HintEngine
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turn

FILLED = 300
"""Hints after which the table (50,000 entries at 4,000 nodes a hint) has been full."""


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def positions(rng: random.Random) -> Iterator[Position]:
    """Positions of random games of A and B, one after another."""
    while True:
        position = random_placement(("A", "B"), (None, None), rng)
        while (turn := random_turn(position, rng)) is not None and turn.winner is None:
            position = turn.result
            yield position


async def ask(hints: int) -> None:
    """Each hint in a worker thread, as the daemon's `HintSearch` runs it."""
    engine = HintEngine()
    for number, position in zip(range(1, hints + 1), positions(random.Random(1)), strict=False):
        await asyncio.to_thread(engine.best, position, node_budget=4_000, seed=number)
        if number in (FILLED, hints):
            print(f"{rss_mb():.1f}", flush=True)


def main(hints: int, fixed: bool) -> None:
    if fixed:
        assert fix_mmap_threshold()
    asyncio.run(ask(hints))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] == "fixed")
