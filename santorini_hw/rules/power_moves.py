"""Move steps of an advanced turn: which steps are possible, and what one does (Apollo's
swap, Minotaur's push, Charon's ferry, Bia's removal, the win checks with Pan, Eros and
Hera, and the bookkeeping of Selene's female and Aphrodite's constrained workers)."""

from __future__ import annotations

from santorini_hw.rules.actions import FERRY, MOVES, Action
from santorini_hw.rules.cells import NEIGHBOURS, beyond, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import moved, targets
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_state import Powers, PowerTurn
from santorini_hw.rules.turn_state import TurnState

PERIMETER = sum(1 << cell for cell in range(25) if cell % 5 in (0, 4) or cell // 5 in (0, 4))


def step_options(state: TurnState, cell: int, god: God | None, exclude: int = -1) -> list[Action]:
    """Steps of the worker on `cell` (its owner's side, `god`'s swap or push)."""
    board = state.board
    assert state.power is not None
    powers = state.power.powers
    side = board.side_at(cell)
    up_ok = powers.up_ok and state.prebuild < 0
    found = targets(board[:4], board.workers, side, cell, god, up_ok=up_ok)
    if exclude >= 0:
        found &= ~(1 << exclude)
    return [MOVES[cell][target] for target in cells_of(found)]


def ferries(board: Position, charon: int) -> list[Action]:
    """Charon: each neighbouring opponent worker to the free cell across his worker."""
    opponents = NEIGHBOURS[charon] & board.occupied & ~board.workers[board.side]
    found = []
    for cell in cells_of(opponents):
        landing = beyond(cell, charon)
        if landing >= 0 and not (board.occupied | board.domes) >> landing & 1:
            found.append(Action(FERRY, cell, landing))
    return found


def relocate(power: PowerTurn, src: int, dst: int) -> PowerTurn:
    """A worker went from `src` to `dst`: Selene's female follows."""
    if power.female == src:
        return power._replace(female=dst)
    return power


def remove_worker(board: Position, power: PowerTurn, cell: int) -> tuple[Position, PowerTurn]:
    """A worker leaves the board (Bia, Medusa); its player is out without workers, and the
    mover wins when no other player has a worker left."""
    side = board.side_at(cell)
    workers = list(board.workers)
    workers[side] &= ~(1 << cell)
    out = board.out | (1 << side if not workers[side] else 0)
    board = board._replace(workers=tuple(workers), out=out)
    if power.female == cell:
        power = power._replace(female=-1)
    if power.powers.aphrodite == side:
        power = power._replace(removed=power.removed | 1 << cell)
    others = [w for s, w in enumerate(workers) if s != board.side]
    if not any(others):
        power = power._replace(winner=board.to_move)
    return board, power


def apply_step(state: TurnState, step: Action) -> TurnState:
    """The state after a move step by the mover's own (or, in an additional turn, the
    controlled) worker."""
    src, dst = step.src, step.dst
    board = state.board
    power = state.power
    assert power is not None
    powers = power.powers
    god = powers.god
    side = board.side_at(src)
    start, end = board.height(src), board.height(dst)
    forced = board.side_at(dst)
    board = board._replace(workers=moved(board.workers, side, src, dst, god))
    power = relocate(power, src, dst)
    if forced >= 0:  # Apollo's swap or Minotaur's push moves Selene's female too
        power = relocate(power, dst, src if god is God.APOLLO else beyond(src, dst))
    if (power.constrained | power.strayed) >> src & 1:
        power = power._replace(
            constrained=power.constrained & ~(1 << src),
            strayed=power.strayed & ~(1 << src) | 1 << dst,
        )
    if god is God.BIA:
        victim = beyond(src, dst)
        if victim >= 0 and (board.occupied & ~board.workers[side]) >> victim & 1:
            board, power = remove_worker(board, power, victim)
    if power.winner < 0 and not powers.additional and _wins(board, step, start, end, powers):
        power = power._replace(winner=board.to_move)
    return state._replace(
        board=board,
        actions=(*state.actions, step),
        worker=dst,
        origin=state.origin if src == state.worker else src,
        moves=min(state.moves + 1, 2),  # only 0, 1 or more matter: Triton's walks end
        flat=state.flat and start == end,
        moved_up=state.moved_up or end > start,
        won=power.winner >= 0,
        power=power,
    )


def _wins(board: Position, step: Action, start: int, end: int, powers: Powers) -> bool:
    god = powers.god
    won = (end == 3 and start < 3) or (god is God.PAN and start - end >= 2)
    if not won and god is God.EROS:
        won = _eros(board)
    if won and powers.hera >= 0 and PERIMETER >> step.dst & 1:
        return False
    return won


def _eros(board: Position) -> bool:
    """Two workers side by side on level 1 (three players: on any same level)."""
    cells = board.worker_cells(board.side)
    if len(cells) != 2 or not NEIGHBOURS[cells[0]] >> cells[1] & 1:
        return False
    first, second = board.height(cells[0]), board.height(cells[1])
    if len(board.lineup.players) == 3:
        return first == second
    return first == second == 1
