"""One turn, one action at a time: the legal next actions, applying one, ending the turn.

A turn's shape depends on the god (docs/play/gods.md): Artemis may move
twice, Hermes may shuffle both workers on their level, Prometheus may build first,
Demeter and Hephaestus may build twice, Apollo and Minotaur move into opponents. All of
that lives here, as a small state machine over `TurnState`.

`candidates` lists the next actions the rules allow *right now*; `legal_actions` keeps
only those from which the turn can still be completed (a move that leaves no build is
not legal). A winning move ends the turn at once.
"""

from __future__ import annotations

from santorini_hw.rules import power_turn
from santorini_hw.rules.actions import BUILD, BUILDS, DOME, DOMES, MOVE, MOVES, Action, build, dome
from santorini_hw.rules.cells import NEIGHBOURS, beyond, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_end import close
from santorini_hw.rules.turn_state import TurnState

__all__ = [
    "IllegalActionError",
    "TurnState",
    "apply_action",
    "can_end",
    "candidates",
    "completable",
    "finish",
    "legal_actions",
    "outcome",
    "play",
    "start_turn",
    "state_key",
]


class IllegalActionError(ValueError):
    """An action the rules do not allow here; the message says why in words."""


def start_turn(position: Position) -> TurnState:
    if position.cards is not None:
        return power_turn.start_power_turn(position)
    return TurnState(position, (), -1, -1, 0, 0, -1, -1, True, False, False)


def can_end(state: TurnState) -> bool:
    """The turn is complete enough to end (further actions, if any, are optional)."""
    if state.power is not None:
        return power_turn.can_end(state)
    return state.won or state.builds > 0


def outcome(state: TurnState) -> tuple[Position, str | None]:
    """The position after the turn and its winner (Chronus may win another's turn)."""
    if state.power is not None:
        result, winner = close(state)
        return result, None if winner < 0 else result.lineup.players[winner]
    return finish(state), state.board.player if state.won else None


def finish(state: TurnState) -> Position:
    """The position after the turn: next player to move, Athena's block updated."""
    if state.power is not None:
        return close(state)[0]
    board = state.board
    me = board.to_move
    if board.out:
        following = board.next_player()
    else:
        following = me + 1 if me + 1 < len(board.lineup.players) else 0
    if state.moved_up and board.lineup.gods[me] is God.ATHENA:
        athena = me
    else:  # Athena's block lasts until her next turn begins
        athena = -1 if board.athena in (me, following) else board.athena
    return Position(
        board.l1,
        board.l2,
        board.l3,
        board.domes,
        board.workers,
        following,
        athena,
        board.out,
        board.lineup,
    )


def candidates(state: TurnState) -> list[Action]:
    """Every action the rules allow next, before checking the turn can be completed."""
    if state.power is not None:
        return power_turn.candidates(state)
    if state.won:
        return []
    board = state.board
    lineup = board.lineup
    god = lineup.gods[board.to_move]
    own = board.workers[lineup.sides[board.to_move]]
    up_ok = board.athena < 0 or not board.athena_blocks_mover
    if state.moves == 0:
        if state.prebuild >= 0:
            movers = own & NEIGHBOURS[state.prebuild]
            return [a for w in cells_of(movers) for a in _moves_from(board, w, up_ok=False)]
        if state.builds:
            return []
        actions = [a for w in cells_of(own) for a in _moves_from(board, w, up_ok)]
        if god is God.PROMETHEUS or god is God.HERMES:
            actions += _builds_around(board, own)
        return actions
    if state.builds == 0:
        actions = []
        if god is God.ARTEMIS and state.moves == 1:
            actions += _moves_from(board, state.worker, up_ok, exclude=state.origin)
        if god is God.HERMES and state.flat:
            actions += [a for w in cells_of(own) for a in _flat_moves(board, w)]
            return actions + _builds_around(board, own)
        return actions + _builds_around(board, 1 << state.worker)
    if state.builds == 1:
        if god is God.DEMETER:
            return [
                a for a in _builds_around(board, 1 << state.worker) if a.dst != state.last_build
            ]
        last = state.last_build
        if god is God.HEPHAESTUS and not board.domes >> last & 1 and board.height(last) <= 2:
            return [build(last)]
    return []


def opening_movers(state: TurnState) -> tuple[int, ...] | None:
    """The workers that may open the turn, so a random playout can pick the worker before
    generating its options (`opening_moves`); None once the turn has begun."""
    if state.actions or state.power is not None:
        return None
    board = state.board
    return cells_of(board.workers[board.lineup.sides[board.to_move]])


def opening_moves(state: TurnState, worker: int) -> list[Action]:
    """The actions `worker` (one of `opening_movers`) may open the turn with: its moves,
    and for Prometheus and Hermes its builds before (or without) moving. Together, the
    workers' lists are `candidates(state)`."""
    board = state.board
    moves = _moves_from(board, worker, board.athena < 0 or not board.athena_blocks_mover)
    god = board.lineup.gods[board.to_move]
    if god is God.PROMETHEUS or god is God.HERMES:
        moves += _builds_around(board, 1 << worker)
    return moves


def _moves_from(board: Position, cell: int, up_ok: bool, exclude: int = -1) -> list[Action]:
    lineup = board.lineup
    workers = board.workers
    occupied = 0
    for side_workers in workers:
        occupied |= side_workers
    # Cells too high to step onto from each height, moving up one level or not at all.
    too_high = (board.l2, board.l3, 0, 0) if up_ok else (board.l1, board.l2, board.l3, 0)
    height = (board.l1 >> cell & 1) + (board.l2 >> cell & 1) + (board.l3 >> cell & 1)
    reach = NEIGHBOURS[cell] & ~(board.domes | too_high[height])
    targets = reach & ~occupied
    opponents = reach & occupied & ~workers[lineup.sides[board.to_move]]
    if opponents:
        god = lineup.gods[board.to_move]
        if god is God.APOLLO:
            targets |= opponents
        elif god is God.MINOTAUR:
            blocked = occupied | board.domes
            for target in cells_of(opponents):
                landing = beyond(cell, target)
                if landing >= 0 and not blocked >> landing & 1:
                    targets |= 1 << target
    if exclude >= 0:
        targets &= ~(1 << exclude)
    moves = MOVES[cell]
    return [moves[target] for target in cells_of(targets)]


def _flat_moves(board: Position, cell: int) -> list[Action]:
    level = board.exactly(board.height(cell))
    targets = NEIGHBOURS[cell] & level & ~board.occupied & ~board.domes
    moves = MOVES[cell]
    return [moves[target] for target in cells_of(targets)]


def _builds_around(board: Position, builders: int) -> list[Action]:
    area = 0
    for cell in cells_of(builders):
        area |= NEIGHBOURS[cell]
    for side_workers in board.workers:
        area &= ~side_workers
    free = area & ~board.domes
    builds = [BUILDS[c] for c in cells_of(free & ~board.l3)]
    domable = free if board.lineup.gods[board.to_move] is God.ATLAS else free & board.l3
    if domable:
        builds += [DOMES[c] for c in cells_of(domable)]
    return builds


def apply_action(state: TurnState, action: Action) -> TurnState:
    """The state after `action`, which must come from `candidates(state)`.

    Built with the constructors rather than `_replace`: this is the engine's hot path."""
    if state.power is not None:
        return power_turn.apply(state, action)
    if action.kind == MOVE:
        return _apply_move(state, action)
    board = state.board
    board = board.with_dome(action.dst) if action.kind == DOME else board.with_block(action.dst)
    actions = (*state.actions, action)
    s = state
    if s.moves == 0 and board.lineup.gods[board.to_move] is God.PROMETHEUS:
        return TurnState(
            board,
            actions,
            s.worker,
            s.origin,
            0,
            s.builds,
            s.last_build,
            action.dst,
            s.flat,
            s.moved_up,
            s.won,
        )
    return TurnState(
        board,
        actions,
        s.worker,
        s.origin,
        s.moves,
        s.builds + 1,
        action.dst,
        s.prebuild,
        s.flat,
        s.moved_up,
        s.won,
    )


def _apply_move(state: TurnState, move: Action) -> TurnState:
    src, dst = move.src, move.dst
    board = state.board
    lineup = board.lineup
    god = lineup.gods[board.to_move]
    workers = list(board.workers)
    workers[lineup.sides[board.to_move]] ^= 1 << src | 1 << dst
    if god is God.APOLLO or god is God.MINOTAUR:
        forced_side = board.side_at(dst)
        if forced_side >= 0:  # a swap or a push: the forced worker never wins
            landing = src if god is God.APOLLO else beyond(src, dst)
            workers[forced_side] ^= 1 << dst | 1 << landing
    l1, l2, l3 = board.l1, board.l2, board.l3
    start = (l1 >> src & 1) + (l2 >> src & 1) + (l3 >> src & 1)
    end = (l1 >> dst & 1) + (l2 >> dst & 1) + (l3 >> dst & 1)
    won = (end == 3 and start < 3) or (god is God.PAN and start - end >= 2)
    moved = Position(
        board.l1,
        board.l2,
        board.l3,
        board.domes,
        tuple(workers),
        board.to_move,
        board.athena,
        board.out,
        board.lineup,
    )
    return TurnState(
        moved,
        (*state.actions, move),
        dst,
        state.origin if src == state.worker else src,
        state.moves + 1,
        state.builds,
        state.last_build,
        state.prebuild,
        state.flat and start == end,
        state.moved_up or end > start,
        won,
    )


def state_key(state: TurnState) -> tuple[object, ...]:
    """What decides a Hermes turn's future: repeated shuffles of workers lead here again."""
    if state.power is not None:  # Hermes' and Triton's walks: the state without its path
        return (power_turn.state_key(state),)
    return (
        state.board,
        state.flat,
        state.moves > 0,
        state.builds,
        state.won,
        -1 if state.flat else state.worker,
    )


def completable(state: TurnState) -> bool:
    """Some sequence of legal actions from here completes the turn."""
    if state.power is not None:
        return bool(power_turn.endings(state, first=True))
    return _completable(state, set() if state.god is God.HERMES else None)


def _completable(state: TurnState, seen: set[tuple[object, ...]] | None) -> bool:
    if can_end(state):
        return True
    if seen is not None:
        key = state_key(state)
        if key in seen:
            return False
        seen.add(key)
    options = candidates(state)
    # Builds first: one usually completes the turn at once, while Hermes' moves can wander.
    options.sort(key=_is_move)
    return any(_completable(apply_action(state, a), seen) for a in options)


def _is_move(action: Action) -> bool:
    return action.kind == MOVE


def legal_actions(state: TurnState) -> list[Action]:
    """The actions that may come next and still lead to a complete turn."""
    return [a for a in candidates(state) if completable(apply_action(state, a))]


def play(state: TurnState, action: Action) -> TurnState:
    """Apply `action` after checking it; raises `IllegalActionError` saying why not."""
    legal = legal_actions(state)
    if action in legal:
        return apply_action(state, action)
    if state.won:
        raise IllegalActionError(f"{action}: the turn is over, {state.board.player} has won")
    if action.kind == BUILD and dome(action.dst) in legal:
        return apply_action(state, dome(action.dst))
    if not legal:
        raise IllegalActionError(f"{action}: the turn is complete, nothing more may be done")
    allowed = " ".join(a.text() for a in legal)
    raise IllegalActionError(f"{action} is not legal here (legal: {allowed})")
