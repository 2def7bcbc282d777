"""Seats: who plays each colour, as the API, the settings, the journal and the simulator
write it.

`{"B": {"kind": "engine", "level": 4}}`: a seat not named is a person at the board. A
`remote` seat (`{"kind": "remote"}`) is a person somewhere else: their turns come from a
phone or another board (`seats/remote_seat.py`) and are carried out at the board, as
the engine's are.

>>> seats = parse_seats({"B": {"kind": "engine", "level": 4}}, ("A", "B"))
>>> seats_json(seats, ("A", "B"))
{'A': {'kind': 'person'}, 'B': {'kind': 'engine', 'level': 4}}
>>> seats.remote
frozenset({'B'})
>>> parse_seats({"B": {"kind": "remote"}}, ("A", "B"))["B"].to_json()
{'kind': 'remote'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

KINDS = ("person", "engine", "remote")
LEVELS = range(1, 11)


class SeatsError(ValueError):
    """Seats that cannot be: the message starts with the offending seat or field."""


@dataclass(frozen=True)
class Seat:
    kind: str = "person"
    level: int | None = None
    """1-10 for an engine seat; None for a person or a remote player."""

    def to_json(self) -> dict[str, Any]:
        if self.level is None:
            return {"kind": self.kind}
        return {"kind": self.kind, "level": self.level}


PERSON = Seat()
REMOTE = Seat("remote")
_NAMES = {"person": "person", "remote": "remote player"}


@dataclass(frozen=True)
class Seats:
    """The seats of one game by player (persons left out)."""

    away: Mapping[str, Seat] = field(default_factory=dict)
    """The seats not at the board (the engine's, the remote players'), by player."""

    def __getitem__(self, player: str) -> Seat:
        return self.away.get(player, PERSON)

    @property
    def remote(self) -> frozenset[str]:
        """Players not at the board: their turns are carried out by someone who is."""
        return frozenset(self.away)

    def of_kind(self, kind: str) -> frozenset[str]:
        """The players seated as `kind` ("engine" or "remote")."""
        return frozenset(player for player, seat in self.away.items() if seat.kind == kind)

    def __bool__(self) -> bool:
        return bool(self.away)


NO_SEATS = Seats()


def parse_seats(data: Any, players: tuple[str, ...]) -> Seats:
    """Seats from their JSON; `SeatsError` names the seat and what is wrong with it."""
    if data is None:
        return NO_SEATS
    if not isinstance(data, Mapping):
        raise SeatsError('seats: an object of player -> {"kind": ..., "level": ...}')
    away: dict[str, Seat] = {}
    for player, seat in data.items():
        if player not in players:
            raise SeatsError(f"seats.{player}: not one of the players ({', '.join(players)})")
        parsed = _seat(f"seats.{player}", seat)
        if parsed.kind != "person":
            away[player] = parsed
    return Seats({p: away[p] for p in players if p in away})


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
    if kind != "engine":
        if level is not None:
            raise SeatsError(f"{where}.level: a {_NAMES[kind]} has no level")
        return PERSON if kind == "person" else REMOTE
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise SeatsError(f"{where}.level: a whole number from 1 to 10, not {level!r}")
    return Seat(kind, level)


def seats_json(seats: Seats, players: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Every player's seat, persons included (the state's and the journal's form)."""
    return {player: seats[player].to_json() for player in players}
