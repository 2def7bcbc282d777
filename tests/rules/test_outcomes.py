"""The bitboard turn outcomes (search) and random outcomes (playouts) against the rules
core's action-by-action turns, for every god and player count."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.gods import ADVANCED_GODS, God
from santorini_hw.rules.outcomes import quiet_outcomes, worker_outcomes
from santorini_hw.rules.playout import random_game, random_outcome
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import can_end, finish, outcome, play, start_turn
from santorini_hw.rules.turns import generate_turns, quiet_results, turn_leading_to
from tests.hints.strategies import GODS, positions
from tests.rules.helpers import GOD_PAIRS, midgame, position


@pytest.mark.parametrize("god", GODS, ids=lambda god: getattr(god, "value", "none"))
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_quiet_outcomes_are_the_non_winning_turn_results(
    god: God | None, data: st.DataObject
) -> None:
    start: Position = data.draw(positions(god=god))
    expected = {turn.result for turn in generate_turns(start) if turn.winner is None}
    found = quiet_outcomes(start)
    assert len(found) == len(set(found))
    assert set(found) == expected


@pytest.mark.parametrize(
    "god",
    [god for god in GODS if god not in (God.PROMETHEUS, God.HERMES)],
    ids=lambda god: getattr(god, "value", "none"),
)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_one_workers_outcomes_to_one_cell_are_their_part_of_all_in_the_same_order(
    god: God | None, data: st.DataObject
) -> None:
    start: Position = data.draw(positions(god=god))
    assume(start.god not in (God.PROMETHEUS, God.HERMES))
    mine = start.workers[start.lineup.sides[start.to_move]]
    by_worker = [child for cell in cells_of(mine) for child in worker_outcomes(start, cell)]
    assert by_worker == quiet_outcomes(start)
    if start.god is not God.ARTEMIS:  # her two moves reach a cell by several ways
        by_move = [
            child
            for cell in cells_of(mine)
            for target in range(25)
            for child in worker_outcomes(start, cell, 1 << target)
        ]
        assert by_move == by_worker


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_the_engine_turns_of_advanced_gods_are_the_non_winning_turn_results(
    god: God, data: st.DataObject
) -> None:
    start: Position = data.draw(positions(god=god, players=2, thirty=True))
    expected = {turn.result for turn in generate_turns(start) if turn.winner is None}
    found = quiet_results(start)
    assert len(found) == len(set(found)) and set(found) == expected
    mover = start.player
    assert can_win_now(start) == any(turn.winner == mover for turn in generate_turns(start))


@pytest.mark.parametrize("god", GODS, ids=lambda god: getattr(god, "value", "none"))
@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 1 << 16))
def test_random_outcome_is_a_legal_turn_or_none_when_trapped(
    god: God | None, data: st.DataObject, seed: int
) -> None:
    start: Position = data.draw(positions(god=god))
    legal = {(turn.result, turn.winner is not None) for turn in generate_turns(start)}
    outcome = random_outcome(start, random.Random(seed))
    if not legal:
        assert outcome is None
    else:
        assert outcome in legal


def test_athena_moving_up_blocks_the_next_player() -> None:
    start = position(
        {"A": ["a1", "e5"], "B": ["c3", "c5"]}, heights={"b1": 1}, gods={"A": "Athena"}
    )
    blocked = [after for after in quiet_outcomes(start) if after.workers[0] >> 1 & 1]
    assert blocked and all(after.athena == 0 for after in blocked)


def test_a_pan_drop_of_two_levels_is_not_a_quiet_outcome() -> None:
    start = position({"A": ["a1", "e5"], "B": ["c3", "c5"]}, heights={"a1": 2}, gods={"A": "Pan"})
    destinations = {after.workers[0] & ~(1 << 24) for after in quiet_outcomes(start)}
    assert 1 << 1 not in destinations  # b1 is level 0: that drop wins
    assert any(turn.winner == "A" for turn in generate_turns(start))


def test_random_games_end_with_a_winner_for_every_pairing() -> None:
    rng = random.Random(3)
    for first in GODS:
        for second in (None, God.APOLLO, God.HERMES):
            game = random_game(rng, (first, second))
            assert game.winner in ("A", "B")
            assert game.turns >= 1


@pytest.mark.parametrize("god", GODS, ids=lambda god: getattr(god, "value", "none"))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_turn_leading_to_an_outcome_is_a_legal_turn_no_longer_than_generate_turns(
    god: God | None, data: st.DataObject
) -> None:
    start: Position = data.draw(positions(god=god))
    shortest = {turn.result: turn for turn in generate_turns(start) if turn.winner is None}
    for result in data.draw(st.permutations(quiet_outcomes(start)))[:5]:
        turn = turn_leading_to(start, result)
        assert turn is not None and turn.result == result and turn.winner is None
        assert len(turn.actions) <= len(shortest[result].actions)  # breadth first: shortest
        state = start_turn(start)
        for action in turn.actions:  # `play` checks every action against the rules
            state = play(state, action)
        assert can_end(state) and finish(state) == result


ADVANCED_PAIRS = GOD_PAIRS.filter(lambda gods: any(god in ADVANCED_GODS for god in gods))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), ADVANCED_PAIRS, st.integers(0, 12))
def test_the_turn_leading_to_an_advanced_gods_result_is_a_shortest_legal_turn(
    seed: int, gods: tuple[God | None, God | None], plies: int
) -> None:
    start = midgame(seed, gods, plies)
    shortest = {turn.result: turn for turn in generate_turns(start) if turn.winner is None}
    for result in random.Random(seed).sample(sorted(shortest, key=repr), min(5, len(shortest))):
        turn = turn_leading_to(start, result)
        assert turn is not None and turn.result == result and turn.winner is None
        assert len(turn.actions) == len(shortest[result].actions)
        state = start_turn(start)
        for action in turn.actions:
            state = play(state, action)
        assert can_end(state) and outcome(state) == (result, None)


def test_morpheus_spending_eight_blocks_is_spelt_out_in_one_order() -> None:
    """The search picks a result with Morpheus' nine blocks; its actions are found by
    following only the builds the result shows (every order of them: 180,000 states)."""
    start = position(
        {"A": ["a1", "a2"], "B": ["e3", "e4"]},
        gods={"A": "Dionysus", "B": "Morpheus"},
        to_move="B",
        tokens={"B": 8},
    )
    result = max(quiet_results(start), key=lambda p: p.l1.bit_count() + p.l2.bit_count())
    turn = turn_leading_to(start, result)
    assert turn is not None and sum(1 for a in turn.actions if not a.is_move) >= 8
    state = start_turn(start)
    for action in turn.actions:
        state = play(state, action)
    assert outcome(state) == (result, None)
