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
from enum import Enum
from typing import NamedTuple

from santorini_hw.rules.cards import initial_cards
from santorini_hw.rules.cells import CELL_COUNT, NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import (
    Board,
    built,
    finish,
    moved,
    targets,
    winning,
)
from santorini_hw.rules.position import Position, make_lineup
from santorini_hw.rules.power_outcomes import draw_walk, walk_draw
from santorini_hw.rules.power_plain import (
    Quiet,
    plain,
    plain_power,
    plain_result,
    quiet,
    refused,
)
from santorini_hw.rules.power_result import chaos_draw
from santorini_hw.rules.power_state import constrained_by, hypnus_frozen
from santorini_hw.rules.power_walk import Found

Outcome = tuple[Position, bool]
"""The position after a turn, and whether the turn won."""


class Printed(Enum):
    """The god printed on the mover's card (`random_outcome`'s default power)."""

    CARD = "card"


PRINTED = Printed.CARD


class PlayedGame(NamedTuple):
    start: Position
    turns: int
    winner: str
    final: Position


def random_placement(
    players: tuple[str, ...], gods: tuple[God | None, ...], rng: random.Random
) -> Position:
    """A two-sided start position with both workers of each player on random cells (the
    first of Selene's is her female)."""
    cells = rng.sample(range(CELL_COUNT), 2 * len(players))
    workers = tuple(1 << cells[2 * i] | 1 << cells[2 * i + 1] for i in range(len(players)))
    cards = initial_cards(gods)
    if cards is not None and God.SELENE in gods:
        cards = cards._replace(female=cells[2 * gods.index(God.SELENE)])
    return Position(0, 0, 0, 0, workers, 0, -1, 0, make_lineup(players, gods), cards)


def random_game(
    rng: random.Random, gods: tuple[God | None, ...], players: tuple[str, ...] = ("A", "B")
) -> PlayedGame:
    """Play random legal turns until someone wins or a player is trapped (and loses)."""
    start = position = random_placement(players, gods, rng)
    if start.cards is not None:
        return _random_power_game(start, rng)
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


def _random_power_game(start: Position, rng: random.Random) -> PlayedGame:
    """`random_game` with an advanced god: outcomes drawn by `random_power_turn`; the
    winner may be another player than the mover (Chronus)."""
    position, turns = start, 0
    players = start.lineup.players
    modes = tuple(quiet(start.lineup, player) for player in range(len(players)))
    while True:
        outcome = _power_turn(position, rng, modes[position.to_move])
        if outcome is None:
            return PlayedGame(start, turns, players[position.next_player()], position)
        turns += 1
        after, winner = outcome
        if winner >= 0:
            return PlayedGame(start, turns, players[winner], after)
        position = after


def random_power_turn(position: Position, rng: random.Random) -> Found | None:
    """Where a random legal turn leads with an advanced god in the game, and its winner
    (-1: nobody), or None when the player to move has none. A quiet player's turn
    (`power_plain.quiet`) skips the walk's setup: the same draw as `walked_power_turn`,
    from the same random numbers."""
    return _power_turn(position, rng, quiet(position.lineup, position.to_move))


def _power_turn(position: Position, rng: random.Random, mode: Quiet | None) -> Found | None:
    """`random_power_turn` with the mover's `quiet` mode (a game asks once a player)."""
    cards = position.cards
    me = position.to_move
    if mode is None or cards is None or cards.extra_turns or position.out:
        return walked_power_turn(position, rng)
    female = cards.female
    chaos = mode.chaos
    power = cards.chaos_power if chaos == me else mode.power
    limits = mode.limits
    forcing = power is God.APOLLO or power is God.MINOTAUR
    if forcing and female >= 0:
        return walked_power_turn(position, rng)  # the female may be swapped or pushed
    if mode.limited:
        if forcing or power is God.HERMES:  # a push, a swap or a walk Limus and others limit
            return walked_power_turn(position, rng)
        frozen = hypnus_frozen(position, position.side) if mode.hypnus else 0
        constrained = constrained_by(position, mode.aphrodite)
        if frozen or constrained:
            limits = limits._replace(frozen=frozen, constrained=constrained)
    drawn = random_outcome(position, rng, power)
    if drawn is None:
        return None if mode.own else walk_draw(draw_walk(position, rng))
    after, won = drawn
    god = power if chaos == me else mode.god
    if mode.checked and refused(position, god, limits, after, won):
        return walk_draw(draw_walk(position, rng))
    if female >= 0 and not after.occupied >> female & 1:  # she moved
        own = position.workers[position.side]
        female = (after.workers[position.side] & ~own).bit_length() - 1
        cards = cards._replace(female=female)
    if chaos >= 0 and not won and after.domes != position.domes:
        drawn_power, deck = chaos_draw(position.lineup.gods, chaos, cards.chaos_deck)
        cards = cards._replace(chaos_power=drawn_power, chaos_deck=deck)
    elif won and god is God.MORPHEUS:  # his token of this turn stays unused
        cards = cards._replace(tokens=cards.tokens + 1)
    if cards is not position.cards:
        after = after._replace(cards=cards)
    return after, me if won else -1


def walked_power_turn(position: Position, rng: random.Random) -> Found | None:
    """`random_power_turn` for any player: a plain turn (a simple god's, or a normal
    one, that nothing constrains) through `random_outcome`, any other through the
    advanced gods' bitboard walk."""
    walk = draw_walk(position, rng)
    if plain(walk):
        power = plain_power(walk)
        drawn = random_outcome(position, rng, power)
        if drawn is not None:
            found = plain_result(walk, *drawn)
            if found is not None:
                return found
        elif power is walk.god:  # a simple god's player with no plain turn has none
            return None
    return walk_draw(walk)


def random_outcome(
    position: Position, rng: random.Random, power: God | Printed | None = PRINTED
) -> Outcome | None:
    """Where a random legal turn of the player to move leads, or None when they have none
    (simple gods only: `random_game` plays advanced gods through `random_power_turn`,
    which hands a turn here when the mover has a simple `power` and nothing else acts)."""
    l1, l2, l3, domes, workers, me, athena, _, lineup, _ = position
    god = lineup.gods[me] if power is PRINTED else power
    side = lineup.sides[me]
    up_ok = athena < 0 or lineup.sides[athena] == side
    board = (l1, l2, l3, domes)
    occupied = 0
    for side_workers in workers:
        occupied |= side_workers
    prebuild = god is God.PROMETHEUS or god is God.HERMES
    cells = cells_of(workers[side])
    first = int(rng.random() * len(cells))
    for cell in cells[first:] + cells[:first]:
        if god is None or god in _PLAIN:  # `targets`, inlined: the playouts' hot path
            height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
            too_high = (l2, l3, 0, 0)[height] if up_ok else (l1, l2, l3, 0)[height]
            options = cells_of(NEIGHBOURS[cell] & ~(domes | too_high | occupied))
        else:
            options = cells_of(targets(board, workers, side, cell, god, up_ok=up_ok))
        if prebuild:  # a build first, as -1 - cell
            options += tuple(-1 - c for c in cells_of(NEIGHBOURS[cell] & ~(occupied | domes)))
        remaining = len(options)
        while remaining:  # draw without replacement; nearly always the first draw completes
            pick = int(rng.random() * remaining)
            option = options[pick]
            if option >= 0:
                done = _step(position, board, workers, cell, option, god=god, up_ok=up_ok, rng=rng)
            elif god is God.HERMES:  # Hermes may build without moving
                after = built(board, -1 - option, bool(l3 >> -1 - option & 1))
                return finish(position, after, workers, False), False
            else:
                done = _after_prebuild(position, board, workers, cell, -1 - option, rng=rng)
            if done is not None:
                return done
            remaining -= 1
            options = options[:pick] + options[pick + 1 :]
    return None


_PLAIN = frozenset(God) - {God.APOLLO, God.MINOTAUR}
"""Gods whose workers step only onto free cells."""


def _step(
    position: Position,
    board: Board,
    workers: tuple[int, ...],
    cell: int,
    target: int,
    *,
    god: God | None,
    up_ok: bool,
    rng: random.Random,
    origin: int = -1,
) -> Outcome | None:
    """A move from `cell` to `target`, then the rest of the turn (None: it cannot finish,
    as after Apollo's swap with no free cell around). `origin`: where Artemis started, on
    her second move."""
    side = position.lineup.sides[position.to_move]
    l1, l2, l3, domes = board
    height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
    if len(workers) == 2 and god is not God.APOLLO and god is not God.MINOTAUR:
        bits = 1 << cell | 1 << target  # `moved`, inlined: the playouts' hot path
        after: tuple[int, ...] = (
            (workers[0] ^ bits, workers[1]) if side == 0 else (workers[0], workers[1] ^ bits)
        )
    else:
        after = moved(workers, side, cell, target, god)
    if height >= 2 and winning(board, cell, god) >> target & 1:
        return finish(position, board, after, god is God.ATHENA), True
    up = god is God.ATHENA and (l1 >> target & 1) + (l2 >> target & 1) + (l3 >> target & 1) > height
    taken = domes
    for side_workers in after:
        taken |= side_workers
    area = NEIGHBOURS[target] & ~taken
    if god is God.ARTEMIS and origin < 0:  # a second move or a build, at random
        again = targets(board, after, side, target, god, up_ok=up_ok) & ~(1 << cell)
        options = list(cells_of(again)) + [-1 - c for c in cells_of(area)]
        option = options[int(rng.random() * len(options))]  # a build is always among them
        if option < 0:
            return _built(position, god, board, after, area, cell=-1 - option, up=up, rng=rng)
        return _step(
            position, board, after, target, option, god=god, up_ok=up_ok, rng=rng, origin=cell
        )
    if not area:
        return None
    chosen = cells_of(area)
    return _built(
        position,
        god,
        board,
        after,
        area,
        cell=chosen[int(rng.random() * len(chosen))],
        up=up,
        rng=rng,
    )


def _after_prebuild(
    position: Position,
    board: Board,
    workers: tuple[int, ...],
    cell: int,
    first: int,
    *,
    rng: random.Random,
) -> Outcome | None:
    """Prometheus built on `first` before moving: the worker on `cell` must not climb
    (None: it cannot move)."""
    before = built(board, first, bool(board[2] >> first & 1))
    steps = cells_of(targets(before, workers, position.side, cell, God.PROMETHEUS, up_ok=False))
    if not steps:
        return None
    target = steps[int(rng.random() * len(steps))]  # the cell left behind takes the build
    return _step(position, before, workers, cell, target, god=God.PROMETHEUS, up_ok=False, rng=rng)


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
) -> Outcome:
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
    return finish(position, after, workers, up), False
