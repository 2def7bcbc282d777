"""What two paired boards say to each other over MQTT (a contract: docs/run/two-boards.md).

Each board publishes its game under its own base topic: the whole game log, retained,
on `<prefix>/link/game` (a board that returns reads it and catches up), and each new
entry at once, not retained, on `<prefix>/link/turn`. Both are QoS 1 and carry the
shared game id; every entry carries its number and the hash of the position it leads to,
so a turn arriving twice is recognised and two boards that hold different positions
find out at the first entry where they part.

Pure: documents in, values out; anything malformed is a `LinkMessageError` naming what.

>>> game = Game.new(("A", "B"))
>>> game.place(parse_cell("a1")); game.place(parse_cell("d1"))
>>> [(e.n, e.kind, e.player, e.text) for e in game_entries(game)]
[(1, 'place', 'A', 'a1'), (2, 'place', 'A', 'd1')]
>>> entry_from_json(game_entries(game)[0].to_json()) == game_entries(game)[0]
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from santorini_hw.referee.game_clock import TimeControlError, parse_time_control
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God, parse_god
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.store.game_journal import play_entry, record_entries

VERSION = 1
KINDS = ("place", "turn")
"""The entries a linked game is made of (an adopted board or a loss on time is not
a turn the other board can carry out: it ends the link's agreement, see `LinkFollower`)."""


class LinkMessageError(ValueError):
    """A paired board's message that cannot be used; says which part is wrong."""


def position_hash(position: Position) -> str:
    """A short, stable digest of a position (the same on every board and Python run).

    >>> len(position_hash(Game.new(("A", "B")).position))
    16
    """
    text = json.dumps(position_to_json(position), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class LinkEntry:
    """One entry of a linked game: a worker placed or a whole turn, numbered from 1."""

    n: int
    kind: str
    player: str
    text: str
    """A placement's cell (`c3`) or a turn in the rules notation (`d1-d2 c1`)."""
    hash: str
    """`position_hash` of the position after it."""

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "kind": self.kind, "player": self.player, "text": self.text,
                "hash": self.hash}  # fmt: skip


@dataclass(frozen=True)
class GameLog:
    """One board's linked game as it publishes it."""

    game: str
    """The shared game id (`<prefix of the board that started it>#<its game>@<ms>`)."""
    players: tuple[str, ...]
    gods: tuple[God | None, ...]
    local: tuple[str, ...]
    """The players at the publishing board (the others are the receiving board's)."""
    entries: tuple[LinkEntry, ...]
    disagreement: str | None = None
    """Set while the publishing board holds a different game than its pair."""
    clock: str | None = None
    """The game's time control (`60+300`), None for none."""
    banks: Mapping[str, float] = field(default_factory=dict)
    """What the publishing board's clock has left of its players' banks, after their last
    move (their time runs there)."""
    lost_on_time: str | None = None
    """One of its players lost on time there."""

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "game": self.game,
            "players": list(self.players),
            "gods": [None if god is None else god.value for god in self.gods],
            "local": list(self.local),
            "entries": [entry.to_json() for entry in self.entries],
            "disagreement": self.disagreement,
            "clock": self.clock,
            "banks": dict(self.banks),
            "lost_on_time": self.lost_on_time,
        }


def game_entries(game: Game) -> list[LinkEntry]:
    """The game's record as numbered entries with their hashes (replayed from the start,
    so they are the rules' positions, not the board's)."""
    mirror = Game(game.lineup)
    entries = []
    for n, entry in enumerate(record_entries(game), start=1):
        if entry.kind not in KINDS:
            break
        play_entry(mirror, entry)
        entries.append(LinkEntry(n, entry.kind, entry.player, entry.text,
                                 position_hash(mirror.position)))  # fmt: skip
    return entries


def shared_id(prefix: str, game_id: int, started_ms: int) -> str:
    """The id both boards journal for one game: who started it, as what, and when.

    >>> shared_id("club/board-1", 17, 1764036000000)
    'club/board-1#17@1764036000000'
    """
    return f"{prefix}#{game_id}@{started_ms}"


def id_order(game: str) -> tuple[int, str]:
    """How two game ids compare: the later start wins, ties by the id (both boards agree).

    >>> id_order("club/board-1#17@1764036000000")
    (1764036000000, 'club/board-1#17@1764036000000')
    """
    _, at, ms = game.rpartition("@")
    if not at or not ms.isdigit():
        raise LinkMessageError(f"game: not a linked game id: {game[:80]!r}")
    return int(ms), game


def encode(document: Mapping[str, Any]) -> str:
    return json.dumps(document, separators=(",", ":"))


def turn_json(game: str, entry: LinkEntry) -> dict[str, Any]:
    """The message of one new entry (`<prefix>/link/turn`)."""
    return {"v": VERSION, "game": game, "entry": entry.to_json()}


def decode(payload: bytes | str) -> dict[str, Any]:
    try:
        document = json.loads(payload)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LinkMessageError(f"not JSON: {error}") from None
    if not isinstance(document, dict):
        raise LinkMessageError("a JSON object is expected")
    if document.get("v") != VERSION:
        raise LinkMessageError(f"v: protocol version {VERSION} expected, not {document.get('v')!r}")
    id_order(_text(document, "game"))
    return document


def log_from_json(document: Mapping[str, Any]) -> GameLog:
    players = tuple(_texts(document, "players"))
    gods_data = document.get("gods")
    if not isinstance(gods_data, list) or len(gods_data) != len(players):
        raise LinkMessageError("gods: one god name or null per player")
    try:
        gods = tuple(None if name is None else parse_god(name) for name in gods_data)
    except ValueError as error:
        raise LinkMessageError(f"gods: {error}") from None
    local = tuple(_texts(document, "local"))
    if not local or set(local) - set(players):
        raise LinkMessageError("local: some of the players")
    entries = document.get("entries")
    if not isinstance(entries, list):
        raise LinkMessageError("entries: a list")
    parsed = tuple(entry_from_json(entry) for entry in entries)
    if [entry.n for entry in parsed] != list(range(1, len(parsed) + 1)):
        raise LinkMessageError("entries: numbered 1, 2, ... in order")
    disagreement = document.get("disagreement")
    if disagreement is not None and not isinstance(disagreement, str):
        raise LinkMessageError("disagreement: a message or null")
    clock = document.get("clock")
    if clock is not None and not isinstance(clock, str):
        raise LinkMessageError("clock: a time control like 60+300, or null")
    try:
        if clock is not None and parse_time_control(clock) is None:
            clock = None  # "off"
    except TimeControlError as error:
        raise LinkMessageError(f"clock: {error}") from None
    banks = document.get("banks", {})
    if not isinstance(banks, Mapping) or not all(
        player in local and isinstance(left, int | float) and left >= 0
        for player, left in banks.items()
    ):
        raise LinkMessageError("banks: seconds left by player, for the publishing board's")
    lost = document.get("lost_on_time")
    if lost is not None and lost not in local:
        raise LinkMessageError("lost_on_time: one of the publishing board's players, or null")
    game = _text(document, "game")
    return GameLog(game, players, gods, local, parsed, disagreement, clock, banks, lost)


def entry_from_json(data: Any) -> LinkEntry:
    if not isinstance(data, Mapping):
        raise LinkMessageError("entry: an object")
    n = data.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise LinkMessageError(f"entry.n: a turn number from 1, not {n!r}")
    kind = _text(data, "kind")
    if kind not in KINDS:
        raise LinkMessageError(f"entry.kind: one of {', '.join(KINDS)}, not {kind!r}")
    text = _text(data, "text")
    if kind == "place":
        try:
            parse_cell(text)
        except ValueError as error:
            raise LinkMessageError(f"entry.text: {error}") from None
    return LinkEntry(n, kind, _text(data, "player"), text, _text(data, "hash"))


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value or len(value) > 200:
        raise LinkMessageError(f"{key}: a short text, not {str(value)[:40]!r}")
    return value


def _texts(data: Mapping[str, Any], key: str) -> list[str]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise LinkMessageError(f"{key}: a list of player names")
    return value
