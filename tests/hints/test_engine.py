"""The search against plain minimax, the move order, and the engine that keeps its table
from one hint of a game to the next."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints.engine import HintEngine
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.horizon import Memo
from santorini_hw.hints.network import network_for
from santorini_hw.hints.ordering import MoveOrder, move_id
from santorini_hw.hints.search import best_turn
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import can_end, finish, play, start_turn
from santorini_hw.rules.turns import generate_turns, random_turns
from tests.hints.strategies import GODS, board, positions


def minimax(position: Position, depth: int, side: int, ply: int) -> int:
    """Every child, no pruning, no table: what the search must agree with."""
    maximizing = position.side == side
    if can_win_now(position):
        return WIN - ply - 1 if maximizing else ply + 1 - WIN
    if depth == 0:  # the engine's evaluation: the network where it covers the game
        return Memo(side, network=network_for(position.lineup))(position)
    values = [minimax(child, depth - 1, side, ply + 1) for child in quiet_outcomes(position)]
    if not values:
        return ply - WIN if maximizing else WIN - ply
    return max(values) if maximizing else min(values)


def midgame(seed: int, gods: bool) -> Position:
    rng = random.Random(seed)
    chosen = tuple(rng.sample(GODS[1:], 2)) if gods else (None, None)
    return random_turns(random_placement(("A", "B"), chosen, rng), 6, rng)


@pytest.mark.parametrize("seed", range(6))
def test_pruning_windows_and_table_do_not_change_the_minimax_score(seed: int) -> None:
    position = midgame(seed, gods=seed % 2 == 1)
    turns = generate_turns(position)
    if not turns or any(turn.winner for turn in turns):
        return
    result = best_turn(position, depth=2, seed=seed)
    expected = max(minimax(turn.result, 1, position.side, 1) for turn in turns)
    assert result.score == expected


def test_the_move_order_puts_the_table_turn_then_killers_then_history_first() -> None:
    order = MoveOrder()
    order.cut(3, 30, depth=2)
    order.cut(5, 40, depth=1)
    order.cut(5, 40, depth=1)
    assert order.rank(3, [10, 40, 20, 30], first=20) == [2, 3, 1, 0]
    order.age()
    assert order.killers == {} and order.history == {40: 1, 30: 2}


def test_a_move_id_names_the_worker_move_and_the_build() -> None:
    before = board({"A": ["a1", "e5"], "B": ["c3", "c5"]})
    after = board({"A": ["b1", "e5"], "B": ["c3", "c5"]}, heights={"a1": 1}, to_move="B")
    assert move_id(before, after, 0) == (1 << 0) << 50 | (1 << 1) << 25 | 1 << 0


def test_the_engine_keeps_its_table_between_hints_of_a_game() -> None:
    engine = HintEngine()
    position = midgame(4, gods=False)
    first = engine.best(position, depth=3)
    assert len(engine.table) > 0
    again = engine.best(position, depth=3)
    assert again.turn == first.turn and again.score == first.score
    assert again.nodes < first.nodes / 2  # the table answers most of the tree


def test_a_new_lineup_starts_with_an_empty_table() -> None:
    engine = HintEngine()
    engine.best(midgame(4, gods=False), depth=2)
    other = midgame(5, gods=True)
    fresh = best_turn(other, depth=2)
    assert engine.best(other, depth=2)[:4] == fresh[:4]


@pytest.mark.parametrize("god", GODS, ids=lambda god: getattr(god, "value", "none"))
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_engine_only_offers_legal_turns(god: God | None, data: st.DataObject) -> None:
    position: Position = data.draw(positions(god=god))
    engine = HintEngine()
    legal = {(turn.result, turn.winner) for turn in generate_turns(position)}
    for _ in range(2):  # the second search starts from the first one's table
        result = engine.best(position, node_budget=300, seed=1)
        if not legal:
            assert result.turn is None
            return
        assert result.turn is not None
        assert (result.turn.result, result.turn.winner) in legal
        state = start_turn(position)
        for action in result.turn.actions:  # `play` checks every action against the rules
            state = play(state, action)
        assert can_end(state) and finish(state) == result.turn.result
