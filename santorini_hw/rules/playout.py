"""Random games to the end: the benchmark of the rules core and a baseline opponent.

A playout needs only where a random legal turn leads, not its actions, so
`random_outcome` draws one straight from the bitboards (`outcomes.py`'s primitives): a
worker, then its moves in random order until one can be completed, then a build, with
the gods' optional extras (Artemis' second move, Demeter's and Hephaestus' second build,
Prometheus' build first, Atlas' dome) taken about half the time; Hermes plays a normal
turn or builds without moving (never a longer walk). It only reports a trapped player
when no worker of theirs can complete a turn.

>>> game = random_game(random.Random(1), gods=(None, None))
>>> game.winner in ("A", "B")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from santorini_hw.rules.cells import CELL_COUNT, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import (
    Board,
    build_area,
    built,
    finish,
    height_of,
    moved,
    targets,
    winning,
)
from santorini_hw.rules.position import Position, make_lineup

Outcome = tuple[Position, bool]
"""The position after a turn, and whether the turn won."""


class PlayedGame(NamedTuple):
    start: Position
    turns: int
    winner: str
    final: Position


def random_placement(
    players: tuple[str, ...], gods: tuple[God | None, ...], rng: random.Random
) -> Position:
    """A two-sided start position with both workers of each player on random cells."""
    cells = rng.sample(range(CELL_COUNT), 2 * len(players))
    workers = tuple(1 << cells[2 * i] | 1 << cells[2 * i + 1] for i in range(len(players)))
    return Position(0, 0, 0, 0, workers, 0, -1, 0, make_lineup(players, gods))


def random_game(
    rng: random.Random, gods: tuple[God | None, ...], players: tuple[str, ...] = ("A", "B")
) -> PlayedGame:
    """Play random legal turns until someone wins or a player is trapped (and loses)."""
    start = position = random_placement(players, gods, rng)
    turns = 0
    while True:
        outcome = random_outcome(position, rng)
        if outcome is None:  # trapped: with two players the opponent wins
            return PlayedGame(
                start, turns, position.lineup.players[position.next_player()], position
            )
        turns += 1
        after, won = outcome
        if won:
            return PlayedGame(start, turns, position.player, after)
        position = after


def random_outcome(position: Position, rng: random.Random) -> Outcome | None:
    """Where a random legal turn of the player to move leads, or None when they have none."""
    l1, l2, l3, domes, workers, me, athena, _, lineup = position
    god = lineup.gods[me]
    side = lineup.sides[me]
    up_ok = athena < 0 or lineup.sides[athena] == side
    board = (l1, l2, l3, domes)
    cells = cells_of(workers[side])
    first = int(rng.random() * len(cells))
    for cell in cells[first:] + cells[:first]:
        options = list(cells_of(targets(board, workers, side, cell, god, up_ok=up_ok)))
        if god is God.PROMETHEUS or god is God.HERMES:  # a build first, as -1 - cell
            options += [-1 - c for c in cells_of(build_area(board, workers, 1 << cell))]
        remaining = len(options)
        while remaining:  # `_drawn`, inlined: the playouts' hot path
            pick = int(rng.random() * remaining)
            remaining -= 1
            option = options[pick]
            options[pick] = options[remaining]
            if option >= 0:
                done = _step(
                    position, board, workers, cell, option, up_ok=up_ok, rng=rng, origin=cell
                )
            elif god is God.HERMES:  # Hermes may build without moving
                first = -1 - option
                after = built(board, first, bool(board[2] >> first & 1))
                return finish(position, after, workers, False), False
            else:
                done = _after_prebuild(position, board, workers, cell, -1 - option, rng=rng)
            if done is not None:
                return done
    return None


def _drawn(options: list[int], rng: random.Random) -> Iterator[int]:
    """`options` in random order, drawn only as far as the caller needs."""
    remaining = len(options)
    while remaining:
        pick = int(rng.random() * remaining)
        remaining -= 1
        yield options[pick]
        options[pick] = options[remaining]


def _step(
    position: Position,
    board: Board,
    workers: tuple[int, ...],
    cell: int,
    target: int,
    *,
    up_ok: bool,
    rng: random.Random,
    origin: int,
) -> Outcome | None:
    """A move from `cell` to `target`, then the rest of the turn (None: it cannot finish)."""
    lineup = position.lineup
    god = lineup.gods[position.to_move]
    side = lineup.sides[position.to_move]
    after = moved(workers, side, cell, target, god)
    if winning(board, cell, god) >> target & 1:
        return finish(position, board, after, god is God.ATHENA), True
    l1, l2, l3, _ = board
    up = god is God.ATHENA and height_of(l1, l2, l3, target) > height_of(l1, l2, l3, cell)
    area = build_area(board, after, 1 << target)
    if god is God.ARTEMIS and cell == origin:  # a second move or a build, at random
        again = targets(board, after, side, target, god, up_ok=up_ok) & ~(1 << origin)
        options = list(cells_of(again)) + [-1 - c for c in cells_of(area)]
        for option in _drawn(options, rng):
            if option < 0:
                return _built(
                    position, god, board, after, area, cell=-1 - option, up=up, rng=rng
                ), False
            done = _step(
                position, board, after, target, option, up_ok=up_ok, rng=rng, origin=origin
            )
            if done is not None:
                return done
        return None
    if not area:
        return None
    cells = cells_of(area)
    chosen = cells[int(rng.random() * len(cells))]
    return _built(position, god, board, after, area, cell=chosen, up=up, rng=rng), False


def _after_prebuild(
    position: Position,
    board: Board,
    workers: tuple[int, ...],
    cell: int,
    first: int,
    *,
    rng: random.Random,
) -> Outcome | None:
    """Prometheus built on `first` before moving: the worker on `cell` must not climb."""
    before = built(board, first, bool(board[2] >> first & 1))
    steps = targets(before, workers, position.side, cell, God.PROMETHEUS, up_ok=False)
    for target in _drawn(list(cells_of(steps)), rng):
        done = _step(position, before, workers, cell, target, up_ok=False, rng=rng, origin=cell)
        if done is not None:
            return done
    return None


def _built(
    position: Position,
    god: God | None,
    board: Board,
    workers: tuple[int, ...],
    area: int,
    *,
    cell: int,
    up: bool,
    rng: random.Random,
) -> Position:
    """The turn ends with a build on `cell` (and a god's optional extra build)."""
    capped = bool(board[2] >> cell & 1)
    dome = capped or (god is God.ATLAS and rng.random() < 0.5)
    after = built(board, cell, dome)
    if god is God.DEMETER and rng.random() < 0.5:
        others = cells_of(area & ~(1 << cell))
        if others:
            second = others[int(rng.random() * len(others))]
            after = built(after, second, bool(after[2] >> second & 1))
    elif god is God.HEPHAESTUS and not board[1] >> cell & 1 and rng.random() < 0.5:
        after = built(after, cell, False)
    return finish(position, after, workers, up)
