"""What the advanced gods' cards remember between turns (contract v2's optional fields).

Each advanced god is in the box once, so each field belongs to at most one player:
Selene's female worker, the tokens on Morpheus' card, Chaos' face-up power and deck,
whether Circe holds her opponent's power, and the extra turns Dionysus is owed. A
position whose lineup has an advanced god always carries a `CardState` in canonical form
(fields of absent gods at their defaults), so that plain tuple equality is the contract's
equality; a position of simple gods carries None and keeps its v1 meaning and speed.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position_errors import UnsupportedPositionError


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


def shuffled_deck(gods: tuple[God | None, ...], rng: random.Random) -> tuple[God, ...] | None:
    """Chaos' cards shuffled as the board deals them (face-up power first), or None
    without Chaos."""
    chaos = holder(gods, God.CHAOS)
    if chaos < 0:
        return None
    deck = list(fresh_deck(gods, chaos))
    rng.shuffle(deck)
    return tuple(deck)


def dealt_cards(gods: tuple[God | None, ...], deck: tuple[God, ...] | None) -> CardState | None:
    """The cards at the start of a game whose Chaos deck was dealt as `deck` (face-up
    power first; None: the default order). A deck that is not the simple gods no other
    player holds raises `UnsupportedPositionError`."""
    cards = initial_cards(gods)
    if deck is None:
        return cards
    chaos = holder(gods, God.CHAOS)
    if cards is None or chaos < 0:
        raise UnsupportedPositionError("chaos", "a deck is dealt only to a Chaos player")
    expected = fresh_deck(gods, chaos)
    if len(deck) != len(expected) or set(deck) != set(expected):
        names = ", ".join(god.value for god in expected)
        raise UnsupportedPositionError("chaos", f"Chaos' deck holds each of {names} once")
    return cards._replace(chaos_power=deck[0], chaos_deck=deck[1:])
