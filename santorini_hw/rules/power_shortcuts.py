"""Answers the search needs at every node of a game with advanced gods, found without
walking the turn: whether the player to move surely cannot win now or surely can, whether
they surely have a turn, and whether their turns are plain ones the simple gods'
generator lists. Setting up `power_outcomes`' walk costs more than any of these tests,
and most positions hold no win, or a plain climb onto level 3, and a plain step; each
function answers only where its answer is exact, and False leaves the question to the
walk."""

from __future__ import annotations

from functools import cache

from santorini_hw.rules.cells import ALL_CELLS, NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import BEYOND
from santorini_hw.rules.position import Lineup, Position
from santorini_hw.rules.power_moves import PERIMETER

_UNTOLD = frozenset({God.CHAOS, God.CIRCE})
"""Powers a thief may not be told to hold (Circe taking Chaos' card or another Circe's)."""


def _held_powers(position: Position) -> tuple[God, ...] | None:
    """The powers the player to move may hold this turn: their own, Chaos' face-up god,
    the opponent's as well for Circe (she may steal it); None when it cannot be told."""
    gods, me, cards = position.lineup.gods, position.to_move, position.cards
    god = gods[me]
    if god is None:
        return ()
    if god is God.CHAOS:
        return None if cards is None or cards.chaos_power is None else (cards.chaos_power,)
    if god is God.CIRCE:
        stolen = tuple(g for index, g in enumerate(gods) if index != me and g is not None)
        return None if _UNTOLD.intersection(stolen) else stolen
    return (god,)


def _may_win_otherwise(position: Position, powers: tuple[God, ...]) -> bool:
    """One of `powers` may win this turn other than by a worker's step onto level 3
    (which `surely_no_win` tests): Pan's drop, Eros' meeting, Bia's last removal,
    Chronus' fifth tower, Medusa's last petrification."""
    for god in powers:
        if god is God.PAN and _pan_may_drop(position):
            return True
        if god is God.EROS and _eros_may_meet(position):
            return True
        if god is God.BIA and _bia_may_remove_the_last(position):
            return True
        if god is God.CHRONUS and (position.l3 & position.domes).bit_count() >= 4:
            return True  # he builds once: a fifth tower needs four standing
        if god is God.MEDUSA and _medusa_may_petrify_all(position):
            return True
    return False


def _own_and_free(position: Position) -> tuple[int, int]:
    """The mover's side's workers, and the cells with neither a worker nor a dome."""
    occupied = position.domes
    for side_workers in position.workers:
        occupied |= side_workers
    return position.workers[position.lineup.sides[position.to_move]], ALL_CELLS & ~occupied


def _neighbours_of(cells: int) -> int:
    near = 0
    for cell in cells_of(cells):
        near |= NEIGHBOURS[cell]
    return near


def _pan_may_drop(position: Position) -> bool:
    """A worker on level 2 or higher next to a free cell two or more levels below it."""
    own, free = _own_and_free(position)
    l1, l2, l3 = position.l1, position.l2, position.l3
    return bool(
        _neighbours_of(own & l2 & ~l3) & free & ~l1 or _neighbours_of(own & l3) & free & ~l2
    )


def _eros_may_meet(position: Position) -> bool:
    """Eros' two workers may end a step next to each other, both on level 1: one already
    there, the other stepping onto a free level-1 cell beside it (three or four players:
    not told)."""
    if len(position.lineup.players) != 2:
        return True
    own, free = _own_and_free(position)
    level1 = position.l1 & ~position.l2
    for staying in cells_of(own & level1):
        for moving in cells_of(own & ~(1 << staying)):
            if NEIGHBOURS[staying] & NEIGHBOURS[moving] & level1 & free:
                return True
    return False


def _bia_may_remove_the_last(position: Position) -> bool:
    """Bia's step may remove the only opposing worker left: it stands two cells from one
    of hers in a line, with a free cell between (one removal a step)."""
    own, free = _own_and_free(position)
    side = position.lineup.sides[position.to_move]
    opposing = sum(w for index, w in enumerate(position.workers) if index != side)
    if opposing.bit_count() != 1:
        return not opposing
    for worker in cells_of(own):
        landings = BEYOND[worker]
        for middle in cells_of(NEIGHBOURS[worker] & free):
            if landings[middle] >= 0 and opposing >> landings[middle] & 1:
                return True
    return False


def _medusa_may_petrify_all(position: Position) -> bool:
    """Every opposing worker may end the turn next to a higher worker of Medusa's: with
    one of her workers moved (a step no more than a level up, onto a free cell), the others
    standing. Builds never change an occupied cell's height."""
    own, free = _own_and_free(position)
    l1, l2, l3 = position.l1, position.l2, position.l3
    above = (l1, l2, l3, 0, 0)
    side = position.lineup.sides[position.to_move]
    covers = [
        NEIGHBOURS[cell] & above[(l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)]
        for index, workers in enumerate(position.workers)
        if index != side
        for cell in cells_of(workers)
    ]
    for moving in cells_of(own):
        standing = own & ~(1 << moving)
        height = (l1 >> moving & 1) + (l2 >> moving & 1) + (l3 >> moving & 1)
        targets = NEIGHBOURS[moving] & free & ~above[height + 1]
        for cover in covers:
            if not cover & standing:
                targets &= cover
        if targets:  # a step of the moved worker covers the rest
            return True
    return False


def surely_no_win(position: Position) -> bool:
    """The player to move cannot win this turn: no power they may hold wins otherwise
    (`_may_win_otherwise`), and no cell they may stand on at level 2 (a worker's; Artemis:
    or one her first step reaches; Triton: or one on the edge his chain may reach) is next
    to an undomed level-3 cell, or Athena's block forbids climbing. (An opposing Circe can
    only take a power away.)"""
    _, l2, l3, domes, workers, me, athena, _, lineup, _ = position
    powers = _held_powers(position)
    if powers is None or _may_win_otherwise(position, powers):
        return False
    side = lineup.sides[me]
    if athena >= 0 and lineup.sides[athena] != side:
        return True
    level2 = l2 & ~l3 & ~domes
    high = workers[side] & level2
    if God.ARTEMIS in powers:
        high |= _neighbours_of(workers[side] & position.l1) & level2
    if God.TRITON in powers:
        high |= level2 & PERIMETER
    return not _neighbours_of(high) & l3 & ~domes


def surely_a_win(position: Position) -> bool:
    """The player to move surely wins this turn: a worker of theirs on level 2 can step
    onto a free level-3 cell, which every power allows and wins, unless an opposing Hera
    cancels it on the edge (the cell is inland), Hypnus holds the worker (the highest) or
    Aphrodite binds it (one next to hers; not counted). Not told in a Dionysus additional
    turn (nobody wins), under Athena's block, against Circe (who may hold any power) or
    in a team game (a side's workers are two players')."""
    _, l2, l3, domes, workers, me, athena, _, lineup, cards = position
    side = lineup.sides[me]
    limits = _limits(lineup, me)
    if limits is None or lineup.is_team_game or (cards is not None and cards.extra_turns):
        return False
    if athena >= 0 and lineup.sides[athena] != side:
        return False
    own = workers[side]
    climbers, goals = own & l2 & ~l3, l3 & ~domes
    for side_workers in workers:
        goals &= ~side_workers
    for god, holder in limits:
        if god is God.HYPNUS:
            climbers &= ~_highest(position, own)
        elif god is God.APHRODITE:
            climbers &= ~_neighbours_of(workers[holder])
    if God.HERA in lineup.gods and lineup.gods[me] is not God.HERA:
        goals &= ~PERIMETER
    return bool(_neighbours_of(climbers) & goals)


_LIMITING = frozenset({God.HYPNUS, God.APHRODITE, God.LIMUS})
"""Powers that can forbid another player a plain step and build."""


@cache
def _limits(lineup: Lineup, me: int) -> tuple[tuple[God, int], ...] | None:
    """The limiting powers other players hold against player `me`, with their sides;
    None when they cannot be told (an opposing Circe may hold any power, and in a team
    game a side's workers are two players')."""
    found = tuple(
        (god, lineup.sides[index])
        for index, god in enumerate(lineup.gods)
        if index != me and god in _LIMITING
    )
    opposing = {god for index, god in enumerate(lineup.gods) if index != me}
    if God.CIRCE in opposing or (found and lineup.is_team_game):
        return None
    return found


def surely_a_turn(position: Position) -> bool:
    """The player to move has a legal turn: some worker steps onto a free cell no more
    than a level up (none up under Athena's block) and may then build where it stood,
    which every power allows, except that an opposing Hypnus holds the highest worker,
    Aphrodite binds the workers next to hers and Limus forbids building next to his
    (workers those powers may touch are not counted)."""
    l1, l2, l3, domes, workers, me, athena, _, lineup, _ = position
    limits = _limits(lineup, me)
    if limits is None:
        return False
    side = lineup.sides[me]
    own = workers[side]
    movable, no_build = own, 0
    for god, holder in limits:
        if god is God.HYPNUS:
            movable &= ~_highest(position, own)
        elif god is God.APHRODITE:
            movable &= ~_neighbours_of(workers[holder])
        else:
            no_build |= _neighbours_of(workers[holder])
    up_ok = athena < 0 or lineup.sides[athena] == side
    occupied = domes
    for side_workers in workers:
        occupied |= side_workers
    for cell in cells_of(movable & ~no_build):
        height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
        if up_ok:
            too_high = l2 if height == 0 else l3 if height == 1 else 0
        else:
            too_high = l1 if height == 0 else l2 if height == 1 else l3 if height == 2 else 0
        if NEIGHBOURS[cell] & ~(occupied | too_high):
            return True
    return False


def _highest(position: Position, workers: int) -> int:
    """The worker Hypnus may hold: one standing strictly higher than all the others (a
    lone worker itself)."""
    heights = {
        cell: (position.l1 >> cell & 1) + (position.l2 >> cell & 1) + (position.l3 >> cell & 1)
        for cell in cells_of(workers)
    }
    top = max(heights.values(), default=0)
    at_top = [cell for cell, height in heights.items() if height == top]
    return 1 << at_top[0] if len(at_top) == 1 else 0


_PLAIN_MOVERS = frozenset(
    {God.HERA, God.HYPNUS, God.APHRODITE, God.LIMUS, God.PERSEPHONE, God.CHRONUS}
)
"""Advanced powers whose holder's own turn is a normal move and build (their powers act
in other players' turns; Chronus' wins are not quiet ones)."""


def _may_complete_a_tower(position: Position) -> bool:
    """Dionysus' build may dome a level-3 cell (earning him another turn): an undomed one
    stands within two steps of a worker of his (the cell it leaves included)."""
    own = position.workers[position.lineup.sides[position.to_move]]
    return bool(_neighbours_of(_neighbours_of(own)) & position.l3 & ~position.domes)


_PLAIN_UNLESS = {God.EROS: _eros_may_meet, God.DIONYSUS: _may_complete_a_tower}
"""Advanced powers whose holder's turn is a normal one unless the position allows what
the power adds (Eros' meeting, Dionysus' tower)."""
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
    if god is not None and not god.is_simple and god not in _PLAIN_MOVERS | _PLAIN_UNLESS.keys():
        return False
    return not any(held in _OPPOSING_TURNS for index, held in enumerate(gods) if index != me)


def plain_quiet(position: Position) -> bool:
    """The player to move's turns that do not win are the simple rules' (the mover's
    simple power, or a normal turn), and lead to the same cards: `outcomes.quiet_outcomes`
    lists them. No other player's power acts on this turn, no Dionysus turn is owed, no
    player is out, no swap or push can carry Selene's female, Eros cannot meet nor Dionysus
    dome a tower (`_PLAIN_UNLESS`), and with Chronus in the game no turn can build a fifth
    complete tower (Demeter may build two)."""
    _, _, l3, domes, _, me, _, out, lineup, cards = position
    if out or not _plain_line_up(lineup.gods, me) or cards is None or cards.extra_turns:
        return False
    god = lineup.gods[me]
    if cards.female >= 0 and (god is God.APOLLO or god is God.MINOTAUR):
        return False
    may_differ = _PLAIN_UNLESS.get(god) if god is not None else None
    if may_differ is not None and may_differ(position):
        return False
    return God.CHRONUS not in lineup.gods or (l3 & domes).bit_count() < 3
