"""Request bodies of the API: validated by FastAPI, answered with 422 naming the field.

Numbers must be finite (NaN and Infinity are input errors); names are checked against
`player_names` (no markup can pass), god names are short. A game id in a path is
written in digits only (`game_id`): ``1.0``, ``+1`` or ``1 `` would otherwise pass as 1.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from santorini_hw.referee.game_clock import TimeControlError, parse_time_control
from santorini_hw.rules.gods import God, UnknownGodError, parse_board_god
from santorini_hw.rules.player_names import PLAYER_NAME_PATTERN, RULE

Cell = Annotated[str, Field(pattern=r"^[a-e][1-5]$", description="a cell, a1..e5")]
PlayerName = Annotated[
    str, Field(min_length=1, max_length=16, pattern=PLAYER_NAME_PATTERN, description=RULE)
]
GodName = Annotated[str, Field(min_length=1, max_length=16, description="a god, e.g. Apollo")]


ID_DIGITS = re.compile(r"0|[1-9][0-9]{0,18}")
"""An id as digits: no sign, point, space or leading zero, at most 19 (int64); 0 is
left to the route's bound (``ge=1``) to refuse."""


def plain_id(value: object) -> object:
    """Refuse a path's id that is not plain digits (before pydantic's lax int parsing)."""
    if isinstance(value, str) and not ID_DIGITS.fullmatch(value):
        raise ValueError("a game id is a positive whole number in plain digits, like 12")
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class SeatChoice(_Strict):
    """Who plays one colour: a person at the board, the engine at a level, or a remote
    player (a phone, another board)."""

    kind: Literal["person", "engine", "remote"] = "person"
    level: Annotated[int, Field(ge=1, le=10)] | None = None
    """1 (a beginner) to 10 (the full hint engine); an engine seat needs one."""


class NewGame(_Strict):
    """A new game: its players in turn order and their gods, given or drawn."""

    players: Annotated[list[PlayerName], Field(min_length=2, max_length=4)] = ["A", "B"]
    gods: Annotated[list[GodName | None], Field(max_length=4)] | None = None
    """One god name (or null) per player, with `selection` "given"."""
    selection: Literal["none", "given", "random"] = "none"
    pool: Literal["simple", "advanced", "all"] | None = None
    """The gods `random` draws from (none barred for the number of players, no pairing
    the rules refuse); null: the board's `god_pool` setting."""
    clock: Annotated[str, Field(max_length=32)] = "off"
    """The game clock: "off", "tournament" or MOVE+BANK seconds ("60+300")."""
    seats: dict[PlayerName, SeatChoice] | None = None
    """Who plays each colour (`{"B": {"kind": "engine", "level": 4}}`); a seat not
    named is a person at the board."""

    @field_validator("players")
    @classmethod
    def _distinct(cls, players: list[str]) -> list[str]:
        if len(set(players)) != len(players):
            raise ValueError("player names must be distinct")
        return players

    @field_validator("gods")
    @classmethod
    def _known_gods(cls, gods: list[str | None] | None) -> list[str | None] | None:
        """Known names, each god at most once: there is one card of each."""
        chosen: set[God] = set()
        for name in gods or []:
            if name is not None:
                try:
                    god = parse_board_god(name)
                except UnknownGodError as error:
                    raise ValueError(str(error)) from None
                if god in chosen:
                    raise ValueError(f"{god.value} is given twice: there is one card of each god")
                chosen.add(god)
        return gods

    @field_validator("clock")
    @classmethod
    def _time_control(cls, clock: str) -> str:
        try:
            parse_time_control(clock)
        except TimeControlError as error:
            raise ValueError(str(error)) from None
        return clock


class MenuChoice(_Strict):
    option: Annotated[str, Field(min_length=1, max_length=32)]
    """One of the options of the menu's current step (its `options` in the state)."""


class MenuSeats(_Strict):
    seats: dict[PlayerName, SeatChoice]
    """Who plays each colour of the game being set up (a colour not named: a person)."""


class MenuNames(_Strict):
    names: dict[PlayerName, PlayerName | Literal[""]]
    """Each colour's player name ("" or left out: the colour itself)."""


class Resync(_Strict):
    mode: Literal["adopt", "restore"]
    """adopt: the board as it stands becomes the game; restore: back to the record."""


class CellRequest(_Strict):
    cell: Cell


class PlaceRequest(_Strict):
    cell: Cell
    piece: Literal["worker", "block", "dome"]
    player: PlayerName | None = None
    """The worker's player (workers only)."""


class PressRequest(_Strict):
    button: Literal["done", "undo", "hint"]


class HoldRequest(_Strict):
    button: Literal["done", "undo", "hint"]
    seconds: Annotated[float, Field(gt=0, le=30)] = 2.5
    """How long the button stays down on the board's clock (a hold is 2 s or more)."""


class RemoteTurn(_Strict):
    """A remote seat's turn: its actions in the rules notation (a placement: its cells)."""

    actions: Annotated[list[Annotated[str, Field(max_length=8)]], Field(max_length=16)]
    """``["c3-c4", "d4"]``; one of `GET /api/seats/{player}/turns`, or the same actions
    in another legal order."""
