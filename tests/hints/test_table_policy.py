"""The table in flat arrays keeps exactly the entries of the policy it implements: a
bounded map that, when a new key finds it full, keeps only the entries searched
`KEPT_DEPTH` deep or more (or starts empty if those still fill it). The model below is
that policy as a dict, the table's earlier form: the search plays the same either way."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints import tt
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.tt import KEPT_DEPTH, Bound, Entry, TranspositionTable


class DictModel:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, Entry] = {}

    def store(self, key: int, entry: Entry) -> None:
        old = self.entries.get(key)
        if old is not None and old.depth > entry.depth:
            return
        if old is None and len(self.entries) >= self.capacity:
            self.entries = {k: e for k, e in self.entries.items() if e.depth >= KEPT_DEPTH}
            if len(self.entries) >= self.capacity:
                self.entries = {}
        self.entries[key] = entry


keys = st.one_of(st.integers(0, 40), st.integers(0, 2**64 - 1))
"""Few keys, so that they repeat, collide in the slots and overwrite; and any 64 bits."""
entries = st.builds(
    Entry,
    depth=st.integers(1, 4),  # either side of KEPT_DEPTH, and equal depths overwrite
    bound=st.sampled_from(Bound),
    score=st.integers(-WIN + 100, WIN - 100),  # stored as given at ply 0
    best=st.integers(0, 2**75 - 1),
)
stores = st.lists(st.tuples(keys, entries), min_size=1, max_size=200)


@settings(max_examples=300, deadline=None)
@given(
    capacity=st.integers(1, 40),
    first_slots=st.sampled_from([2, 8, tt.FIRST_SLOTS]),  # grown from small, or made whole
    stores=stores,
    clears=st.sets(st.integers(0, 199), max_size=2),
)
def test_the_table_holds_what_the_dict_policy_holds(
    capacity: int, first_slots: int, stores: list[tuple[int, Entry]], clears: set[int]
) -> None:
    with mock.patch.object(tt, "FIRST_SLOTS", first_slots):
        table = TranspositionTable(capacity)
    model = DictModel(capacity)
    seen: set[int] = set()
    for index, (key, entry) in enumerate(stores):
        if index in clears:
            table.clear()
            model.entries = {}
        seen.add(key)
        table.store(
            key, ply=0, depth=entry.depth, bound=entry.bound, score=entry.score, best=entry.best
        )
        model.store(key, entry)
        assert len(table) == len(model.entries) <= capacity
    for key in seen:
        assert table.probe(key, 0) == model.entries.get(key)


def test_a_pruned_table_finds_every_kept_entry_past_the_slots_that_held_the_dropped() -> None:
    table = TranspositionTable(capacity=8)
    size = 16  # the slots of a table of 8: at most half full
    for index in range(8):  # one run of neighbouring slots: each probe walks past the others
        table.store(
            index * size,
            ply=0,
            depth=1 + index % 2 * KEPT_DEPTH,
            bound=Bound.EXACT,
            score=index,
            best=index,
        )
    table.store(3, ply=0, depth=1, bound=Bound.UPPER, score=-1, best=0)
    kept = [index for index in range(8) if table.probe(index * size, 0) is not None]
    assert kept == [1, 3, 5, 7]
    assert [table.probe(index * size, 0).score for index in kept] == kept  # type: ignore[union-attr]
    assert len(table) == 5
