"""Random position JSON documents for the advanced gods: a random board, random gods
(every pairing the rules accept), and random values of contract v2's fields."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from santorini_hw.rules.gods import God, barred_gods
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import parse_position
from tests.rules.reference_advanced import SIMPLE, name

NAMES = [None, *(god.value for god in God)]


def refused(gods: list[str | None]) -> bool:
    from santorini_hw.rules.gods import parse_god
    from tests.rules.helpers import playable

    return not playable(tuple(None if g is None else parse_god(g) for g in gods))


def random_document(rng: random.Random, gods: list[str | None]) -> dict[str, Any]:
    """A position for `gods` (one per player, A first): random heights, domes, 1-2 workers
    each, and the v2 fields their gods read."""
    players = ["A", "B", "C"][: len(gods)]
    cells = rng.sample(range(25), 25)
    heights = {name(c): rng.choice([0, 0, 1, 1, 2, 2, 3]) for c in range(25)}
    workers: dict[str, list[str]] = {}
    taken = iter(cells)
    for player in players:
        count = 1 if rng.random() < 0.15 else 2
        workers[player] = sorted(name(next(taken)) for _ in range(count))
    occupied = {c for cells_ in workers.values() for c in cells_}
    domes = [name(c) for c in cells[6:] if rng.random() < 0.1 and name(c) not in occupied]
    to_move = rng.choice(players)
    doc: dict[str, Any] = {
        "heights": {c: h for c, h in heights.items() if h},
        "domes": domes,
        "workers": workers,
        "gods": dict(zip(players, gods, strict=True)),
        "to_move": to_move,
    }
    for player, god in zip(players, gods, strict=True):
        if god == "Selene" and rng.random() < 0.8:
            doc["female"] = {player: rng.choice(workers[player])}
        if god == "Morpheus":
            doc["tokens"] = {player: rng.randrange(3)}
        if god == "Chaos" and rng.random() < 0.7:
            deck = [g for g in SIMPLE if g not in gods]
            rng.shuffle(deck)
            doc["chaos"] = {player: {"power": deck[0], "deck": deck[1 : rng.randrange(1, 5)]}}
        if god == "Circe" and to_move != player:
            doc["circe_has_power"] = rng.random() < 0.5
        if god == "Dionysus" and to_move == player and rng.random() < 0.5:
            doc["extra_turns"] = rng.randrange(1, 3)
    advanced = any(god is not None and god not in SIMPLE for god in gods)
    if len(players) == 2 and advanced and rng.random() < 0.15:
        doc["athena_moved_up"] = True  # an opponent moved up with Athena's power
    return doc


def pairings(rng: random.Random) -> list[list[str | None]]:
    """Every two-player pairing the rules accept (both orders), and as many random
    three-player line-ups without the gods barred there."""
    two = [[a, b] for a in NAMES for b in NAMES if not refused([a, b])]
    barred = {god.value for god in barred_gods(3)}
    three_names = [g for g in NAMES if g not in barred and g is not None]
    three = []
    while len(three) < len(NAMES):
        gods = rng.sample(three_names, 3)
        if not refused(gods):
            three.append(gods)
    return two + three


Reshape = Callable[[random.Random, dict[str, Any]], None]
"""Changes a random document in place (more domes, towers, stairs) before it is read."""


def positions_holding(
    god: God, seed: int, per_pairing: int = 3, reshape: Reshape | None = None
) -> list[Position]:
    """`per_pairing` random positions of every accepted line-up holding `god`."""
    rng = random.Random(seed)
    found = []
    for gods in pairings(rng):
        if god.value in gods:
            for _ in range(per_pairing):
                document = random_document(rng, gods)
                if reshape is not None:
                    reshape(rng, document)
                found.append(parse_position(json.dumps(document)))
    return found
