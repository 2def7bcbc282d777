"""The hint table is the daemon's one store that grows with play (issue 32): it is kept
from hint to hint while the lineup stays, so it must stop at a bound, in entries and in
memory."""

from __future__ import annotations

import random
import tracemalloc

from santorini_hw.hints.engine import TABLE_ENTRIES, HintEngine
from santorini_hw.hints.tt import Bound, TranspositionTable
from tests.hints.test_engine import midgame

TABLE_MB = 13.0
"""What a full table of `TABLE_ENTRIES` may hold (measured 11.6 MB on CPython 3.11, 15.7 MB
at the peak of a prune)."""


def test_a_full_daemon_table_holds_at_most_its_documented_memory() -> None:
    rng = random.Random(32)
    tracemalloc.start()
    try:
        table = TranspositionTable(TABLE_ENTRIES)
        for _ in range(TABLE_ENTRIES + 5_000):  # fills, then prunes or clears
            depth, score = rng.randint(1, 8), rng.randint(-5_000, 5_000)
            key, best = rng.getrandbits(64), rng.getrandbits(64)
            table.store(key, ply=1, depth=depth, bound=Bound.EXACT, score=score, best=best)
            assert len(table) <= TABLE_ENTRIES
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert held / 1e6 <= TABLE_MB


def test_hint_after_hint_the_engine_table_stops_at_its_capacity() -> None:
    engine = HintEngine(table_capacity=2_000)
    assert HintEngine().table_capacity == TABLE_ENTRIES
    sizes = []
    for seed in range(12):
        engine.best(midgame(seed, gods=False), node_budget=1_500, seed=seed)
        sizes.append(len(engine.table))
    assert max(sizes) <= 2_000
    assert sizes[-1] > 0
