"""Plain turns in a game with advanced gods: the playouts' shortcut. Most turns of such
a game are a simple god's, or a normal move and build that the mover's advanced power
allows, with nothing else in the game constraining them: the simple gods' playout
(`playout.random_outcome`) draws those; `refused` says when the walk must draw instead
(a power would have changed the turn), and `plain_result` (or, for a `quiet` player,
the playout itself) brings the cards up to date."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from santorini_hw.rules.cards import holder
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import ADVANCED_GODS, God
from santorini_hw.rules.outcomes import BEYOND, Board, targets
from santorini_hw.rules.position import Lineup, Position
from santorini_hw.rules.power_builds import banned_by
from santorini_hw.rules.power_result import close
from santorini_hw.rules.power_state import opposing
from santorini_hw.rules.power_walk import Found, Marks, Walk, eros, towers

_NORMAL_TURN = frozenset(ADVANCED_GODS) - {God.CHAOS, God.CIRCE}
"""Advanced powers for which a normal move and build is a legal turn (their extras are
optional, or act in others' turns), its effects checked or made by `plain_result`.
(Chaos and Circe play the simple power they hold this turn.)"""


_CHECKED_MOVERS = frozenset({God.BIA, God.DIONYSUS, God.EROS})
"""Movers whose plain turn `refused` checks: a removal, a tower by Dionysus' hand, a win
by Eros' meeting."""


class Limits(NamedTuple):
    """What other players' powers forbid a plain turn, checked on the turn drawn
    (`refused`); -1: nobody holds that power."""

    frozen: int
    """Hypnus: the mover's worker that may not move."""
    constrained: int
    """Aphrodite: the workers that must end next to hers if they move."""
    aphrodite_side: int
    persephone: bool
    """An opponent holds Persephone: a plain turn must climb."""
    limus_side: int
    hera: int
    chronus: int


class Quiet(NamedTuple):
    """How a quiet player's plain turn is drawn and checked (`quiet`)."""

    god: God | None
    """The mover's printed god."""
    power: God | None
    """The power a plain turn plays (`plain_power`)."""
    own: bool
    """That power is the mover's own: without a plain turn they have none at all."""
    limits: Limits
    """The other players' limits (without the turn's frozen and constrained workers)."""
    limited: bool
    """Some other player's power acts on the mover's turn."""
    checked: bool
    """The turn drawn must pass `refused`."""
    hypnus: bool
    """Hypnus opposes: find the frozen worker each turn."""
    aphrodite: int
    """Aphrodite's player when she opposes (find the constrained workers), else -1."""
    chaos: int
    """Chaos' player, -1: none. He plays the power he holds this turn, and draws the
    next card after any dome."""


@cache
def quiet(lineup: Lineup, me: int) -> Quiet | None:
    """How player `me` of a line-up with advanced gods plays a plain turn with no walk
    at all, or None when the walk must set it up: with Circe in the game, or Medusa to
    move (her petrification). Chaos plays the power he holds, and draws after a dome;
    Morpheus gains a token; the opposing powers' limits are the printed cards'
    (`opposing`: Chaos holds simple gods only). Cached: every turn of a playout asks.
    (A position's own facts, Dionysus' owed turns, players out, a swap or push with a
    female, `playout.random_power_turn` checks.)"""
    gods, sides = lineup.gods, lineup.sides
    god = gods[me]
    if God.CIRCE in gods or god is God.MEDUSA:
        return None
    chaos = holder(gods, God.CHAOS)
    power = god if god is None or god.is_simple else None
    hypnus, aphrodite, hera, limus, chronus, persephone = opposing(gods, me)
    aphrodite_side = sides[aphrodite] if aphrodite >= 0 else -1
    limus_side = sides[limus] if limus >= 0 else -1
    limits = Limits(0, 0, aphrodite_side, persephone, limus_side, hera, chronus)
    limited = (hypnus, aphrodite, hera, limus, chronus, persephone) != _NOBODY
    checked = limited or god in _CHECKED_MOVERS
    own = power is god or chaos == me
    return Quiet(god, power, own, limits, limited, checked, hypnus >= 0, aphrodite, chaos)


_NOBODY = (-1, -1, -1, -1, -1, False)


def plain(walk: Walk) -> bool:
    """The mover's turn may be drawn as a plain one (`plain_power`) by the simple gods'
    playout: no Dionysus turn, no swap or push carrying Selene's female or Limus'
    workers, and no Hermes walk under Hypnus, Aphrodite, Persephone or Limus. Their
    constraints, and what Hera, Chronus, Eros, Bia and Dionysus change, `refused`
    checks on the turn drawn."""
    god = walk.god
    powers = walk.powers
    forcing = god is God.APOLLO or god is God.MINOTAUR
    constrained = bool(
        powers.frozen or walk.start_marks.constrained or walk.persephone or walk.limus_side >= 0
    )
    return (
        (god is None or god.is_simple or god in _NORMAL_TURN)
        and not powers.additional
        and not walk.position.out
        and not (constrained and god is God.HERMES)
        and not (forcing and (walk.start_marks.female >= 0 or walk.limus_side >= 0))
    )


def plain_power(walk: Walk) -> God | None:
    """The power a plain turn plays: the mover's simple one, else none (a normal turn)."""
    god = walk.god
    return god if god is None or god.is_simple else None


def plain_result(walk: Walk, after: Position, won: bool) -> Found | None:
    """The outcome of a plain turn the simple gods' playout drew, its cards brought up to
    date by `close` (Medusa, Morpheus' tokens, Selene's female, Chaos' draw); None when
    the mover's or another's power may have changed the turn (the walk must draw)."""
    position = walk.position
    powers = walk.powers
    god = walk.god
    constrained = walk.start_marks.constrained
    limits = (walk.aphrodite_side, walk.persephone, walk.limus_side, powers.hera, powers.chronus)
    if refused(position, god, Limits(powers.frozen, constrained, *limits), after, won):
        return None
    board: Board = (after.l1, after.l2, after.l3, after.domes)
    own, moved_to = position.workers[walk.side], after.workers[walk.side]
    me = position.to_move
    female, constrained, _, _, out, _, _, _, _, _ = walk.start_marks
    if female >= 0 and not after.occupied >> female & 1:
        female = (moved_to & ~own).bit_length() - 1  # she moved
    domed = after.domes != position.domes
    winner = me if won else -1
    fields = (female, constrained, 0, 0, out, winner, after.athena == me, domed, 0, False)
    marks = tuple.__new__(Marks, fields)
    return close(walk, board, after.workers, marks, 1 if god is God.MORPHEUS and not won else 0)


def refused(
    position: Position, god: God | None, limits: Limits, after: Position, won: bool
) -> bool:
    """The plain turn from `position` to `after` by a player with the power `god` may
    break another player's power, or the mover's may change it: a win Hera may forbid,
    Chronus' fifth tower, a frozen worker that moved, a constrained worker that left
    Aphrodite, a turn that did not climb under Persephone when a turn may (it may still
    be legal, but only the walk can tell), a build Limus forbids; Eros' meeting, a
    tower by Dionysus' hand, Bia's removal. The walk must draw."""
    if (won and limits.hera >= 0) or (limits.chronus >= 0 and towers(after[:4]) >= 5):
        return True
    side = position.side
    own, moved_to = position.workers[side], after.workers[side]
    src, dst = own & ~moved_to, moved_to & ~own
    if god is God.EROS and not won and eros(position, side, after.workers):
        return True
    if god is God.DIONYSUS and towers(after[:4]) > towers(position[:4]):
        return True
    if god is God.BIA and _bia_removes(position, src, dst):
        return True
    if src & limits.frozen:
        return True
    if src & limits.constrained:
        cell = dst.bit_length() - 1
        if not NEIGHBOURS[cell] & after.workers[limits.aphrodite_side]:
            return True
    if limits.persephone:
        start, end = src.bit_length() - 1, dst.bit_length() - 1
        climbed = start >= 0 and position.height(end) > position.height(start)
        if not climbed and _may_climb(position, god, limits.frozen):
            return True
    if limits.limus_side >= 0:
        changed = (position.l1 ^ after.l1) | (position.l2 ^ after.l2) | (position.l3 ^ after.l3)
        capped = (position.domes ^ after.domes) & ~position.l3  # domes below level 3
        if (changed | capped) & banned_by(after.workers[limits.limus_side], -1):
            return True
    return False


_CLIMBS_LATER = frozenset({God.ARTEMIS, God.CHARON, God.TRITON})
"""Powers whose turn may move up after a first step that does not (or a ferry)."""


def _may_climb(position: Position, god: God | None, frozen: int) -> bool:
    """Some turn of the player to move may move a worker up (True when unsure); when none
    can, Persephone asks nothing."""
    if god in _CLIMBS_LATER:
        return True
    l1, l2, l3, domes, workers, _, athena, _, lineup, _ = position
    side = lineup.sides[position.to_move]
    up_ok = athena < 0 or lineup.sides[athena] == side
    for cell in cells_of(workers[side] & ~frozen):
        higher = (l1, l2, l3, 0)[position.height(cell)]
        if targets((l1, l2, l3, domes), workers, side, cell, god, up_ok=up_ok) & higher:
            return True
    return False


def _bia_removes(position: Position, src: int, dst: int) -> bool:
    """Bia's step between the one-bit boards `src` and `dst` has an opponent beyond."""
    if not src or not dst:
        return False
    victim = BEYOND[src.bit_length() - 1][dst.bit_length() - 1]
    theirs = position.occupied & ~position.workers[position.side]
    return victim >= 0 and bool(theirs >> victim & 1)
