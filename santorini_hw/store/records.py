"""What the journal gives back: games, their moves and events, replay into a `Game`, export.

A stored game is its lineup plus every placement and turn ever confirmed, including the
ones taken back (marked, never deleted). Replaying the moves not taken back rebuilds the
`Game` exactly; each stored position is checked on the way, so a journal that no longer
agrees with the rules (say, after a rules fix) is reported rather than silently restored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from santorini_hw.rules.actions import NotationError, parse_actions
from santorini_hw.rules.cells import CellError, parse_cell
from santorini_hw.rules.game import Game, GameError
from santorini_hw.rules.gods import God, parse_god
from santorini_hw.rules.notation import record_text
from santorini_hw.rules.position_errors import PositionError
from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.rules.turn import IllegalActionError
from santorini_hw.store.schema import StoreError


class EventKind(StrEnum):
    """What happened, for the events table (stored as the text value)."""

    DAEMON_START = "daemon_start"
    DAEMON_STOP = "daemon_stop"
    STORE_RECOVERED = "store_recovered"
    GAME_START = "game_start"
    GAME_END = "game_end"
    UNDO = "undo"
    RESYNC = "resync"
    ERROR_RAISED = "error_raised"
    ERROR_CLEARED = "error_cleared"
    BRIDGE_CONNECTED = "bridge_connected"
    BRIDGE_DISCONNECTED = "bridge_disconnected"
    BOARD_LINK = "board_link"
    """The paired board's game this one follows (`daemon/board_link/`): a restart reads it."""
    CLOCK = "clock"
    """A game clock's snapshot (`game_clock.ClockSnapshot`): what a restart resumes."""
    SEATS = "seats"
    """A game's seats and the engine's seed (`daemon/seating.py`): a restart reads them."""
    REMOTE_TURN = "remote_turn"
    """A remote seat's turn as sent, before it is carried out (`daemon/remote_play.py`)."""
    SEAT_INVITES = "seat_invites"
    """The hashes of a game's seat tokens (`daemon/invitations.py`), the whole set each time."""


class Entry(NamedTuple):
    """One line of a game's record as the journal writes it: ``("place", "A", "c3")``,
    ``("turn", "A", "c3-c4 b4")`` or ``("resync", "A", POSITION-JSON-TEXT)``."""

    kind: str
    player: str
    text: str


class ReplayError(StoreError):
    """A stored game does not replay under the current rules (names the game and ply)."""


@dataclass(frozen=True)
class StoredMove:
    """One placed worker (``kind="place"``, notation a cell) or one whole turn."""

    id: int
    ply: int
    player: str
    kind: str
    notation: str
    position: dict[str, Any]
    """Position JSON after the move."""
    time: float
    undone_by: int | None
    """The undo event that took this move back, or None while it stands."""

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> StoredMove:
        """From a ``turns`` row (`journal._MOVE_COLUMNS`, in that order)."""
        notation, position = row[4], json.loads(row[5])
        return cls(row[0], row[1], row[2], row[3], notation, position, row[6], row[7])

    @property
    def taken_back(self) -> bool:
        return self.undone_by is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "kind": self.kind,
            "notation": self.notation,
            "position": self.position,
            "time": self.time,
            "taken_back": self.taken_back,
        }


@dataclass(frozen=True)
class GameInfo:
    """A game's header row: who played with which gods, when, and who won."""

    id: int
    players: tuple[str, ...]
    gods: tuple[God | None, ...]
    teams: tuple[tuple[str, ...], ...] | None
    started_at: float
    ended_at: float | None
    winner: str | None
    """None for a game still going, or ended without a result (abandoned)."""
    clock: str | None = None
    """The time control (``60+300``), None for a game without a clock."""
    lost_on_time: str | None = None
    chaos_deck: tuple[God, ...] | None = None
    """Chaos' cards as the board dealt them (face-up power first); None: the rules' order."""

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> GameInfo:
        """From a ``games`` row (`journal._GAME_COLUMNS`, in that order)."""
        teams = None if row[3] is None else tuple(tuple(team) for team in json.loads(row[3]))
        gods = tuple(None if name is None else parse_god(name) for name in json.loads(row[2]))
        deck = None if row[9] is None else tuple(parse_god(name) for name in json.loads(row[9]))
        started, ended, winner, clock, lost_on_time = row[4:9]
        return cls(
            row[0], tuple(json.loads(row[1])), gods, teams, started, ended, winner,
            clock, lost_on_time, deck,
        )  # fmt: skip

    @property
    def finished(self) -> bool:
        return self.ended_at is not None

    def new_game(self) -> Game:
        return Game.new(self.players, self.gods, self.teams, self.chaos_deck)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "players": list(self.players),
            "gods": [god.value if god else None for god in self.gods],
            "teams": None if self.teams is None else [list(team) for team in self.teams],
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "winner": self.winner,
            "clock": self.clock,
            "lost_on_time": self.lost_on_time,
            "chaos_deck": None if self.chaos_deck is None else [g.value for g in self.chaos_deck],
        }


@dataclass(frozen=True)
class Evaluation:
    """The engine's judgement of the position after one standing move of a game."""

    ply: int
    score: int
    """For the game's first player (their side): positive is good for them."""
    best: str | None
    """The engine's turn from that position, in notation (None: no turn, or over)."""
    depth: int

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "score": self.score, "best": self.best, "depth": self.depth}


@dataclass(frozen=True)
class Event:
    id: int
    game_id: int | None
    time: float
    kind: str
    """An `EventKind` value (kept as text so that newer kinds still read)."""
    payload: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"time": self.time, "kind": self.kind, "payload": self.payload}


@dataclass(frozen=True)
class StoredResync:
    """A board adopted mid-game (a resync) that stands, after the game's first
    `after_ply` moves: moves are only ever taken back from the end, so those stay."""

    after_ply: int
    player: str
    position: dict[str, Any]


def standing_resyncs(events: list[Event]) -> tuple[StoredResync, ...]:
    """The adopted boards not taken back, from a game's events in their order: an undo
    of a resync always takes back the newest one standing. Resyncs journalled before
    they carried `after_ply` cannot be placed and are left out (as they were then)."""
    standing: list[StoredResync | None] = []
    for event in events:
        payload = event.payload
        if event.kind == EventKind.RESYNC:
            standing.append(
                StoredResync(payload["after_ply"], payload["player"], payload["position"])
                if "after_ply" in payload
                else None
            )
        elif event.kind == EventKind.UNDO and "resync" in payload and standing:
            standing.pop()
    return tuple(resync for resync in standing if resync is not None)


def _adopt_due(game: Game, pending: list[StoredResync], ply: int) -> list[StoredResync]:
    """Adopt the boards due once `ply` moves stand; returns those still to come."""
    while pending and pending[0].after_ply <= ply:
        try:
            game.adopt(position_from_json(pending.pop(0).position))
        except (PositionError, GameError) as error:
            raise ReplayError(f"an adopted board after ply {ply}: {error}") from None
    return pending


@dataclass(frozen=True)
class StoredGame:
    info: GameInfo
    moves: tuple[StoredMove, ...]
    """Every move in the order confirmed, the ones taken back included."""
    resyncs: tuple[StoredResync, ...] = ()
    """The boards adopted mid-game and not taken back, in the order adopted."""

    def standing_moves(self) -> tuple[StoredMove, ...]:
        return tuple(move for move in self.moves if not move.taken_back)

    def replay(self) -> Game:
        """The game's moves as they stand: placements and turns not taken back, checked
        ply by ply (boards adopted mid-game left out: the record the notation exports)."""
        return self._replayed(())

    def resume(self) -> Game:
        """The game as the board last stood: `replay` with each standing adopted board
        played in its place, so a restart after a resync keeps the adopted board."""
        return self._replayed(self.resyncs)

    def _replayed(self, resyncs: tuple[StoredResync, ...]) -> Game:
        game = self.info.new_game()
        pending = list(resyncs)
        for move in self.standing_moves():
            pending = _adopt_due(game, pending, move.ply - 1)
            where = f"game {self.info.id} ply {move.ply} ({move.player}: {move.notation})"
            if move.player != game.player:
                raise ReplayError(f"{where}: it is {game.player}'s move")
            try:
                if move.kind == "place":
                    game.place(parse_cell(move.notation))
                else:
                    game.play_turn(parse_actions(move.notation))
            except (CellError, NotationError, IllegalActionError, GameError) as error:
                raise ReplayError(f"{where}: {error}") from None
            if position_to_json(game.position) != move.position:
                raise ReplayError(f"{where}: the rules give a different position than stored")
        _adopt_due(game, pending, len(self.standing_moves()))
        if self.info.lost_on_time is not None:
            game.lose_on_time(self.info.lost_on_time)
        return game

    def record_text(self) -> str:
        """The rules notation record (round-trips through `notation.parse_record`)."""
        return record_text(self.replay())

    def to_json(self, events: tuple[Event, ...] = ()) -> dict[str, Any]:
        return {
            **self.info.to_json(),
            "record": self.record_text(),
            "moves": [move.to_json() for move in self.moves],
            "events": [event.to_json() for event in events],
        }
