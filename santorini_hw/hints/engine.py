"""The hint engine as an object: a game's hints share what earlier ones learned.

`HintEngine.best` searches like `search.best_turn`, but keeps its transposition table and
move order from one call to the next while the lineup (players and gods) stays the same:
two turns after a hint, many of the positions the next one searches are already in the
table, so it starts deeper. The daemon keeps one engine; `best_turn` (the `rules best`
command, matches, tests) starts from an empty table each time, so the same input and
budget always give the same answer.

>>> from santorini_hw.rules.position_json import parse_position
>>> engine = HintEngine()
>>> start = parse_position('{"workers": {"A": ["b2", "d4"], "B": ["b4", "d2"]}, "to_move": "A"}')
>>> engine.best(start, node_budget=200).turn is not None
True
"""

from __future__ import annotations

import threading

from santorini_hw.clock import Clock, SystemClock
from santorini_hw.hints.budget import Limits, SearchResult
from santorini_hw.hints.ordering import MoveOrder
from santorini_hw.hints.search import Search
from santorini_hw.hints.tt import TranspositionTable
from santorini_hw.rules.position import Lineup, Position

TABLE_ENTRIES = 50_000
"""The table kept between hints: at most this many entries, in flat arrays (`tt.py`) that
grow to 5.2 MB as it first fills; pruned and emptied all evening, it holds no more
(issue 32; a Pi Zero 2 W has 512 MB)."""


class HintEngine:
    """Searches for one game at a time; a new lineup starts with an empty table."""

    def __init__(self, clock: Clock | None = None, table_capacity: int = TABLE_ENTRIES) -> None:
        self.clock = clock or SystemClock()
        self.table_capacity = table_capacity
        self.table = TranspositionTable(table_capacity)
        self.order = MoveOrder()
        self.lineup: Lineup | None = None
        self._lock = threading.Lock()
        """The daemon searches in worker threads: one search at a time uses the table."""

    def best(
        self,
        position: Position,
        *,
        time_budget: float | None = None,
        node_budget: int | None = None,
        depth: int | None = None,
        seed: int = 0,
    ) -> SearchResult:
        """The engine's turn for the player to move (budgets as `best_turn`)."""
        with self._lock:
            return self._search(position, Limits.given(time_budget, node_budget, depth), seed)

    def _search(self, position: Position, limits: Limits, seed: int) -> SearchResult:
        if position.lineup != self.lineup:  # Zobrist keys do not cover the gods
            self.table.clear()
            self.order = MoveOrder()
            self.lineup = position.lineup
        else:
            self.order.age()
        search = Search(
            position,
            limits,
            seed=seed,
            clock=self.clock,
            table=self.table,
            order=self.order,
        )
        return search.run()
