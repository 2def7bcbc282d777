"""The transposition table: what the search already knows about a position, by Zobrist key.

Many turn orders reach the same board (two builds in either order, workers that swap
roles), and iterative deepening revisits every node of the previous iteration: the
table returns a stored score when it was searched deep enough, and otherwise the best
turn found there, which is then tried first.

Scores near `WIN` mean "a win in so many turns"; they are stored relative to the node
(not the root), so that an entry is right wherever in the tree the position turns up.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from santorini_hw.hints.evaluation import WIN

DECIDED = WIN - 1000
"""Scores beyond this are wins or losses at a known distance."""


class Bound(IntEnum):
    EXACT = 0
    LOWER = 1
    """The true score is at least the stored one (the search stopped at a cut-off)."""
    UPPER = 2
    """The true score is at most the stored one (no turn reached alpha)."""


class Entry(NamedTuple):
    depth: int
    bound: Bound
    score: int
    best: int
    """Zobrist key of the position after the best turn found, or 0."""


class TranspositionTable:
    """A bounded dict: when it fills up, only the entries of deep searches are kept."""

    def __init__(self, capacity: int = 200_000) -> None:
        self.capacity = capacity
        self._entries: dict[int, Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def probe(self, key: int, ply: int) -> Entry | None:
        """The entry for `key`, its score made relative to the root from `ply` turns deep."""
        entry = self._entries.get(key)
        if entry is None or abs(entry.score) < DECIDED:
            return entry
        return entry._replace(score=entry.score - ply if entry.score > 0 else entry.score + ply)

    def store(self, key: int, *, ply: int, depth: int, bound: Bound, score: int, best: int) -> None:
        if abs(score) >= DECIDED:
            score = score + ply if score > 0 else score - ply
        old = self._entries.get(key)
        if old is not None and old.depth > depth:
            return
        if old is None and len(self._entries) >= self.capacity:
            self._entries = {k: e for k, e in self._entries.items() if e.depth >= 2}
            if len(self._entries) >= self.capacity:
                self._entries.clear()
        self._entries[key] = Entry(depth, bound, score, best)
