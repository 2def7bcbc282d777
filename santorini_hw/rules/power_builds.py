"""Builds of an advanced turn: the options each power gives (Atlas' and Selene's domes,
Zeus under himself, Demeter, Hephaestus and Hestia's second build, Morpheus' several,
Poseidon's and Ares' end-of-turn actions) under Limus' ban, and what a build does
(Dionysus' towers, Chaos' domes, Chronus' five towers)."""

from __future__ import annotations

from santorini_hw.rules.actions import BUILDS, DOME, DOMES, UNBUILD, Action
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_moves import PERIMETER
from santorini_hw.rules.turn_state import TurnState


def limus_ban(state: TurnState, builder: int) -> int:
    """Cells where `builder` may build nothing but a dome on level 3 (Limus' neighbours)."""
    assert state.power is not None
    limus = state.power.powers.limus
    board = state.board
    if limus < 0:
        return 0
    return banned_by(board.workers[board.lineup.sides[limus]], builder)


def banned_by(mine: int, builder: int) -> int:
    """The cells next to Limus' workers `mine`, where `builder` may build nothing but a
    dome on level 3 (nothing is banned to his own workers; -1: no builder)."""
    if builder >= 0 and mine >> builder & 1:
        return 0
    banned = 0
    for cell in cells_of(mine):
        banned |= NEIGHBOURS[cell]
    return banned


def normal_builds(state: TurnState, builder: int, any_dome: bool = False) -> list[Action]:
    """A block on level 0-2 or a dome on level 3 next to `builder` (`any_dome`: Atlas)."""
    board = state.board
    free = NEIGHBOURS[builder] & ~board.occupied & ~board.domes
    banned = limus_ban(state, builder)
    found = [BUILDS[c] for c in cells_of(free & ~board.l3 & ~banned)]
    domable = free if any_dome else free & board.l3
    return found + [DOMES[c] for c in cells_of(domable & ~(banned & ~board.l3))]


def main_builds(state: TurnState) -> list[Action]:
    """The turn's build after moving, shaped by the mover's power."""
    assert state.power is not None
    power = state.power
    god = power.powers.god
    worker = state.worker
    board = state.board
    found = normal_builds(state, worker, any_dome=god is God.ATLAS)
    if god is God.ZEUS and board.height(worker) <= 2 and not limus_ban(state, worker) >> worker & 1:
        found.append(BUILDS[worker])
    female = power.female
    if god is God.SELENE and female >= 0 and board.workers[board.side] >> female & 1:
        low = [a for a in normal_builds(state, female, any_dome=True) if a.kind == DOME]
        found += [a for a in low if a not in found]
    return found


def more_builds(state: TurnState) -> list[Action]:
    """Optional builds after the first (Demeter, Hephaestus, Hestia; Morpheus' tokens)."""
    assert state.power is not None
    god = state.power.powers.god
    worker, last = state.worker, state.last_build
    board = state.board
    if god is God.MORPHEUS:
        return normal_builds(state, worker) if state.builds < state.power.powers.tokens else []
    if state.builds != 1 or state.power.ending:
        return []
    if god is God.DEMETER:
        return [a for a in normal_builds(state, worker) if a.dst != last]
    if god is God.HESTIA:
        return [a for a in normal_builds(state, worker) if not PERIMETER >> a.dst & 1]
    if god is God.HEPHAESTUS and not board.domes >> last & 1 and board.height(last) <= 2:
        return [a for a in normal_builds(state, worker) if a.dst == last and a.kind != DOME]
    return []


def unmoved_worker(state: TurnState) -> int:
    """The mover's worker not selected this turn, -1 with a single worker."""
    board = state.board
    others = board.workers[board.side] & ~(1 << state.worker)
    cells = cells_of(others)
    return cells[0] if len(cells) == 1 and state.worker >= 0 else -1


def end_actions(state: TurnState) -> list[Action]:
    """Ares' optional removal, Poseidon's optional builds (end of the mover's turn)."""
    assert state.power is not None
    god = state.power.powers.god
    ending = state.power.ending
    unmoved = unmoved_worker(state)
    if unmoved < 0:
        return []
    board = state.board
    if god is God.ARES and not ending:
        cells = NEIGHBOURS[unmoved] & ~board.occupied & ~board.domes & board.l1
        return [Action(UNBUILD, -1, cell) for cell in cells_of(cells)]
    if god is God.POSEIDON and ending < 3 and board.height(unmoved) == 0:
        return normal_builds(state, unmoved)
    return []


def built(board: Position, action: Action) -> Position:
    """The board after a build or Ares' removal."""
    cell = action.dst
    if action.kind == DOME:
        return board._replace(domes=board.domes | 1 << cell)
    if action.kind == UNBUILD:
        bit = ~(1 << cell)
        if board.l3 >> cell & 1:
            return board._replace(l3=board.l3 & bit)
        if board.l2 >> cell & 1:
            return board._replace(l2=board.l2 & bit)
        return board._replace(l1=board.l1 & bit)
    return board.with_block(cell)


def complete_towers(board: Position) -> int:
    return (board.l3 & board.domes).bit_count()
