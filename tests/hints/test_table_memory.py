"""The hint table is the daemon's one store that grows with play (issue 32): it is kept
from hint to hint while the lineup stays, so it must stop at a bound, in entries and in
memory, and its churn (filled, pruned, cleared all evening) must leave nothing behind."""

from __future__ import annotations

import random
import tracemalloc

from santorini_hw.hints.engine import TABLE_ENTRIES, HintEngine
from santorini_hw.hints.tt import Bound, TranspositionTable
from tests.hints.test_engine import midgame

TABLE_MB = 5.5
"""What a table of `TABLE_ENTRIES` holds from its start (5.2 MB on CPython 3.11)."""
LEFT_BEHIND = 64 * 1024
"""Bytes that three fills of the table may leave held (measured: 4 KB, the interpreter's)."""


def test_the_daemon_table_takes_its_memory_once_and_its_churn_leaves_nothing() -> None:
    rng = random.Random(32)
    tracemalloc.start()
    try:
        table = TranspositionTable(TABLE_ENTRIES)
        empty, _peak = tracemalloc.get_traced_memory()
        for _ in range(3 * TABLE_ENTRIES):  # fills, then prunes or clears, again and again
            depth, score = rng.randint(1, 8), rng.randint(-5_000, 5_000)
            key, best = rng.getrandbits(64), rng.getrandbits(75)
            table.store(key, ply=1, depth=depth, bound=Bound.EXACT, score=score, best=best)
            assert len(table) <= TABLE_ENTRIES
        table.clear()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert empty / 1e6 <= TABLE_MB
    assert held - empty <= LEFT_BEHIND and peak - empty <= LEFT_BEHIND


def test_hint_after_hint_the_engine_table_stops_at_its_capacity() -> None:
    engine = HintEngine(table_capacity=2_000)
    assert HintEngine().table_capacity == TABLE_ENTRIES
    sizes = []
    for seed in range(12):
        engine.best(midgame(seed, gods=False), node_budget=1_500, seed=seed)
        sizes.append(len(engine.table))
    assert max(sizes) <= 2_000
    assert sizes[-1] > 0
    table = engine.table
    engine.best(midgame(4, gods=True), node_budget=1_500)  # a new lineup empties the same table
    assert engine.table is table and 0 < len(table) < 1_500
