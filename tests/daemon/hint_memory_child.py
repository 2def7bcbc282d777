"""Child process for the allocator test: hint after hint on one engine, as the daemon
asks them through an evening, with or without the daemon's allocator setting.

    python -m tests.daemon.hint_memory_child HINTS fixed|default   (from the repository root)

Prints the process's RSS in MB after the table first filled (hint 60) and at the end. The
engine's table holds 10,000 entries, a fifth of the daemon's `TABLE_ENTRIES`, so that it
fills, prunes and empties within a test's minute the way the daemon's does in an evening.
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

TABLE_CAPACITY = 10_000
FILLED = 60
"""Hints after which the table (10,000 entries at 4,000 nodes a hint) has been full and
pruned (measured: 9,813 entries at hint 45, 2,809 at hint 60)."""


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
    engine = HintEngine(table_capacity=TABLE_CAPACITY)
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
