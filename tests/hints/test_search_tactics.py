"""The engine's tactics, for every god: it takes wins, stops wins, finds forced wins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints.search import best_turn
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import can_end, finish, play, start_turn
from santorini_hw.rules.turns import generate_turns, winning_turn_exists
from tests.hints.strategies import ALL_GODS, board, positions

GOD_NAMES = [None, *(god.value for god in God)]


def _opponent_can_win(turn_result: Position) -> bool:
    return winning_turn_exists(turn_result)


@pytest.mark.parametrize("god", GOD_NAMES)
def test_takes_a_win_in_one(god: str | None) -> None:
    position = board(
        {"A": ["c3", "a1"], "B": ["e5", "a5"]},
        heights={"c3": 2, "d4": 3, "b2": 1},
        gods={"A": god, "B": None},
    )
    result = best_turn(position, depth=3)
    assert result.turn is not None and result.turn.winner == "A"
    assert result.mate_in == 1


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ALL_GODS).flatmap(lambda god: positions(god=god, thirty=True)))
def test_takes_a_win_in_one_on_random_boards(position: Position) -> None:
    result = best_turn(position, depth=1)
    wins = [turn for turn in generate_turns(position) if turn.winner == position.player]
    assert result.turn is not None or not generate_turns(position)
    assert (result.turn is not None and result.turn.winner == position.player) == bool(wins)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ALL_GODS).flatmap(lambda god: positions(god=god, players=2, thirty=True)))
def test_stops_a_win_in_one_whenever_a_turn_can(position: Position) -> None:
    turns = generate_turns(position)
    if not turns or any(turn.winner for turn in turns):
        return
    safe = [turn for turn in turns if not _opponent_can_win(turn.result)]
    result = best_turn(position, depth=1)
    assert result.turn is not None
    assert _opponent_can_win(result.turn.result) == (not safe)


@pytest.mark.parametrize("god", GOD_NAMES)
def test_blocks_opponent_win_in_one_by_doming(god: str | None) -> None:
    position = board(
        {"A": ["b3", "a1"], "B": ["e5", "d3"]},
        heights={"d3": 2, "c4": 3},
        gods={"A": god, "B": None},
    )
    assert not winning_turn_exists(position)
    result = best_turn(position, depth=2)
    assert result.turn is not None
    assert not _opponent_can_win(result.turn.result)
    if god not in ("Apollo", "Minotaur", "Bia", "Ares"):  # they may also shift or remove the
        # threatening worker (Bia), or take a block off the threatened tower (Ares)
        assert result.turn.result.domes >> 17 & 1  # c4 is domed


@pytest.mark.parametrize("god", GOD_NAMES)
def test_stops_pan_drop_by_occupying_or_raising_the_low_cell(god: str | None) -> None:
    """Pan on level 2 threatens d4, the one level-0 cell next to him: A stands there or
    builds on it."""
    heights = {cell: 1 for cell in ("b2", "c2", "d2", "b3", "d3", "b4", "c4")}
    heights |= {"c3": 2, "a1": 2, "a2": 2, "b1": 2}
    position = board(
        {"A": ["a3", "e5"], "B": ["c3", "e1"]},
        heights=heights,
        domes=["a1", "a2", "b1"],
        gods={"A": god, "B": "Pan"},
    )
    assert not winning_turn_exists(position)
    result = best_turn(position, depth=2)
    assert result.turn is not None
    assert not _opponent_can_win(result.turn.result)


@pytest.mark.parametrize("god", GOD_NAMES)
def test_finds_a_forced_win_in_two(god: str | None) -> None:
    """Climbing to c3 threatens b4 and d4 at once: B can dome only one of them. (Artemis
    needs no second turn: she climbs c3 and b4 in one.)"""
    position = board(
        {"A": ["c2", "e1"], "B": ["a5", "e5"]},
        heights={"c2": 1, "c3": 2, "b4": 3, "d4": 3},
        gods={"A": god, "B": None},
    )
    if god == "Artemis":
        assert best_turn(position, depth=2).mate_in == 1
        return
    assert not winning_turn_exists(position)
    result = best_turn(position, depth=2)
    assert result.turn is not None and result.mate_in == 3
    replies = generate_turns(result.turn.result)
    assert replies
    assert all(r.winner is None and winning_turn_exists(r.result) for r in replies)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ALL_GODS).flatmap(lambda god: positions(god=god, thirty=True)))
def test_never_offers_an_illegal_turn(position: Position) -> None:
    result = best_turn(position, node_budget=150, seed=7)
    legal = generate_turns(position)
    if not legal:
        assert result.turn is None
        return
    assert result.turn is not None
    outcomes = {(turn.result, turn.winner) for turn in legal}
    assert (result.turn.result, result.turn.winner) in outcomes
    state = start_turn(position)
    for action in result.turn.actions:  # `play` checks every action against the rules
        state = play(state, action)
    assert can_end(state) and finish(state) == result.turn.result


def test_sees_a_trap_one_turn_beyond_its_horizon() -> None:
    """Moving onto b2 leaves B's cornered workers no move: a win a depth-1 search sees."""
    position = board(
        {"A": ["c3", "e5"], "B": ["a1", "b1"]},
        heights={"a2": 2},
        domes=["c1", "c2"],
    )
    result = best_turn(position, depth=1)
    assert result.turn is not None
    assert result.turn.result.workers[0] >> 6 & 1  # b2
    assert result.mate_in == 1
