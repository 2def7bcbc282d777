"""The turn index holds exactly the states legal actions reach, found breadth first (each by a shortest path), those past its frontier found from the board seen."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.referee.board_view import position_view
from santorini_hw.referee.turn_index import LAZY_BUILDS, TurnIndex, pieces_built
from santorini_hw.rules.gods import God
from santorini_hw.rules.turn import TurnState, apply_action, legal_actions, start_turn, state_key
from tests.rules.helpers import midgame, position

GODS = st.sampled_from([None, *God])


def by_legal_actions(start: TurnState) -> list[TurnState]:
    """The definition: a breadth-first walk through legal actions, first visit kept."""
    hermes = start.god is God.HERMES
    seen: set[object] = set()
    found = []
    queue = deque([start])
    while queue:
        state = queue.popleft()
        key = state_key(state) if hermes else state._replace(actions=())
        if key in seen:
            continue
        seen.add(key)
        found.append(state)
        queue.extend(apply_action(state, action) for action in legal_actions(state))
    return found


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10**6), st.tuples(GODS, GODS), st.integers(0, 20))
def test_the_index_holds_the_states_legal_actions_reach(
    seed: int, gods: tuple[God | None, God | None], plies: int
) -> None:
    start = start_turn(midgame(seed, gods, plies))
    index = TurnIndex(start)
    expected = by_legal_actions(start)
    views = {position_view(state.board): None for state in expected}
    indexed = [state for view in views for state in index.matches(view)]
    assert sorted(map(repr, indexed)) == sorted(map(repr, expected))
    assert len(index) <= len(expected)  # up front: those past the frontier come on demand


@pytest.mark.parametrize(
    ("god", "workers", "most"),
    [("Morpheus", ["a1", "e1"], 5), ("Poseidon", ["b1", "e1"], 1)],
)
def test_builds_past_the_frontier_are_matched_on_demand(
    god: str, workers: list[str], most: int
) -> None:
    """Morpheus with 4 saved blocks builds up to 5 this turn, Poseidon's unmoved worker
    three more after his own build: the index walks only `LAZY_BUILDS` pieces up front,
    and every later board is still matched, by the same states as the definition's walk,
    and a worker lifted off it is held as for any state."""
    board = position({"A": workers, "B": ["c5", "e5"]}, gods={"A": god}, tokens={"A": 4})
    start = start_turn(board)
    index = TurnIndex(start)
    expected = by_legal_actions(start)
    assert max(state.builds for state in expected) == most
    assert max(pieces_built(state) for state in expected) > LAZY_BUILDS
    assert len(index) < len(expected) / 3
    views = {position_view(state.board): None for state in expected}
    indexed = [state for view in views for state in index.matches(view)]
    assert sorted(map(repr, indexed)) == sorted(map(repr, expected))
    deepest = max(expected, key=pieces_built)
    view = position_view(deepest.board)
    lifted = view._replace(workers=view.workers & ~(1 << deepest.worker))
    assert index.holding(lifted) in index.matches(view)


def test_a_board_no_build_order_reaches_matches_nothing_past_the_frontier() -> None:
    board = position(
        {"A": ["a1", "e1"], "B": ["c5", "e5"]}, gods={"A": "Morpheus"}, tokens={"A": 4}
    )
    index = TurnIndex(start_turn(board))
    far = position(
        {"A": ["a2", "e1"], "B": ["c5", "e5"]}, {"a1": 2, "b1": 2, "c3": 1}, gods={"A": "Morpheus"}
    )
    assert index.matches(position_view(far)) == []  # c3 is no neighbour of a2


def test_chaos_holding_hermes_is_indexed_as_hermes_walks() -> None:
    workers = {"A": ["a1", "e5"], "B": ["c3", "e1"]}
    chaos = position(workers, gods={"A": "Chaos"}, chaos={"A": {"power": "Hermes", "deck": []}})
    hermes = position(workers, gods={"A": "Hermes", "B": "Zeus"})  # both with the cards' rules
    assert len(TurnIndex(start_turn(chaos))) == len(TurnIndex(start_turn(hermes)))
