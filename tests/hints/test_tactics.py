"""The bitboard win detector agrees with the rules core, for every god and player count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.hints.tactics import can_win_now, cannot_move, winning_cells
from santorini_hw.rules.gods import God
from santorini_hw.rules.position_json import parse_position
from santorini_hw.rules.turns import generate_turns, winning_turn_exists
from tests.hints.strategies import GODS, board, positions


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GODS).flatmap(lambda god: positions(god=god)))
def test_can_win_now_agrees_with_the_rules_core(position) -> None:
    assert can_win_now(position) == winning_turn_exists(position)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GODS).flatmap(lambda god: positions(god=god, players=2)))
def test_winning_cells_are_where_winning_turns_end(position) -> None:
    mover = position.workers[position.side]
    landed = set()
    for turn in generate_turns(position):
        if turn.winner is not None:
            landed |= set(_cells(turn.result.workers[position.side] & ~mover))
    up_ok = not position.athena_blocks_mover
    found = set(_cells(winning_cells(position, position.to_move, up_ok)))
    assert landed == found


def _cells(mask: int) -> list[int]:
    return [cell for cell in range(25) if mask >> cell & 1]


def test_pan_wins_by_dropping_two_levels() -> None:
    position = parse_position(
        '{"heights": {"c3": 2}, "workers": {"A": ["c3", "a1"], "B": ["e5", "e4"]},'
        ' "gods": {"A": "Pan"}, "to_move": "A"}'
    )
    assert can_win_now(position)
    assert position.lineup.gods[0] is God.PAN


def test_athena_block_stops_a_climb_to_level_three() -> None:
    position = parse_position(
        '{"heights": {"c3": 2, "c4": 3}, "workers": {"A": ["c3", "a1"], "B": ["e5", "e4"]},'
        ' "gods": {"B": "Athena"}, "to_move": "A", "athena_moved_up": true}'
    )
    assert not can_win_now(position)
    assert can_win_now(position._replace(athena=-1))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GODS).flatmap(lambda god: positions(god=god)))
def test_cannot_move_means_no_legal_turn(position) -> None:
    stuck = not generate_turns(position)
    if position.god is God.APOLLO:  # every swap may leave no build: sound, not complete
        assert stuck or not cannot_move(position)
    else:
        assert cannot_move(position) == stuck


def _cornered(god: str | None) -> object:
    """B's workers in the corner a1-b1: a2 too high, c1 and c2 domed, A's worker on b2."""
    return board(
        {"A": ["b2", "e5"], "B": ["a1", "b1"]},
        heights={"a2": 2},
        domes=["c1", "c2"],
        gods={"A": None, "B": god},
        to_move="B",
    )


CORNERED = [(None, True), ("Artemis", True), ("Pan", True), ("Prometheus", True), ("Atlas", True)]
MOVES_ANYWAY = [("Minotaur", False), ("Hermes", False)]
"""Minotaur pushes A's worker to b3 or c3; Hermes builds without moving."""


@pytest.mark.parametrize(("god", "stuck"), CORNERED + MOVES_ANYWAY)
def test_a_cornered_player_cannot_move_unless_a_power_helps(god: str | None, stuck: bool) -> None:
    position = _cornered(god)
    assert cannot_move(position) is stuck
    assert (not generate_turns(position)) is stuck
