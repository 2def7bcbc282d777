"""The hint table is the daemon's one store that grows with play (issue 32): it is kept
from hint to hint while the lineup stays, so it must stop at a bound, in entries and in
memory, and its churn (filled, pruned, cleared all evening) must leave nothing behind."""

from __future__ import annotations

import random
import tracemalloc

import pytest

from santorini_hw.hints.engine import TABLE_ENTRIES, HintEngine
from santorini_hw.hints.tt import ONE_SEARCH_ENTRIES, Bound, TranspositionTable
from tests.hints.test_engine import midgame

TABLE_MB = 5.5
"""What a table of `TABLE_ENTRIES` holds once grown and pruned (5.2 MB on CPython 3.11)."""
LEFT_BEHIND = 64 * 1024
"""Bytes that a full table's worth of stores (about eight prunes) and a clear may add to
what is held (measured: 4 KB, the interpreter's)."""


def _fill(table: TranspositionTable, rng: random.Random, stores: int) -> None:
    for _ in range(stores):
        depth, score = rng.randint(1, 8), rng.randint(-5_000, 5_000)
        key, best = rng.getrandbits(64), rng.getrandbits(75)
        table.store(key, ply=1, depth=depth, bound=Bound.EXACT, score=score, best=best)
        assert len(table) <= table.capacity


@pytest.mark.long
def test_the_daemon_table_grows_to_its_bound_and_its_churn_leaves_nothing() -> None:
    rng = random.Random(32)
    tracemalloc.start()
    try:
        table = TranspositionTable(TABLE_ENTRIES)
        _fill(table, rng, TABLE_ENTRIES + 1)  # grown to its largest, and pruned once
        grown, _peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        _fill(table, rng, TABLE_ENTRIES)  # pruned again and again: a prune keeps 7 in 8
        table.clear()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert grown / 1e6 <= TABLE_MB
    assert held - grown <= LEFT_BEHIND and peak - grown <= LEFT_BEHIND


def test_a_one_off_search_table_takes_what_it_uses_not_its_capacity() -> None:
    tracemalloc.start()
    try:
        table = TranspositionTable(ONE_SEARCH_ENTRIES)
        _fill(table, random.Random(5), 400)
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(table) == 400 and held <= LEFT_BEHIND  # its full size would be 15.7 MB


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
