"""What the advanced gods' cards remember between turns (contract v2's optional fields).

Each advanced god is in the box once, so each field belongs to at most one player:
Selene's female worker, the tokens on Morpheus' card, Chaos' face-up power and deck,
whether Circe holds her opponent's power, and the extra turns Dionysus is owed. A
position whose lineup has an advanced god always carries a `CardState` in canonical form
(fields of absent gods at their defaults), so that plain tuple equality is the contract's
equality; a position of simple gods carries None and keeps its v1 meaning and speed.
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.rules.gods import SIMPLE_GODS, God


class CardState(NamedTuple):
    female: int = -1
    """Cell of Selene's female worker, -1 when she has none (or there is no Selene)."""
    tokens: int = 0
    """Blocks on Morpheus' card before his start-of-turn gain."""
    chaos_power: God | None = None
    chaos_deck: tuple[God, ...] = ()
    """Chaos' face-down deck in draw order (first = next drawn)."""
    circe: bool = False
    """Circe's opponent is to move and Circe holds their power this turn."""
    extra_turns: int = 0
    """Dionysus' additional turns owed now (only while Dionysus is to move)."""


def holder(gods: tuple[God | None, ...], god: God) -> int:
    """Index of the player holding the card `god`, or -1."""
    for index, held in enumerate(gods):
        if held is god:
            return index
    return -1


def fresh_deck(gods: tuple[God | None, ...], chaos: int) -> tuple[God, ...]:
    """The simple gods no other player holds, alphabetical: Chaos' deck when none is
    given, and the deck reshuffled (in that order) when it runs out."""
    others = {god for index, god in enumerate(gods) if index != chaos}
    return tuple(god for god in SIMPLE_GODS if god not in others)


def initial_cards(gods: tuple[God | None, ...]) -> CardState | None:
    """The cards at the start of a game (Chaos: the default deck), or None without
    advanced gods."""
    if all(god is None or god.is_simple for god in gods):
        return None
    chaos = holder(gods, God.CHAOS)
    if chaos < 0:
        return CardState()
    deck = fresh_deck(gods, chaos)
    return CardState(chaos_power=deck[0], chaos_deck=deck[1:])
