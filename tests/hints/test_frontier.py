"""A node one turn from the horizon finds its first child (the table's turn or a killer)
from one worker's turns: the child `MoveOrder.rank` would put first, and the search's
answers are those it gives when every turn is generated first."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import santorini_hw.hints.search as search_module
from santorini_hw.hints.frontier import first_child
from santorini_hw.hints.ordering import MoveOrder, move_id
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import quiet_results
from tests.hints.strategies import GODS, positions
from tests.hints.test_engine import midgame


@pytest.mark.parametrize("god", GODS, ids=lambda god: getattr(god, "value", "none"))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_first_child_is_the_one_the_move_order_ranks_first(
    god: God | None, data: st.DataObject
) -> None:
    position: Position = data.draw(positions(god=god))
    side = position.lineup.sides[position.to_move]
    children = quiet_results(position)
    moves = [move_id(position, child, side) for child in children]
    stranger = (1 << 74) | (1 << 60) | 1  # a turn from elsewhere: not one of this node's
    pick = st.sampled_from([*moves, stranger]) if moves else st.just(stranger)
    hint = data.draw(st.one_of(st.just(0), st.just(stranger), pick), label="hint")
    killers = data.draw(st.lists(pick, max_size=2, unique=True), label="killers")
    order = MoveOrder()
    order.killers[1] = killers
    ranked = order.rank(1, moves, hint)
    found = first_child(position, hint, killers)
    first_is_known = bool(ranked) and moves[ranked[0]] in (hint, *killers)
    if position.god in (God.PROMETHEUS, God.HERMES) or not first_is_known:
        assert found is None
    else:
        assert found == (children[ranked[0]], moves[ranked[0]])


@pytest.mark.parametrize("seed", range(4))
def test_the_search_answers_as_when_every_turn_is_generated_first(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """To a fixed depth, so that the nodes counted are all the search's; without the move
    prior, which keeps the first child among a node's turns whatever the prior's rank of
    it, so that with the prior the shortcut decides which turns a node searches."""
    position = midgame(seed, gods=seed % 2 == 1)
    turn, score, depth, nodes, _ = best_turn(position, depth=3, seed=seed, prior_keep=0)
    monkeypatch.setattr(search_module, "first_child", lambda *_: None)
    again = best_turn(position, depth=3, seed=seed, prior_keep=0)
    assert again[:4] == (turn, score, depth, nodes)
