"""Answers the search needs at every node of a game with advanced gods, found without
walking the turn: whether the player to move surely cannot win now, and whether they
surely have a turn. Setting up `power_outcomes`' walk costs more than either test, and
most positions hold no win and a plain step; each function answers only where its
answer is exact, and False leaves the question to the walk."""

from __future__ import annotations

from functools import cache

from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position

_WIN_OTHERWISE = frozenset(
    {God.PAN, God.ARTEMIS, God.EROS, God.BIA, God.TRITON, God.CHRONUS, God.MEDUSA}
)
"""Powers that may win without one step from level 2 onto level 3 (a drop, two steps, a
meeting, a removal, a chain of steps, a fifth tower, a petrification)."""
_MAY_HOLD_ANY = frozenset({God.CHAOS, God.CIRCE})
"""Movers whose power this turn is another card's (Chaos' face-up god, Circe's theft)."""
_LIMITING = frozenset({God.HYPNUS, God.APHRODITE, God.LIMUS, God.CIRCE})
"""Powers that can forbid a plain step and build (Circe may hold any of the others)."""


@cache
def _limited(gods: tuple[God | None, ...], me: int) -> bool:
    """Another player holds a power that may forbid player `me` a plain turn."""
    return any(god in _LIMITING for index, god in enumerate(gods) if index != me)


def surely_no_win(position: Position) -> bool:
    """The player to move cannot win this turn: their power wins only by climbing, and
    no worker of theirs on level 2 stands next to an undomed level-3 cell, or Athena's
    block forbids climbing. (An opposing Circe can only take a power away.)"""
    _, l2, l3, domes, workers, me, athena, _, lineup, _ = position
    god = lineup.gods[me]
    if god in _WIN_OTHERWISE or god in _MAY_HOLD_ANY:
        return False
    side = lineup.sides[me]
    if athena >= 0 and lineup.sides[athena] != side:
        return True
    near = 0
    for cell in cells_of(workers[side] & l2 & ~l3):
        near |= NEIGHBOURS[cell]
    return not near & l3 & ~domes


def surely_a_turn(position: Position) -> bool:
    """The player to move has a legal turn: some worker steps onto a free cell no more
    than a level up (none up under Athena's block) and may then build where it stood,
    which every power allows unless an opponent's Hypnus, Aphrodite or Limus (or Circe
    holding one of them) may forbid it."""
    l1, l2, l3, domes, workers, me, athena, _, lineup, _ = position
    if _limited(lineup.gods, me):
        return False
    side = lineup.sides[me]
    up_ok = athena < 0 or lineup.sides[athena] == side
    occupied = domes
    for side_workers in workers:
        occupied |= side_workers
    for cell in cells_of(workers[side]):
        height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
        if up_ok:
            too_high = l2 if height == 0 else l3 if height == 1 else 0
        else:
            too_high = l1 if height == 0 else l2 if height == 1 else l3 if height == 2 else 0
        if NEIGHBOURS[cell] & ~(occupied | too_high):
            return True
    return False


_PLAIN_MOVERS = frozenset(
    {God.HERA, God.HYPNUS, God.APHRODITE, God.LIMUS, God.PERSEPHONE, God.CHRONUS}
)
"""Advanced powers whose holder's own turn is a normal move and build (their powers act
in other players' turns; Chronus' wins are not quiet ones)."""
_OPPOSING_TURNS = frozenset(
    {God.HERA, God.HYPNUS, God.APHRODITE, God.LIMUS, God.PERSEPHONE, God.CHAOS, God.CIRCE}
)
"""Powers that change another player's turn, or what it leads to (Chaos draws after any
dome; Circe may hold any power)."""


@cache
def _plain_line_up(gods: tuple[God | None, ...], me: int) -> bool:
    """Player `me`'s turns are normal ones (or their simple god's) and nobody else's power
    acts on them: cached, as a game has few line-ups and every node asks."""
    god = gods[me]
    if god is not None and not god.is_simple and god not in _PLAIN_MOVERS:
        return False
    return not any(held in _OPPOSING_TURNS for index, held in enumerate(gods) if index != me)


def plain_quiet(position: Position) -> bool:
    """The player to move's turns that do not win are the simple rules' (the mover's
    simple power, or a normal turn), and lead to the same cards: `outcomes.quiet_outcomes`
    lists them. No other player's power acts on this turn, no Dionysus turn is owed, no
    player is out, no swap or push can carry Selene's female, and with Chronus in the
    game no turn can build a fifth complete tower (Demeter may build two)."""
    _, _, l3, domes, _, me, _, out, lineup, cards = position
    if out or not _plain_line_up(lineup.gods, me) or cards is None or cards.extra_turns:
        return False
    god = lineup.gods[me]
    if cards.female >= 0 and (god is God.APOLLO or god is God.MINOTAUR):
        return False
    return God.CHRONUS not in lineup.gods or (l3 & domes).bit_count() < 3
