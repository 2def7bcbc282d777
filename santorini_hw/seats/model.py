"""Seats: who plays each colour, as the API, the settings, the journal and the simulator
write it.

`{"B": {"kind": "engine", "level": 4}}`: a seat not named is a person at the board.

>>> seats = parse_seats({"B": {"kind": "engine", "level": 4}}, ("A", "B"))
>>> seats_json(seats, ("A", "B"))
{'A': {'kind': 'person'}, 'B': {'kind': 'engine', 'level': 4}}
>>> seats.remote
frozenset({'B'})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

KINDS = ("person", "engine")
LEVELS = range(1, 11)


class SeatsError(ValueError):
    """Seats that cannot be: the message starts with the offending seat or field."""


@dataclass(frozen=True)
class Seat:
    kind: str = "person"
    level: int | None = None
    """1-10 for an engine seat; None for a person."""

    def to_json(self) -> dict[str, Any]:
        if self.kind == "person":
            return {"kind": "person"}
        return {"kind": self.kind, "level": self.level}


PERSON = Seat()


@dataclass(frozen=True)
class Seats:
    """The seats of one game by player (persons left out)."""

    engines: Mapping[str, Seat] = field(default_factory=dict)

    def __getitem__(self, player: str) -> Seat:
        return self.engines.get(player, PERSON)

    @property
    def remote(self) -> frozenset[str]:
        """Players not at the board: their turns are carried out by someone who is."""
        return frozenset(self.engines)

    def __bool__(self) -> bool:
        return bool(self.engines)


NO_SEATS = Seats()


def parse_seats(data: Any, players: tuple[str, ...]) -> Seats:
    """Seats from their JSON; `SeatsError` names the seat and what is wrong with it."""
    if data is None:
        return NO_SEATS
    if not isinstance(data, Mapping):
        raise SeatsError('seats: an object of player -> {"kind": ..., "level": ...}')
    engines: dict[str, Seat] = {}
    for player, seat in data.items():
        if player not in players:
            raise SeatsError(f"seats.{player}: not one of the players ({', '.join(players)})")
        parsed = _seat(f"seats.{player}", seat)
        if parsed.kind != "person":
            engines[player] = parsed
    return Seats({p: engines[p] for p in players if p in engines})


def _seat(where: str, data: Any) -> Seat:
    if isinstance(data, Seat):
        return data
    if not isinstance(data, Mapping):
        raise SeatsError(f'{where}: an object like {{"kind": "engine", "level": 4}}')
    unknown = [key for key in data if key not in ("kind", "level")]
    if unknown:
        raise SeatsError(f"{where}.{unknown[0]}: unknown field (kind, level)")
    kind = data.get("kind", "person")
    if kind not in KINDS:
        raise SeatsError(f"{where}.kind: one of {', '.join(KINDS)}, not {kind!r}")
    level = data.get("level")
    if kind == "person":
        if level is not None:
            raise SeatsError(f"{where}.level: a person has no level")
        return PERSON
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise SeatsError(f"{where}.level: a whole number from 1 to 10, not {level!r}")
    return Seat(kind, level)


def seats_json(seats: Seats, players: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Every player's seat, persons included (the state's and the journal's form)."""
    return {player: seats[player].to_json() for player in players}
