"""The advanced gods' part of a turn: what is fixed at its start (`Powers`) and what the
turn's actions change (`PowerTurn`), with the start-of-turn effects of contract v2's
section 2, step 1: Morpheus' gain, Circe's theft, Chaos' face-up power, Hypnus' blocked
worker, Aphrodite's constrained workers. (Persephone's obligation needs the turn's
options: `power_turn.start_power_turn` adds it.)
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from santorini_hw.rules.cards import CardState, holder
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position


class Powers(NamedTuple):
    """Fixed for the whole turn."""

    gods: tuple[God | None, ...]
    """The power each player has during this turn (Chaos' face-up god, Circe's theft)."""
    god: God | None
    """The mover's power (None in a Dionysus additional turn: a normal move and build)."""
    up_ok: bool
    """No opposing Athena block: steps may go up."""
    frozen: int
    """Hypnus: the mover's worker that may not move."""
    aphrodite: int
    """Player whose neighbours must end next to them (not the mover), or -1."""
    hera: int
    limus: int
    chronus: int
    additional: bool
    """A Dionysus additional turn: move and build with an opponent's worker."""
    tokens: int
    """Morpheus: builds available this turn."""
    circe: bool
    """Circe's start-of-turn test, carried by her turn's results."""
    must_up: bool = False
    """Persephone: some legal turn goes up, so every turn must."""


class PowerTurn(NamedTuple):
    """Changes with every action of an advanced turn."""

    powers: Powers
    female: int
    """Where Selene's female worker stands now, -1 if she has none."""
    constrained: int
    """Aphrodite: workers that started next to hers and have not moved (current cells)."""
    strayed: int
    """Aphrodite: constrained workers that have moved (current cells)."""
    removed: int
    """Aphrodite's workers Bia removed this turn (they still count where they stood)."""
    towers: int
    """Complete towers built this turn by Dionysus' hand."""
    domed: bool
    """A dome was built this turn (Chaos draws)."""
    winner: int
    """Index of the winning player (Chronus may win in another's turn), -1 if none."""
    chosen: int
    """Charon: his worker that ferried and must now move, -1."""
    ending: int
    """End-of-turn actions taken (Ares' removal, Poseidon's builds)."""
    passed: bool


def effective_gods(position: Position) -> tuple[tuple[God | None, ...], bool]:
    """Each player's power this turn, and Circe's start-of-turn test when she moves."""
    lineup, cards = position.lineup, position.cards
    printed = lineup.gods
    if God.CHAOS not in printed and God.CIRCE not in printed:
        return printed, False  # the cards as printed: every turn of most games
    gods = list(printed)
    chaos = holder(printed, God.CHAOS)
    if chaos >= 0 and cards is not None:
        gods[chaos] = cards.chaos_power
    circe = holder(printed, God.CIRCE)
    test = False
    if circe >= 0:
        opponent = 1 - circe  # Circe plays two-player games only
        if position.to_move == circe:
            mask = position.workers[lineup.sides[opponent]]
            test = all(not NEIGHBOURS[cell] & mask for cell in cells_of(mask))
            steals = test
        else:
            steals = cards is not None and cards.circe
        gods[circe] = gods[opponent] if steals else None
        if steals:
            gods[opponent] = None
    return tuple(gods), test


_OPPOSING = {God.HYPNUS: 0, God.APHRODITE: 1, God.HERA: 2, God.LIMUS: 3, God.CHRONUS: 4}
"""The powers that act in other players' turns (Chronus in everyone's), by slot."""


@cache
def opposing(gods: tuple[God | None, ...], me: int) -> tuple[int, int, int, int, int, bool]:
    """Who holds Hypnus, Aphrodite, Hera, Limus and Chronus against `me` (-1: nobody;
    Chronus: `me` too), and whether an opponent holds Persephone. Cached: a game has
    few line-ups of powers, and every turn asks."""
    found = [-1, -1, -1, -1, -1]
    persephone = False
    for index, god in enumerate(gods):
        slot = _OPPOSING.get(god)  # type: ignore[arg-type]
        if slot is not None and (index != me or god is God.CHRONUS):
            found[slot] = index
        persephone = persephone or (god is God.PERSEPHONE and index != me)
    hypnus, aphrodite, hera, limus, chronus = found
    return hypnus, aphrodite, hera, limus, chronus, persephone


def hypnus_frozen(position: Position, side: int) -> int:
    """The mover's worker strictly higher than all their others (a lone worker too)."""
    cells = position.worker_cells(side)
    heights = [position.height(cell) for cell in cells]
    top = max(heights, default=-1)
    if heights.count(top) != 1:
        return 0
    return 1 << cells[heights.index(top)]


def start_powers(position: Position) -> Powers:
    cards = position.cards or _NO_CARDS
    gods, test = effective_gods(position)
    me = position.to_move
    additional = cards.extra_turns > 0
    hypnus, aphrodite, hera, limus, chronus, _ = opposing(gods, me)
    frozen = 0
    if not additional and hypnus >= 0:
        frozen = hypnus_frozen(position, position.side)
    tokens = cards.tokens + 1 if gods[me] is God.MORPHEUS and not additional else 0
    athena = position.athena
    up_ok = athena < 0 or position.lineup.sides[athena] == position.lineup.sides[me]
    god = None if additional else gods[me]
    chronus = -1 if additional else chronus
    fields = (gods, god, up_ok, frozen, aphrodite, hera, limus, chronus, additional, tokens, test)
    return tuple.__new__(Powers, (*fields, False))  # skips NamedTuple's parsing: every turn


_NO_CARDS = CardState()


def start_power_state(position: Position, powers: Powers) -> PowerTurn:
    cards = position.cards or CardState()
    constrained = constrained_by(position, powers.aphrodite)
    return PowerTurn(powers, cards.female, constrained, 0, 0, 0, False, -1, -1, 0, False)


def constrained_by(position: Position, aphrodite: int) -> int:
    """The workers next to Aphrodite's (player `aphrodite`, -1: none) at the start of
    the turn, which must end next to hers if they move."""
    if aphrodite < 0:
        return 0
    mine = position.workers[position.lineup.sides[aphrodite]]
    near = 0
    for cell in cells_of(mine):
        near |= NEIGHBOURS[cell]
    return position.occupied & ~mine & near


def athena_after(
    powers: Powers, movers: tuple[int, int], athena: int, *, moved_up: bool, out: int
) -> int:
    """Athena's block after the turn of `movers` (this player, the next): set when the
    mover had her power and moved up, else kept until her next turn; never after
    Dionysus' turns, nor for a player out of the game."""
    me, following = movers
    if powers.additional or following == me:
        return -1
    if powers.gods[me] is God.ATHENA and moved_up:
        return me
    if athena in (me, following) or (athena >= 0 and out >> athena & 1):
        return -1
    return athena
