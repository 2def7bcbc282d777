"""What the board shows, in the terms the sensors can see, and how two views differ.

A `BoardView` is what a position looks like to the sensors: building levels, domes and
which cells hold a worker (and whose, where the sensors can tell players apart). The
referee compares the view of each legal state with the settled observation.
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.rules.cells import CELL_COUNT, cell_name
from santorini_hw.rules.position import Position
from santorini_hw.sensing.observation import Observation


class Buildings(NamedTuple):
    l1: int
    l2: int
    l3: int
    domes: int


class BoardView(NamedTuple):
    buildings: Buildings
    workers: int
    """Bitboard of occupied cells."""
    owners: tuple[tuple[str, int], ...] = ()
    """(player, bitboard) pairs, only where the sensors tell players apart."""


def position_view(position: Position, with_owners: bool = False) -> BoardView:
    buildings = Buildings(position.l1, position.l2, position.l3, position.domes)
    owners: tuple[tuple[str, int], ...] = ()
    if with_owners:
        lineup = position.lineup
        owners = tuple(
            sorted((lineup.members(side)[0], mask) for side, mask in enumerate(position.workers))
        )
    return BoardView(buildings, position.occupied, owners)


def observed_view(observation: Observation, with_owners: bool = False) -> BoardView:
    l1 = l2 = l3 = domes = workers = 0
    players: dict[str, int] = {}
    for cell, seen in enumerate(observation.cells):
        bit = 1 << cell
        l1 |= bit if seen.level >= 1 else 0
        l2 |= bit if seen.level >= 2 else 0
        l3 |= bit if seen.level >= 3 else 0
        domes |= bit if seen.dome else 0
        if seen.worker:
            workers |= bit
            if seen.player is not None:
                players[seen.player] = players.get(seen.player, 0) | bit
    owners = tuple(sorted(players.items())) if with_owners else ()
    return BoardView(Buildings(l1, l2, l3, domes), workers, owners)


def changed_cells(old: Buildings, new: Buildings) -> int:
    """Cells whose pieces differ (a bitboard)."""
    changed = 0
    for low, high in zip(old, new, strict=True):
        changed |= low ^ high
    return changed


def without_top_piece(buildings: Buildings, cell: int) -> Buildings:
    """`buildings` with the top piece of `cell` taken off (its dome, else its top block)."""
    bit = 1 << cell
    if buildings.domes & bit:
        return buildings._replace(domes=buildings.domes & ~bit)
    for name in ("l3", "l2", "l1"):
        if getattr(buildings, name) & bit:
            return buildings._replace(**{name: getattr(buildings, name) & ~bit})
    return buildings


def level_of(buildings: Buildings, cell: int) -> int:
    return (buildings.l1 >> cell & 1) + (buildings.l2 >> cell & 1) + (buildings.l3 >> cell & 1)


class CellFix(NamedTuple):
    """One cell that differs from the expected board, and what to do about it."""

    cell: int
    kind: str
    """"remove_worker", "place_worker", "remove_piece" or "add_piece"."""
    message: str


def differences(expected: BoardView, found: BoardView) -> list[CellFix]:
    """Every differing cell, in the order to fix them: removals first, then additions."""
    fixes: list[CellFix] = []
    for cell in range(CELL_COUNT):
        name = cell_name(cell)
        want_level, got_level = level_of(expected.buildings, cell), level_of(found.buildings, cell)
        want_dome = bool(expected.buildings.domes >> cell & 1)
        got_dome = bool(found.buildings.domes >> cell & 1)
        if got_dome and not want_dome:
            fixes.append(CellFix(cell, "remove_piece", f"{name}: expected no dome, found a dome"))
        elif want_dome and not got_dome:
            fixes.append(CellFix(cell, "add_piece", f"{name}: expected a dome, found none"))
        if want_level != got_level:
            kind = "remove_piece" if got_level > want_level else "add_piece"
            fixes.append(
                CellFix(cell, kind, f"{name}: expected level {want_level}, found {got_level}")
            )
        want_worker, got_worker = expected.workers >> cell & 1, found.workers >> cell & 1
        if got_worker and not want_worker:
            fixes.append(CellFix(cell, "remove_worker", f"{name}: expected no worker, found one"))
        elif want_worker and not got_worker:
            fixes.append(CellFix(cell, "place_worker", f"{name}: expected a worker, found none"))
    order = {"remove_worker": 0, "remove_piece": 1, "add_piece": 2, "place_worker": 3}
    return sorted(fixes, key=lambda fix: order.get(fix.kind, 4))
