"""An advanced turn, one action at a time: the same state machine interface as
`turn.py` (candidates, apply, can_end) for a position whose lineup holds an advanced
god. Every power is read from `Powers` (the god each player has *this turn*), so Chaos'
and Circe's borrowed simple powers run through the same code as the cards themselves.

Shape of a turn: [Charon's ferry | Prometheus' build] move step(s) [Artemis, Triton,
Hermes] build(s) [Demeter, Hephaestus, Hestia, Morpheus] [Ares' removal | Poseidon's
builds]. A Dionysus additional turn is a normal step and build with an opponent's
worker, or a pass. Aphrodite and Persephone judge whole turns: `can_end` refuses an
ending that breaks them, so the step-wise search (`legal_actions`) and the whole-turn
search agree.
"""

from __future__ import annotations

from santorini_hw.rules.actions import (
    DOME,
    FERRY,
    MOVE,
    PASS,
    PASS_ACTION,
    UNBUILD,
    Action,
)
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_builds import (
    built,
    complete_towers,
    end_actions,
    main_builds,
    more_builds,
    normal_builds,
)
from santorini_hw.rules.power_moves import PERIMETER, apply_step, ferries, relocate, step_options
from santorini_hw.rules.power_state import Powers, start_power_state, start_powers
from santorini_hw.rules.turn_state import TurnState


def start_power_turn(position: Position) -> TurnState:
    powers = start_powers(position)
    state = TurnState(
        position, (), -1, -1, 0, 0, -1, -1, True, False, False,
        start_power_state(position, powers),
    )  # fmt: skip
    if not _opposing_persephone(powers, position.to_move):
        return state
    power = state.power
    assert power is not None
    if _can_go_up(state):
        return state._replace(power=power._replace(powers=powers._replace(must_up=True)))
    return state


def _can_go_up(start: TurnState) -> bool:
    """Some complete turn has a step up (Persephone): only steps (and Charon's ferry)
    are followed until one goes up, since a build never leads to a later step up."""
    seen: set[TurnState] = set()
    stack = [start]
    while stack:
        state = stack.pop()
        if state.moved_up:
            if endings(state, first=True):
                return True
            continue
        for action in candidates(state):
            if action.kind in (MOVE, FERRY):
                child = apply(state, action)
                key = state_key(child)
                if key not in seen:
                    seen.add(key)
                    stack.append(child)
    return False


def _opposing_persephone(powers: Powers, me: int) -> bool:
    return any(god is God.PERSEPHONE and index != me for index, god in enumerate(powers.gods))


def state_key(state: TurnState) -> TurnState:
    """What decides the rest of the turn: the state without its path (and, while Hermes
    walks on his level, without which worker stepped last)."""
    if (
        state.flat
        and state.moves
        and state.power is not None
        and state.power.powers.god is God.HERMES
    ):
        return state._replace(actions=(), worker=-1, origin=-1)
    return state._replace(actions=())


def endings(start: TurnState, first: bool = False) -> list[TurnState]:
    """Every state the turn can end in, each reached once (Hermes and Triton loop);
    `first`: stop at the first one (the turn can be completed)."""
    seen: set[TurnState] = set()
    stack = [start]
    found = []
    while stack:
        state = stack.pop()
        key = state_key(state)
        if key in seen:
            continue
        seen.add(key)
        if can_end(state):
            found.append(state)
            if first:
                break
        stack.extend(apply(state, action) for action in candidates(state))
    return found


def can_end(state: TurnState) -> bool:
    power = state.power
    assert power is not None
    powers = power.powers
    if power.passed:
        return True
    if not state.won:
        if powers.god is God.MORPHEUS:
            if not state.moves:
                return False
        elif not state.builds:
            return False
    return _whole_turn_ok(state)


def _whole_turn_ok(state: TurnState) -> bool:
    """Persephone's and Aphrodite's tests, which only move steps can change: once the
    steps are over and they fail, no build can save the turn (`candidates` stops)."""
    power = state.power
    assert power is not None
    if power.powers.must_up and not state.moved_up:
        return False
    return _aphrodite_ok(state)


def _aphrodite_ok(state: TurnState) -> bool:
    """Every constrained worker that moved ends next to one of Aphrodite's workers."""
    power = state.power
    assert power is not None
    if not power.strayed:
        return True
    board = state.board
    theirs = board.workers[board.lineup.sides[power.powers.aphrodite]] | power.removed
    return all(NEIGHBOURS[cell] & theirs for cell in cells_of(power.strayed))


def candidates(state: TurnState) -> list[Action]:
    power = state.power
    assert power is not None
    if state.won or power.passed:
        return []
    powers = power.powers
    board = state.board
    if not board.workers[board.side]:
        return []  # out of the game: no turn at all (not even Dionysus' pass)
    if powers.additional:
        if state.moves and not _whole_turn_ok(state):
            return []
        return _additional(state)
    god = powers.god
    own = board.workers[board.side]
    if state.moves == 0:
        if state.builds:
            return []  # Hermes built without moving
        if state.prebuild >= 0:
            movers = own & NEIGHBOURS[state.prebuild] & ~powers.frozen
            return [a for w in cells_of(movers) for a in step_options(state, w, god)]
        if power.chosen >= 0:
            return step_options(state, power.chosen, god)
        movers = own & ~powers.frozen
        found = [a for w in cells_of(movers) for a in step_options(state, w, god)]
        if god is God.CHARON:
            found += [a for w in cells_of(movers) for a in ferries(board, w)]
        if god is God.PROMETHEUS or god is God.HERMES:
            found += _unique(a for w in cells_of(own) for a in normal_builds(state, w))
        return found
    if state.builds == 0 and not power.ending:
        return _after_moving(state)
    if not _whole_turn_ok(state):
        return []
    return more_builds(state) + end_actions(state)


def _after_moving(state: TurnState) -> list[Action]:
    assert state.power is not None
    god = state.power.powers.god
    board = state.board
    worker = state.worker
    found: list[Action] = []
    if god is God.ARTEMIS and state.moves == 1:
        found += step_options(state, worker, god, exclude=state.origin)
    if god is God.TRITON and PERIMETER >> worker & 1:
        found += step_options(state, worker, god)
    walking = god is God.HERMES and state.flat
    if walking:
        own = board.workers[board.side] & ~state.power.powers.frozen
        found += [a for w in cells_of(own) for a in _flat_steps(state, w)]
    if not _whole_turn_ok(state):
        return found  # only a further step could still make the turn legal
    if walking:
        everyone = board.workers[board.side]
        return found + _unique(a for w in cells_of(everyone) for a in normal_builds(state, w))
    if god is God.MORPHEUS:
        return found + more_builds(state)
    return found + main_builds(state)


def _flat_steps(state: TurnState, cell: int) -> list[Action]:
    board = state.board
    level = board.exactly(board.height(cell))
    return [a for a in step_options(state, cell, None) if level >> a.dst & 1]


def _unique(actions: object) -> list[Action]:
    return list(dict.fromkeys(actions))  # type: ignore[call-overload]


def _additional(state: TurnState) -> list[Action]:
    """Dionysus' additional turn: pass, or step any opponent worker and build with it."""
    board = state.board
    if state.moves == 0:
        theirs = board.occupied & ~board.workers[board.side]
        return [PASS_ACTION] + [a for w in cells_of(theirs) for a in step_options(state, w, None)]
    if state.builds == 0:
        return normal_builds(state, state.worker)
    return []


def apply(state: TurnState, action: Action) -> TurnState:
    power = state.power
    assert power is not None
    kind = action.kind
    if kind == MOVE:
        return apply_step(state, action)
    actions = (*state.actions, action)
    if kind == PASS:
        return state._replace(actions=actions, power=power._replace(passed=True))
    board = state.board
    if kind == FERRY:
        charon = _between(action.src, action.dst)
        workers = list(board.workers)
        side = board.side_at(action.src)
        workers[side] ^= 1 << action.src | 1 << action.dst
        power = relocate(power, action.src, action.dst)._replace(chosen=charon)
        return state._replace(
            board=board._replace(workers=tuple(workers)), actions=actions, power=power
        )
    after = built(board, action)
    powers = power.powers
    if kind == DOME:
        power = power._replace(domed=True)
        if board.l3 >> action.dst & 1 and (powers.god is God.DIONYSUS or powers.additional):
            power = power._replace(towers=power.towers + 1)
    if powers.chronus >= 0 and kind != UNBUILD and complete_towers(after) >= 5:
        power = power._replace(winner=powers.chronus)
    won = power.winner >= 0
    if state.moves == 0 and powers.god is God.PROMETHEUS:
        return state._replace(
            board=after, actions=actions, prebuild=action.dst, power=power, won=won
        )
    if kind == UNBUILD or (state.builds and powers.god is God.POSEIDON):
        power = power._replace(ending=power.ending + 1)
        return state._replace(board=after, actions=actions, power=power, won=won)
    return state._replace(
        board=after,
        actions=actions,
        builds=state.builds + 1,
        last_build=action.dst,
        power=power,
        won=won,
    )


def _between(src: int, dst: int) -> int:
    """The cell midway between two cells two steps apart in a line (Charon's worker)."""
    return ((src // 5 + dst // 5) // 2) * 5 + (src % 5 + dst % 5) // 2
