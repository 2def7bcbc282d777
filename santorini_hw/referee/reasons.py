"""The rule an illegal board breaks, in a player's words.

The referee's error lists cells that differ from the expected board ("a1: expected no
worker, found one"): exact, but it says what is wrong, not why. `explain` reads the same
difference as the players' intent (a worker went from one cell to another, a piece was
added) and names the rule that forbids it in the turn as it stands: "a worker cannot
climb two levels", "Athena moved up: no moving up this turn". It answers None when the
board shows no single intent (pieces knocked over, a worker still in the air).
"""

from __future__ import annotations

from santorini_hw.referee.board_view import BoardView, level_of, position_view
from santorini_hw.rules.actions import move
from santorini_hw.rules.cells import CELL_COUNT, NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.turn import TurnState, apply_action, can_end, legal_actions


def explain(turn: TurnState, found: BoardView) -> str | None:
    """The rule broken by going from `turn` (the legal part of the turn so far) to the
    board `found`, or None when the difference reads as no single move or build."""
    expected = position_view(turn.board)
    gone = cells_of(expected.workers & ~found.workers)
    arrived = cells_of(found.workers & ~expected.workers)
    raised, lowered = _changed_buildings(expected, found)
    if lowered:
        return "a piece once built stays: put it back"
    if len(gone) == 1 and len(arrived) == 1:
        source, destination = gone[0], arrived[0]
        reason = _move_reason(turn, source, destination)
        if reason is not None or not raised:
            return reason
        stepped = move(source, destination)
        if stepped not in legal_actions(turn):
            return None
        turn = apply_action(turn, stepped)
    elif gone or arrived:
        return None
    if len(raised) == 1:
        return _build_reason(turn, raised[0], expected, found)
    return "build one piece at a time" if raised else None


def _changed_buildings(expected: BoardView, found: BoardView) -> tuple[list[int], list[int]]:
    raised, lowered = [], []
    for cell in range(CELL_COUNT):
        want, got = level_of(expected.buildings, cell), level_of(found.buildings, cell)
        want += expected.buildings.domes >> cell & 1
        got += found.buildings.domes >> cell & 1
        if got > want:
            raised.append(cell)
        elif got < want:
            lowered.append(cell)
    return raised, lowered


def _move_reason(turn: TurnState, source: int, destination: int) -> str | None:
    board = turn.board
    player = board.player
    owner = board.side_at(source)
    additional = turn.power is not None and turn.power.powers.additional
    if owner >= 0 and (owner != board.side) != additional:
        if additional:
            return f"{player}'s extra turn (Dionysus) moves an opponent's worker"
        return f"it is {player}'s turn: move one of {player}'s workers"
    god = turn.god  # the power held now (Chaos' face-up god, Circe's borrowed one)
    if turn.moves and god is not God.HERMES:
        if turn.builds or not (god is God.ARTEMIS and turn.moves == 1):
            return "the worker has moved: now build" if not turn.builds else "the turn is done"
        if source != turn.worker:
            return "Artemis moves the same worker again"
    if not NEIGHBOURS[source] >> destination & 1:
        return "a worker moves one space, to a neighbouring space"
    if board.domes >> destination & 1:
        return "a worker cannot move onto a dome"
    rise = board.height(destination) - board.height(source)
    if rise >= 2:
        return "a worker cannot climb two levels"
    if rise == 1 and board.athena_blocks_mover:
        return "Athena moved up: no moving up this turn"
    if rise == 1 and turn.prebuild >= 0:
        return "Prometheus built before moving: no moving up this turn"
    if destination == turn.origin:
        return "Artemis cannot move back to the space she started from"
    return None


def _build_reason(turn: TurnState, cell: int, expected: BoardView, found: BoardView) -> str | None:
    board = turn.board
    god = turn.god  # the power held now (Chaos' face-up god, Circe's borrowed one)
    if not turn.moves and god not in (God.PROMETHEUS, God.HERMES):
        return "move a worker first, then build"
    domed = bool(found.buildings.domes >> cell & 1)
    added = level_of(found.buildings, cell) - level_of(expected.buildings, cell) + domed
    if added > 1:
        return "build one piece at a time"
    if domed and board.height(cell) < 3 and god is not God.ATLAS:
        return "a dome goes only on a level-3 tower"
    builders = 1 << turn.worker if turn.moves else board.workers[board.side]
    if not any(NEIGHBOURS[c] >> cell & 1 for c in cells_of(builders)):
        return "build next to the worker that moved"
    if turn.builds and god is God.DEMETER and cell == turn.last_build:
        return "Demeter's second build cannot be on the same space"
    if turn.builds and god is God.HEPHAESTUS:
        return "Hephaestus builds again only on the same space, and not a dome"
    if can_end(turn) and not legal_actions(turn):
        return "this turn's build is made: the turn is done"
    return None
