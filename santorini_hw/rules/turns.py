"""Whole turns: every complete legal turn of a position, random turns, and perft.

Turns are found by a depth-first walk of `turn.py`'s state machine and deduplicated by
their outcome (resulting position and winner): two action sequences that leave the
same board are the same turn.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from typing import NamedTuple

from santorini_hw.rules.actions import BUILD, DOME, Action
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_outcomes import power_outcomes, power_win_exists
from santorini_hw.rules.power_shortcuts import plain_quiet
from santorini_hw.rules.turn import (
    TurnState,
    apply_action,
    can_end,
    candidates,
    opening_movers,
    opening_moves,
    outcome,
    start_turn,
    state_key,
)


class Turn(NamedTuple):
    actions: tuple[Action, ...]
    result: Position
    """The position after the turn, with the next player to move."""
    winner: str | None


def _completed(state: TurnState) -> Turn:
    result, winner = outcome(state)
    return Turn(state.actions, result, winner)


def _looping(position: Position) -> bool:
    """Hermes' (and, with advanced gods, Triton's) walks come back to states already seen."""
    return position.god is God.HERMES or position.cards is not None


def generate_turns(position: Position) -> list[Turn]:
    """Every complete legal turn of the player to move, one per distinct outcome (the
    shortest way to it reads best)."""
    found: dict[tuple[Position, str | None], Turn] = {}
    for turn in _completions(position):
        key = (turn.result, turn.winner)
        known = found.get(key)
        if known is None or len(turn.actions) < len(known.actions):
            found[key] = turn
    return list(found.values())


def turn_to(position: Position, result: Position, winner: str | None) -> Turn | None:
    """The turn `generate_turns` gives for the outcome (`result`, `winner`), or None when
    no legal turn has it. With an advanced god the turns come shortest first, so the
    walk stops at the first one."""
    turns = generate_turns(position) if position.cards is None else _completions(position)
    return next((t for t in turns if t.result == result and t.winner == winner), None)


def _completions(position: Position) -> Iterator[Turn]:
    """Every complete legal turn as the machine reaches it: depth first; with an advanced
    god breadth first, so that the first path to a state (the only one followed: Triton
    walks in circles) is a shortest one, and turns come shortest first."""
    seen: set[tuple[object, ...]] | None = set() if _looping(position) else None
    stack = deque([start_turn(position)])
    take = stack.pop if position.cards is None else stack.popleft
    while stack:
        state = take()
        if can_end(state):
            yield _completed(state)
        children = [apply_action(state, action) for action in candidates(state)]
        fresh = [child for child in children if _first_visit(child, seen)]
        stack.extend(reversed(fresh) if position.cards is None else fresh)


def _first_visit(state: TurnState, seen: set[tuple[object, ...]] | None) -> bool:
    """False when a Hermes turn comes back to a state it has already explored."""
    if seen is None:
        return True
    key = state_key(state)
    if key in seen:
        return False
    seen.add(key)
    return True


def turn_leading_to(position: Position, result: Position) -> Turn | None:
    """The shortest legal turn from `position` that does not win and ends in `result`, or
    None. The search picks a resulting position (`outcomes.quiet_outcomes`); this finds
    its actions without generating every turn: builds that `result` does not show are
    never tried, so only the moves branch (and Hermes' and Triton's walks, each state
    once). Morpheus' many builds thus cost one order, not every order of them. Only Ares,
    who may take off again a block he built, walks every turn."""
    start = start_turn(position)
    if start.power is not None and start.power.powers.god is God.ARES:
        return turn_to(position, result, None)
    seen: set[tuple[object, ...]] = set()
    frontier = [start]
    while frontier:
        following = []
        for state in frontier:
            if can_end(state) and outcome(state) == (result, None):
                return Turn(state.actions, result, None)
            for action in candidates(state):
                if action.kind in (BUILD, DOME) and not _shown(state.board, result, action):
                    continue
                child = apply_action(state, action)
                key = state_key(child)
                if not child.won and key not in seen:
                    seen.add(key)
                    following.append(child)
        frontier = following
    return None


def _shown(board: Position, result: Position, build: Action) -> bool:
    """`result` has the piece `build` would add (a dome, or one more block)."""
    cell = build.dst
    if build.kind == DOME:
        return bool(result.domes >> cell & 1)
    return not board.domes >> cell & 1 and result.height(cell) > board.height(cell)


def random_turns(position: Position, count: int, rng: random.Random) -> Position:
    """`position` after up to `count` random turns, stopping before a win or at a player
    with no turn: a mid-game position for tests and benchmarks."""
    for _ in range(count):
        turn = random_turn(position, rng)
        if turn is None or turn.winner is not None:
            break
        position = turn.result
    return position


def random_turn(position: Position, rng: random.Random) -> Turn | None:
    """One legal turn picked at random (optional extras taken half the time), or None
    when the player has no legal turn. Not uniform over turns: fast, for playouts."""
    if position.cards is not None:
        start = start_turn(position)
        assert start.power is not None
        walks = start.power.powers.god in (God.HERMES, God.TRITON)
        ending = _random_power_completion(start, rng, set() if walks else None)
        return None if ending is None else _completed(ending)
    seen: set[tuple[object, ...]] | None = set() if position.god is God.HERMES else None
    state = _random_completion(start_turn(position), rng, seen)
    return None if state is None else _completed(state)


def _random_completion(
    state: TurnState, rng: random.Random, seen: set[tuple[object, ...]] | None
) -> TurnState | None:
    ending = state.won or state.builds > 0  # can_end, inlined: the playouts' hot path
    if ending:
        god = state.board.god
        if god is not God.DEMETER and god is not God.HEPHAESTUS:
            return state  # only their optional second build can follow a build
    movers = opening_movers(state)
    if movers is not None:  # pick the worker first: only its moves are generated
        start = int(rng.random() * len(movers))
        for worker in movers[start:] + movers[:start]:
            done = _random_child(state, opening_moves(state, worker), rng, seen)
            if done is not None:
                return done
        return None
    options = candidates(state)
    if ending and (not options or rng.random() < 0.5):
        return state
    done = _random_child(state, options, rng, seen)
    return state if done is None and ending else done


def _random_power_completion(
    state: TurnState, rng: random.Random, seen: set[tuple[object, ...]] | None
) -> TurnState | None:
    """An advanced turn completed at random: a random legal action at each step (each
    state tried once: Hermes and Triton walk in circles), an optional one taken half the
    time; None when no way from `state` completes the turn."""
    ending = can_end(state)
    options = candidates(state)
    if ending and (not options or rng.random() < 0.5):
        return state
    done = _random_child(state, options, rng, seen, _random_power_completion)
    return state if done is None and ending else done


Completion = Callable[[TurnState, random.Random, set[tuple[object, ...]] | None], TurnState | None]


def _random_child(
    state: TurnState,
    options: list[Action],
    rng: random.Random,
    seen: set[tuple[object, ...]] | None,
    complete: Completion | None = None,
) -> TurnState | None:
    """A random completion (by `complete`, else `_random_completion`) through one of
    `options` (drawn without replacement, only as far as needed), or None when none of
    them completes."""
    remaining = len(options)
    while remaining:
        pick = int(rng.random() * remaining)
        remaining -= 1
        action = options[pick]
        options[pick] = options[remaining]
        child = apply_action(state, action)
        if seen is not None and not _first_visit(child, seen):
            continue
        done = (complete or _random_completion)(child, rng, seen)
        if done is not None:
            return done
    return None


def winning_turn_exists(position: Position) -> bool:
    """The player to move can win this turn. Only moves win, and no build ever enables a
    win later in the same turn (Prometheus builds first only when not moving up), so
    only the move steps are explored: much cheaper than generating every turn."""
    if position.cards is not None:  # wins by removal, Chronus' towers, Hera's edge...
        return power_win_exists(position)
    start = start_turn(position)
    for first in candidates(start):
        if not first.is_move:
            continue
        state = apply_action(start, first)
        if state.won:
            return True
        if position.god is God.ARTEMIS:
            for second in candidates(state):
                if second.is_move and apply_action(state, second).won:
                    return True
    return False


def quiet_results(position: Position) -> list[Position]:
    """The position after every legal turn that does not win, one per distinct outcome,
    straight from the bitboards (`outcomes.quiet_outcomes` for simple gods,
    `power_outcomes` with an advanced god, unless the turn is a plain one)."""
    if position.cards is None or plain_quiet(position):
        return quiet_outcomes(position)
    return [result for result, winner in power_outcomes(position) if winner < 0]


def perft(position: Position, depth: int) -> int:
    """Leaves of the tree of distinct outcomes `depth` turns deep (a win is a leaf)."""
    if depth == 0:
        return 1
    total = 0
    for turn in generate_turns(position):
        total += 1 if turn.winner is not None or depth == 1 else perft(turn.result, depth - 1)
    return total
