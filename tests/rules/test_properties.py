"""Properties over random play: generated turns apply cleanly, undo restores the exact
state, step-wise and whole-turn generation agree, notation round-trips."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.rules.actions import actions_text, parse_actions
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.notation import parse_record, record_text
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.rules.turn import (
    TurnState,
    apply_action,
    can_end,
    candidates,
    legal_actions,
    opening_movers,
    opening_moves,
    outcome,
    play,
    start_turn,
    state_key,
)
from santorini_hw.rules.turns import generate_turns, random_turn, random_turns, winning_turn_exists
from tests.rules.helpers import GOD_PAIRS, midgame

SIMPLE = st.sampled_from([None, *SIMPLE_GODS])

positions = st.builds(midgame, st.integers(0, 10**6), GOD_PAIRS, st.integers(0, 12))
simple_positions = st.builds(
    midgame, st.integers(0, 10**6), st.tuples(SIMPLE, SIMPLE), st.integers(0, 12)
)


def stepwise_outcomes(state: TurnState, seen: set[object], out: set[object]) -> None:
    """Every outcome reachable by playing legal actions one at a time."""
    if can_end(state):
        result, winner = outcome(state)
        out.add((result, winner))
    for action in legal_actions(state):
        child = play(state, action)
        # Hermes may shuffle workers forever: its states are keyed like the engine does.
        looping = child.god is God.HERMES or child.power is not None
        key = state_key(child) if looping else child._replace(actions=())
        if key not in seen:
            seen.add(key)
            stepwise_outcomes(child, seen, out)


@pytest.mark.long
@settings(max_examples=60, deadline=None)
@given(positions)
def test_stepwise_and_whole_turn_generation_agree(position: Position) -> None:
    outcomes: set[object] = set()
    stepwise_outcomes(start_turn(position), set(), outcomes)
    assert outcomes == {(t.result, t.winner) for t in generate_turns(position)}


@settings(max_examples=60, deadline=None)
@given(positions)
def test_every_generated_turn_replays_through_the_game(position: Position) -> None:
    for turn in generate_turns(position)[:40]:
        game = Game.from_position(position)
        game.play_turn(parse_actions(actions_text(turn.actions)))
        assert game.position == turn.result or game.winner == turn.winner


@settings(max_examples=60, deadline=None)
@given(positions)
def test_result_positions_round_trip_through_json(position: Position) -> None:
    for turn in generate_turns(position)[:20]:
        assert position_from_json(position_to_json(turn.result)) == turn.result


@settings(max_examples=60, deadline=None)
@given(positions)
def test_cheap_win_check_matches_generation(position: Position) -> None:
    mover = position.player
    assert winning_turn_exists(position) == any(t.winner == mover for t in generate_turns(position))


@settings(max_examples=40, deadline=None)
@given(positions, st.integers(0, 10**6), st.integers(0, 6))
def test_random_turns_stop_before_a_win_and_replay_with_the_same_seed(
    position: Position, seed: int, count: int
) -> None:
    after = random_turns(position, count, random.Random(seed))
    assert after == random_turns(position, count, random.Random(seed))
    expected, rng = position, random.Random(seed)
    for _ in range(count):  # what it does, turn by turn
        turn = random_turn(expected, rng)
        if turn is None or turn.winner is not None:
            break
        expected = turn.result
    assert after == expected


@settings(max_examples=80, deadline=None)
@given(positions, st.integers(0, 10**6))
def test_a_random_turn_is_one_of_the_generated_turns(position: Position, seed: int) -> None:
    turns = generate_turns(position)
    outcomes = {(turn.result, turn.winner) for turn in turns}
    rng = random.Random(seed)
    for _ in range(5):
        turn = random_turn(position, rng)
        if not turns:
            assert turn is None
            return
        assert turn is not None and (turn.result, turn.winner) in outcomes


@given(simple_positions)
def test_the_workers_opening_moves_are_the_opening_candidates(position: Position) -> None:
    start = start_turn(position)
    movers = opening_movers(start)
    assert movers is not None
    by_worker = {action for worker in movers for action in opening_moves(start, worker)}
    assert by_worker == set(candidates(start))
    for action in candidates(start)[:1]:
        assert opening_movers(apply_action(start, action)) is None


def test_a_random_turn_moves_the_other_worker_when_one_is_boxed_in() -> None:
    boxed = position_from_json(
        {
            "workers": {"A": ["a1", "e5"], "B": ["c3", "e1"]},
            "domes": ["a2", "b1", "b2"],
            "to_move": "A",
        }
    )
    for seed in range(40):
        turn = random_turn(boxed, random.Random(seed))
        assert turn is not None and actions_text(turn.actions).startswith("e5-")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), GOD_PAIRS)
def test_undo_restores_the_exact_state_and_records_round_trip(seed: int, gods: tuple) -> None:
    rng = random.Random(seed)
    game = Game.new(("A", "B"), gods)
    cells = iter(rng.sample(range(25), 25))
    while game.turn is None:  # the cells the rules allow (Eros: on opposite edges)
        game.place(next(cell for cell in cells if game.placements() >> cell & 1))
    history = []
    while game.winner is None and len(history) < 30:
        turn = random_turn(game.position, rng)
        assert turn is not None
        history.append((game.position, len(game.record)))
        game.play_turn(turn.actions)
    text = record_text(game)
    replayed = parse_record(text)
    assert record_text(replayed) == text
    assert replayed.position == game.position and replayed.winner == game.winner
    for position, record_length in reversed(history):
        game.undo()
        assert game.position == position and len(game.record) == record_length
        assert game.turn == start_turn(position)
