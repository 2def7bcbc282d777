"""The transposition table: what the search already knows about a position, by Zobrist key.

Many turn orders reach the same board (two builds in either order, workers that swap
roles), and iterative deepening revisits every node of the previous iteration: the
table returns a stored score when it was searched deep enough, and otherwise the best
turn found there, which is then tried first.

Scores near `WIN` mean "a win in so many turns"; they are stored relative to the node
(not the root), so that an entry is right wherever in the tree the position turns up.

The entries live in flat arrays (open addressing, linear probing): the daemon keeps one
table all evening, and a table of per-entry objects, filled and pruned hint after hint,
left the allocator holding more memory after each churn (issue 32's two-hour soak).
The arrays double while the table fills, up to what its capacity needs; from then on
storing, pruning and clearing allocate nothing that outlives the call.
"""

from __future__ import annotations

from array import array
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
    """The best turn found there (`ordering.move_id`, 75 bits), or 0."""


KEPT_DEPTH = 2
"""When the table is full, entries searched at least this deep survive the prune."""

FIRST_SLOTS = 1024
"""A table starts this small and doubles as it fills: a one-off search of a few thousand
nodes takes what it uses, not what its capacity allows."""

ONE_SEARCH_ENTRIES = 200_000
"""The table of one search by time or depth (it prunes itself when full)."""

_BOUNDS = tuple(Bound)
_HALF = 64
_LOW = (1 << _HALF) - 1


def _zeros(code: str, size: int) -> array[int]:
    return array(code, [0]) * size


class _Slots:
    """Entries in flat arrays, one element each per slot: nothing allocated per entry."""

    def __init__(self, size: int) -> None:
        self.keys = _zeros("Q", size)
        self.best_low = _zeros("Q", size)
        self.best_high = _zeros("I", size)
        """A turn's id is wider than 64 bits: kept in two halves."""
        self.scores = _zeros("i", size)
        self.depths = _zeros("b", size)
        self.bounds = _zeros("b", size)

    def copy(self, source: _Slots, at: int, to: int) -> None:
        self.keys[to] = source.keys[at]
        self.best_low[to] = source.best_low[at]
        self.best_high[to] = source.best_high[at]
        self.scores[to] = source.scores[at]
        self.depths[to] = source.depths[at]
        self.bounds[to] = source.bounds[at]


class TranspositionTable:
    """At most `capacity` entries; when a new one finds it full, only the entries of
    deep searches are kept (and if those fill it, it starts empty).

    A slot is in use when its stamp equals the table's generation, so emptying the
    table is one increment, not a pass over the arrays."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._largest = 1 << (2 * capacity - 1).bit_length()  # at most half full: short probes
        self._generation = 1
        self._count = 0
        self._allocate(min(FIRST_SLOTS, self._largest))
        self._kept: _Slots | None = None
        """The entries a prune keeps, set aside while the table is emptied (made at the
        first prune: a search that never fills its table never needs it)."""

    def __len__(self) -> int:
        return self._count

    def probe(self, key: int, ply: int) -> Entry | None:
        """The entry for `key`, its score made relative to the root from `ply` turns deep."""
        slot = self._find(key)
        if self._stamps[slot] != self._generation:
            return None
        slots = self._slots
        score = slots.scores[slot]
        if abs(score) >= DECIDED:
            score = score - ply if score > 0 else score + ply
        best = slots.best_high[slot] << _HALF | slots.best_low[slot]
        return Entry(slots.depths[slot], _BOUNDS[slots.bounds[slot]], score, best)

    def store(self, key: int, *, ply: int, depth: int, bound: Bound, score: int, best: int) -> None:
        if abs(score) >= DECIDED:
            score = score + ply if score > 0 else score - ply
        slot = self._find(key)
        if self._stamps[slot] == self._generation:
            if self._slots.depths[slot] > depth:
                return
        else:
            if self._count >= self.capacity:
                self._prune()
                slot = self._find(key)
            elif 2 * (self._count + 1) > self._mask + 1:
                self._grow()
                slot = self._find(key)
            self._stamps[slot] = self._generation
            self._slots.keys[slot] = key
            self._count += 1
        slots = self._slots
        slots.depths[slot] = depth
        slots.bounds[slot] = bound
        slots.scores[slot] = score
        slots.best_low[slot] = best & _LOW
        slots.best_high[slot] = best >> _HALF

    def clear(self) -> None:
        """Forget every entry (a new lineup: Zobrist keys do not cover the gods)."""
        self._generation += 1
        self._count = 0

    def _find(self, key: int) -> int:
        """The slot holding `key`, or the empty slot where it would go."""
        stamps, keys, generation = self._stamps, self._slots.keys, self._generation
        mask = self._mask
        slot = key & mask
        while stamps[slot] == generation and keys[slot] != key:
            slot = (slot + 1) & mask
        return slot

    def _allocate(self, size: int) -> None:
        self._mask = size - 1
        self._stamps = _zeros("I", size)
        self._slots = _Slots(size)

    def _grow(self) -> None:
        """Twice the slots, the entries put back: a table grows with its searches, up to
        the size its capacity needs, and stays at that size."""
        stamps, slots, generation = self._stamps, self._slots, self._generation
        self._allocate(2 * len(stamps))
        for slot, stamp in enumerate(stamps):
            if stamp == generation:
                self._put(slots, slot)

    def _prune(self) -> None:
        """Keep the entries searched `KEPT_DEPTH` deep or more, if they leave room."""
        if self._kept is None:
            self._kept = _Slots(self.capacity)
        kept, into, source = 0, self._kept, self._slots
        generation, depths = self._generation, source.depths
        for slot, stamp in enumerate(self._stamps):
            if stamp == generation and depths[slot] >= KEPT_DEPTH:
                into.copy(source, slot, kept)
                kept += 1
        self.clear()
        if kept >= self.capacity:
            return
        for index in range(kept):
            self._put(into, index)
        self._count = kept

    def _put(self, source: _Slots, at: int) -> None:
        """Copy an entry of `source` into its slot here (its key is not here yet)."""
        slot = self._find(source.keys[at])
        self._slots.copy(source, at, slot)
        self._stamps[slot] = self._generation


def one_search_table(nodes: int | None) -> TranspositionTable:
    """The table of one search: it stores at most one entry a node (and the root's), so a
    node budget caps it."""
    entries = ONE_SEARCH_ENTRIES if nodes is None else min(ONE_SEARCH_ENTRIES, nodes + 1)
    return TranspositionTable(entries)
