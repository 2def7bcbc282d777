"""The turn index holds exactly the states legal actions reach, found breadth first (each by a shortest path)."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.referee.board_view import position_view
from santorini_hw.referee.turn_index import TurnIndex
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
    assert len(index) == len(expected)


def test_chaos_holding_hermes_is_indexed_as_hermes_walks() -> None:
    workers = {"A": ["a1", "e5"], "B": ["c3", "e1"]}
    chaos = position(workers, gods={"A": "Chaos"}, chaos={"A": {"power": "Hermes", "deck": []}})
    hermes = position(workers, gods={"A": "Hermes", "B": "Zeus"})  # both with the cards' rules
    assert len(TurnIndex(start_turn(chaos))) == len(TurnIndex(start_turn(hermes)))
