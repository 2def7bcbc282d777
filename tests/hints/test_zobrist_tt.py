"""Zobrist keys follow turns incrementally; the table keeps scores right at any depth."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.tt import Bound, TranspositionTable
from santorini_hw.hints.zobrist import child_key, position_key
from santorini_hw.rules.cards import CardState
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Lineup, Position, make_lineup
from santorini_hw.rules.turns import random_turn
from tests.hints.strategies import ALL_GODS, positions


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(ALL_GODS).flatmap(lambda god: positions(god=god, thirty=True)),
    st.integers(0, 999),
)
def test_incremental_key_equals_the_key_from_scratch_along_a_game(
    position: Position, seed: int
) -> None:
    rng = random.Random(seed)
    key = position_key(position)
    for _ in range(6):
        turn = random_turn(position, rng)
        if turn is None:
            break
        key = child_key(key, position, turn.result)
        position = turn.result
        assert key == position_key(position)


@settings(max_examples=40, deadline=None)
@given(positions(players=3))
def test_elimination_changes_the_key_incrementally(position: Position) -> None:
    after = position.eliminated(position.to_move)
    assert child_key(position_key(position), position, after) == position_key(after)


def test_positions_differing_only_in_their_cards_have_different_keys() -> None:
    lineup = make_lineup(("A", "B"), (God.MORPHEUS, God.DIONYSUS))
    position = Position(1, 0, 0, 0, (3, 1 << 24), 0, -1, 0, lineup, CardState(tokens=1))
    more = position._replace(cards=CardState(tokens=2))
    assert position_key(position) != position_key(more)
    assert child_key(position_key(position), position, more) == position_key(more)


def test_positions_differing_only_in_whose_turn_have_different_keys() -> None:
    position = Position(1, 0, 0, 0, (3, 1 << 24), 0, -1, 0, _lineup())
    assert position_key(position) != position_key(position._replace(to_move=1))


def _lineup() -> Lineup:
    return make_lineup(("A", "B"))


def test_a_win_stored_deep_in_the_tree_is_read_back_relative_to_the_new_ply() -> None:
    table = TranspositionTable(capacity=16)
    table.store(42, ply=3, depth=2, bound=Bound.EXACT, score=WIN - 5, best=0)
    entry = table.probe(42, 1)
    assert entry is not None
    assert entry.score == WIN - 3  # still a win two turns after the node


def test_a_shallow_result_does_not_replace_a_deeper_one() -> None:
    table = TranspositionTable(capacity=16)
    table.store(7, ply=0, depth=4, bound=Bound.LOWER, score=10, best=99)
    table.store(7, ply=0, depth=1, bound=Bound.EXACT, score=-3, best=5)
    entry = table.probe(7, 0)
    assert entry is not None and (entry.depth, entry.score, entry.best) == (4, 10, 99)


def test_a_full_table_keeps_its_deep_entries() -> None:
    table = TranspositionTable(capacity=4)
    for key in range(4):
        table.store(key, ply=0, depth=key, bound=Bound.EXACT, score=key, best=0)
    table.store(100, ply=0, depth=1, bound=Bound.EXACT, score=0, best=0)
    assert table.probe(3, 0) is not None and table.probe(2, 0) is not None
    assert table.probe(0, 0) is None
    assert table.probe(100, 0) is not None
