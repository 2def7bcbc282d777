"""Whole-turn outcomes straight from the bitboards: the search's hot path.

`turns.generate_turns` walks `turn.py`'s action-by-action state machine and keeps every
turn's actions: right for the command line and the referee, but the search only needs
the positions a turn can lead to, at tens of thousands of nodes a second. Here each god's
turn shape is written out as loops over bitboards (worker, move, build; Artemis' second
move, Demeter's and Hephaestus' second build, Atlas' domes, Prometheus' build before
moving, Hermes' walk of both workers on their level, Apollo's swap, Minotaur's push).

Only turns that do not win are listed: the search asks `can_win_now` first, and a node
whose player can win is decided without its children. The tests check that the result is
exactly the set of non-winning `generate_turns` results, for every god and player count.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from santorini_hw.rules.cells import ALL_CELLS, NEIGHBOURS, beyond, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position

try:
    from santorini_hw.rules import _hermes
except ImportError:  # installed without a C compiler: Python walks
    _hermes = None  # type: ignore[assignment]
else:
    _hermes.configure(NEIGHBOURS)

Board = tuple[int, int, int, int]
"""l1, l2, l3, domes."""

BEYOND: tuple[tuple[int, ...], ...] = tuple(
    tuple(beyond(src, dst) if NEIGHBOURS[src] >> dst & 1 else -1 for dst in range(25))
    for src in range(25)
)
"""`beyond(src, dst)` for neighbours (Minotaur's landing cell), -1 off the board."""


def height_of(l1: int, l2: int, l3: int, cell: int) -> int:
    return (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)


def targets(
    board: Board, workers: tuple[int, ...], side: int, cell: int, god: God | None, *, up_ok: bool
) -> int:
    """Cells the worker on `cell` may step onto (Apollo and Minotaur: opponents' cells too)."""
    l1, l2, l3, domes = board
    height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
    if up_ok:
        too_high = l2 if height == 0 else l3 if height == 1 else 0
    else:
        too_high = l1 if height == 0 else l2 if height == 1 else l3 if height == 2 else 0
    reach = NEIGHBOURS[cell] & ~(domes | too_high)
    occupied = 0
    for side_workers in workers:
        occupied |= side_workers
    found = reach & ~occupied
    if god is God.APOLLO or god is God.MINOTAUR:
        opponents = reach & occupied & ~workers[side]
        if god is God.APOLLO:
            found |= opponents
        else:
            blocked = occupied | domes
            landings = BEYOND[cell]
            for target in cells_of(opponents):
                landing = landings[target]
                if landing >= 0 and not blocked >> landing & 1:
                    found |= 1 << target
    return found


def winning(board: Board, cell: int, god: God | None) -> int:
    """Cells a move from `cell` would win on (climbing to level 3; Pan's two-level drop)."""
    l1, l2, l3, domes = board
    height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
    wins = l3 & ~domes if height == 2 else 0
    if god is God.PAN and height >= 2:
        wins |= ALL_CELLS & ~(l1 if height == 2 else l2)
    return wins


def moved(
    workers: tuple[int, ...], side: int, src: int, dst: int, god: God | None
) -> tuple[int, ...]:
    """The workers after `side`'s worker steps from `src` to `dst` (swapping or pushing)."""
    if len(workers) == 2 and god is not God.APOLLO and god is not God.MINOTAUR:
        bits = 1 << src | 1 << dst
        return (workers[0] ^ bits, workers[1]) if side == 0 else (workers[0], workers[1] ^ bits)
    changed = list(workers)
    changed[side] ^= 1 << src | 1 << dst
    if god is God.APOLLO or god is God.MINOTAUR:
        bit = 1 << dst
        for other, other_workers in enumerate(workers):
            if other != side and other_workers & bit:
                landing = src if god is God.APOLLO else BEYOND[src][dst]
                changed[other] ^= bit | 1 << landing
    return tuple(changed)


def built(board: Board, cell: int, dome: bool) -> Board:
    """The buildings after a block (or a dome) on `cell`."""
    l1, l2, l3, domes = board
    bit = 1 << cell
    if dome:
        return l1, l2, l3, domes | bit
    if not l1 & bit:
        return l1 | bit, l2, l3, domes
    if not l2 & bit:
        return l1, l2 | bit, l3, domes
    return l1, l2, l3 | bit, domes


def build_area(board: Board, workers: tuple[int, ...], builders: int) -> int:
    """Free, undomed cells next to any worker in `builders`."""
    area = 0
    for cell in cells_of(builders):
        area |= NEIGHBOURS[cell]
    for side_workers in workers:
        area &= ~side_workers
    return area & ~board[3]


def builds(board: Board, area: int, god: God | None) -> list[Board]:
    """Every way to finish a turn by building in `area`: one build, and Demeter's second
    build elsewhere or Hephaestus' second block on the same cell."""
    found: list[Board] = []
    l3 = board[2]
    for cell in cells_of(area):
        capped = l3 >> cell & 1
        after = built(board, cell, bool(capped))
        found.append(after)
        if god is God.ATLAS and not capped:
            found.append(built(board, cell, True))
        elif god is God.DEMETER:
            for second in cells_of(area >> cell + 1 << cell + 1):
                found.append(built(after, second, bool(l3 >> second & 1)))
        elif god is God.HEPHAESTUS and not board[1] >> cell & 1:
            found.append(built(after, cell, False))
    return found


def after_turn(position: Position) -> tuple[int, int]:
    """Who moves after this turn, and Athena's block then unless she moves up now
    (as `turn.finish`: it lasts until her next turn begins)."""
    me = position.to_move
    if position.out:
        following = position.next_player()
    else:
        following = me + 1 if me + 1 < len(position.lineup.players) else 0
    athena = position.athena
    return following, -1 if athena in (me, following) else athena


def finish(position: Position, board: Board, workers: tuple[int, ...], moved_up: bool) -> Position:
    """The position after the turn: next player, Athena's block (`moved_up`: by Athena),
    the cards as they were (a plain turn's in a game with advanced gods: the caller
    brings them up to date)."""
    following, athena = after_turn(position)
    athena = position.to_move if moved_up else athena
    fields = (*board, workers, following, athena, position.out, position.lineup, position.cards)
    return tuple.__new__(Position, fields)  # skips NamedTuple's argument parsing: a hot path


def quiet_outcomes(position: Position) -> list[Position]:
    """The position after every legal turn of the player to move that does not win, one per
    distinct outcome, in a fixed order. Simple gods only (`position.cards` is None):
    `turns.quiet_results` covers every god."""
    board, workers, side, god, up_ok = mover(position)
    found: dict[tuple[Board, tuple[int, ...], bool], None] = {}
    for cell in cells_of(workers[side]):
        _moves_from(found, board, workers, side, cell, god=god, up_ok=up_ok)
    if god is God.PROMETHEUS:
        for before, worker in prometheus_starts(board, workers, side):
            _moves_from(found, before, workers, side, worker, god=god, up_ok=False)
    elif god is God.HERMES:
        for placement in hermes_placements(board, workers, side):
            for result in builds(board, build_area(board, placement, placement[side]), god):
                found[result, placement, False] = None
    return positions_after(position, found)


def worker_outcomes(position: Position, cell: int, to: int = ALL_CELLS) -> list[Position]:
    """The part of `quiet_outcomes` that moves the worker on `cell` (first to a cell of
    `to`), in the same order: every god but Prometheus and Hermes (whose turns are not one
    worker's) lists its outcomes worker by worker, lowest cell first, and no two workers
    share one; but for Artemis (two moves reach a cell by several ways) the same holds
    for the cells moved to."""
    board, workers, side, god, up_ok = mover(position)
    found: dict[tuple[Board, tuple[int, ...], bool], None] = {}
    _moves_from(found, board, workers, side, cell, god=god, up_ok=up_ok, to=to)
    return positions_after(position, found)


def mover(position: Position) -> tuple[Board, tuple[int, ...], int, God | None, bool]:
    """The board, the workers, and the player to move's side and god, and whether they may
    move up (Athena)."""
    l1, l2, l3, domes, workers, me, athena, _, lineup, _ = position
    side = lineup.sides[me]
    up_ok = athena < 0 or lineup.sides[athena] == side
    return (l1, l2, l3, domes), workers, side, lineup.gods[me], up_ok


def positions_after(
    position: Position, found: Iterable[tuple[Board, tuple[int, ...], bool]]
) -> list[Position]:
    """The positions after `position`'s turns that led to the `found` boards and workers
    (and whether Athena moved up)."""
    me, lineup, out, cards = position.to_move, position.lineup, position.out, position.cards
    following, stays = after_turn(position)
    new = tuple.__new__
    return [
        new(Position, (*b, w, following, me if up else stays, out, lineup, cards))
        for b, w, up in found
    ]


def worker_moves(
    board: Board,
    workers: tuple[int, ...],
    side: int,
    cell: int,
    *,
    god: God | None,
    up_ok: bool,
    to: int = ALL_CELLS,
    origin: int = -1,
) -> Iterator[tuple[int, tuple[int, ...], bool]]:
    """Non-winning moves of the worker on `cell` (first to a cell of `to`): the cell it
    ends on, the workers then, and whether Athena moved up; after each of Artemis' first
    moves, her second ones (`origin`: where her worker started, when `cell` is not)."""
    origin = cell if origin < 0 else origin
    l1, l2, l3, _ = board
    height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
    steps = targets(board, workers, side, cell, god, up_ok=up_ok) & ~winning(board, cell, god) & to
    if god is God.HERMES:
        steps &= ~_level(board, height)  # level moves belong to the walk (`hermes_placements`)
    if cell != origin:
        steps &= ~(1 << origin)
    for target in cells_of(steps):
        after = moved(workers, side, cell, target, god)
        yield target, after, god is God.ATHENA and height_of(l1, l2, l3, target) > height
        if god is God.ARTEMIS and cell == origin:
            yield from worker_moves(board, after, side, target, god=god, up_ok=up_ok, origin=cell)


def _moves_from(
    found: dict[tuple[Board, tuple[int, ...], bool], None],
    board: Board,
    workers: tuple[int, ...],
    side: int,
    cell: int,
    *,
    god: God | None,
    up_ok: bool,
    to: int = ALL_CELLS,
) -> None:
    """`worker_moves`, each followed by its builds."""
    for target, after, up in worker_moves(board, workers, side, cell, god=god, up_ok=up_ok, to=to):
        for result in builds(board, build_area(board, after, 1 << target), god):
            found[result, after, up] = None


def prometheus_starts(
    board: Board, workers: tuple[int, ...], side: int
) -> Iterator[tuple[Board, int]]:
    """Prometheus' builds before a move: the board then, and the worker next to the build
    that moves (without climbing) and builds again."""
    own = workers[side]
    for first in cells_of(build_area(board, workers, own)):
        for before in builds(board, 1 << first, God.PROMETHEUS):
            for worker in cells_of(own & NEIGHBOURS[first]):
                yield before, worker


def _level(board: Board, height: int) -> int:
    l1, l2, l3, _ = board
    return (~l1, l1 & ~l2, l2 & ~l3, l3)[height] & ALL_CELLS


def hermes_placements(board: Board, workers: tuple[int, ...], side: int) -> list[tuple[int, ...]]:
    """Every placement both of Hermes' workers reach by steps on their own level (none at
    all included); a build next to either worker follows. In C where the package was built
    with it (`_hermes.c`, the same walk: a tenth of a search's time in Python where Hermes
    plays)."""
    if _hermes is not None:
        return _hermes.placements(board, workers, side)
    return hermes_placements_in_python(board, workers, side)


def hermes_placements_in_python(
    board: Board, workers: tuple[int, ...], side: int
) -> list[tuple[int, ...]]:
    """`hermes_placements` in Python: a depth-first walk, the last placement found first."""
    reached = {workers: None}
    frontier = [workers]
    while frontier:
        current = frontier.pop()
        occupied = 0
        for side_workers in current:
            occupied |= side_workers
        free = ~occupied & ~board[3]
        for cell in cells_of(current[side]):
            level = _level(board, height_of(*board[:3], cell))
            for target in cells_of(NEIGHBOURS[cell] & level & free):
                after = moved(current, side, cell, target, None)
                if after not in reached:
                    reached[after] = None
                    frontier.append(after)
    return list(reached)
