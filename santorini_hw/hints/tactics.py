"""Where workers can go and where they would win, straight from the bitboards.

The search asks "can the player to move win right now?" at every node it visits, and the
evaluation asks "where does each player threaten to win?": both must be far cheaper than
generating turns. `winning_cells` answers both; the tests check that it agrees exactly
with the rules core's `winning_turn_exists` on random positions for every god.

`cannot_move` is the other quick verdict: a player none of whose workers can move has no
legal turn (Hermes: nor a cell to build on without moving), so at its turn it loses.

Only moves win (climbing onto level 3, or Pan's drop of two levels), and a build never
enables a win later in the same turn, so only the move steps matter: one move, or two for
Artemis. Apollo and Minotaur may also step onto an opponent's cell.
"""

from __future__ import annotations

from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import targets
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_outcomes import power_turn_exists, power_win_exists


def move_targets(position: Position, cell: int, side: int, god: God | None, up_ok: bool) -> int:
    """Bitboard of cells `side`'s worker on `cell` may move to (one step, with `god`'s reach)."""
    board = (position.l1, position.l2, position.l3, position.domes)
    return targets(board, position.workers, side, cell, god, up_ok=up_ok)


def winning_cells(position: Position, player: int, up_ok: bool) -> int:
    """Bitboard of cells `player` could move onto this turn to win (if it were their turn).

    `up_ok` is False while an opposing Athena's block is in force. For Artemis a cell
    reached by her second move counts; for Pan, the cells of a two-level drop count."""
    god = position.lineup.gods[player]
    side = position.lineup.sides[player]
    wins = 0
    for cell in cells_of(position.workers[side]):
        targets = move_targets(position, cell, side, god, up_ok)
        wins |= worker_wins(position, cell, targets, god, up_ok)
    return wins


def worker_wins(position: Position, cell: int, targets: int, god: God | None, up_ok: bool) -> int:
    """The winning cells of the worker on `cell`, given its `move_targets`."""
    height = (position.l1 >> cell & 1) + (position.l2 >> cell & 1) + (position.l3 >> cell & 1)
    level3 = position.l3 & ~position.domes
    wins = 0
    if height == 2:  # climbing wins; a worker already on level 3 (set-up only) cannot
        wins = targets & level3
    if god is God.PAN and height >= 2:
        wins |= targets & position.at_most(height - 2)
    elif god is God.ARTEMIS and up_ok and height >= 1:
        free_level3 = level3 & ~position.occupied & ~(1 << cell)
        for middle in cells_of(targets & position.l2 & ~position.l3):
            wins |= NEIGHBOURS[middle] & free_level3
    return wins


def can_win_now(position: Position) -> bool:
    """The player to move has a winning turn (agrees with `turns.winning_turn_exists`).

    Asked at every node of the search: for gods other than Pan and Artemis it first
    checks the one way to win, a level-2 worker next to an undomed level-3 cell. With an
    advanced god in the game (wins by removal, Chronus' towers, Hera's edge) the
    advanced gods' bitboard walk answers (`power_outcomes.power_win_exists`)."""
    _, l2, l3, domes, workers, me, athena, _, lineup, cards = position
    if cards is not None:
        return power_win_exists(position)
    up_ok = athena < 0 or lineup.sides[athena] == lineup.sides[me]
    god = lineup.gods[me]
    if god is not God.PAN and god is not God.ARTEMIS:
        if not up_ok:
            return False
        goals = l3 & ~domes
        near = 0
        for cell in cells_of(workers[lineup.sides[me]] & l2 & ~l3):
            near |= NEIGHBOURS[cell] & goals
        if not near:
            return False
    return winning_cells(position, me, up_ok) != 0


def cannot_move(position: Position) -> bool:
    """No worker of the player to move can move (and a Hermes player cannot build either):
    they have no legal turn. Sound, not complete: an Apollo player whose every swap leaves
    no build is stuck too, and this says False. With an advanced god in the game the
    bitboard walk answers exactly."""
    _, _, _, domes, workers, me, athena, _, lineup, cards = position
    if cards is not None:
        return not power_turn_exists(position)
    side = lineup.sides[me]
    god = lineup.gods[me]
    up_ok = athena < 0 or lineup.sides[athena] == side
    occupied = 0
    for side_workers in workers:
        occupied |= side_workers
    for cell in cells_of(workers[side]):
        if god is God.HERMES and NEIGHBOURS[cell] & ~(occupied | domes):
            return False
        if move_targets(position, cell, side, god, up_ok):
            return False
    return True
