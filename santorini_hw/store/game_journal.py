"""Keeps the journal in step with the referee's game, before anyone is told.

The referee changes its `Game` (turns, placements, takebacks, adopted boards); after
each batch of referee events the daemon calls `sync`, which compares the game's record
with what the journal holds and writes the difference: new placements and turns are
appended (each durable when written), taken-back ones are marked undone. Only then are
the lights and the API updated, so an acknowledged turn survives a power cut.

Positions are stored with each move; a mirror `Game` replays the record to get them, so
the journal's positions are the ones the rules give on restore.
"""

from __future__ import annotations

import copy
import logging

from santorini_hw.rules.actions import actions_text, parse_actions
from santorini_hw.rules.cells import cell_name, parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.position_json import (
    parse_position,
    position_from_json,
    position_to_json,
    position_to_text,
)
from santorini_hw.store import EventKind, ReplayError, Store, StoredGame

_log = logging.getLogger(__name__)

Entry = tuple[str, str, str]
"""(kind, player, text): ("place", "A", "c3"), ("turn", "A", "c3-c4 b4") or
("resync", "A", POSITION-JSON-TEXT)."""


def record_entries(game: Game) -> list[Entry]:
    """The game's record as journal entries (eliminations follow from the rules)."""
    entries: list[Entry] = []
    for line in game.record:
        if line.kind == "place":
            entries += [("place", line.player, cell_name(cell)) for cell in line.cells]
        elif line.kind == "turn":
            entries.append(("turn", line.player, actions_text(line.actions)))
        elif line.kind == "resync" and line.position is not None:
            entries.append(("resync", line.player, position_to_text(line.position)))
    return entries


def restore_game(stored: StoredGame) -> Game:
    """The stored game replayed; a game that no longer replays (a board was adopted
    mid-game) resumes from its last stored position, without takebacks before it."""
    try:
        return stored.replay()
    except ReplayError as error:
        standing = stored.standing_moves()
        _log.warning("%s; resuming from the last stored position", error)
        if not standing or standing[-1].kind != "turn":
            raise
        return Game.from_position(position_from_json(standing[-1].position))


class GameJournal:
    """The journal's view of one game: what it holds, and how to bring it up to date."""

    def __init__(self, store: Store, game_id: int, game: Game) -> None:
        self.store = store
        self.game_id = game_id
        self._entries = record_entries(game)
        self._mirror = copy.deepcopy(game)
        self.finished = game.winner is not None

    def sync(self, game: Game) -> None:
        """Write what changed in `game`'s record since the last sync (durably)."""
        entries = record_entries(game)
        common = 0
        for held, now in zip(self._entries, entries, strict=False):
            if held != now:
                break
            common += 1
        for kind, _player, text in reversed(self._entries[common:]):
            if kind == "resync":
                self.store.append_event(EventKind.UNDO, {"resync": text}, self.game_id)
            else:
                self.store.undo_last_turn(self.game_id)
            self._mirror.undo()
            self._entries.pop()
        for entry in entries[common:]:
            self._append(entry)
            self._entries.append(entry)
        if game.winner is not None and not self.finished:
            self.finish(game.winner, game.lost_on_time)

    def finish(self, winner: str | None, lost_on_time: str | None = None) -> None:
        """Close the game in the journal (winner None: abandoned)."""
        try:
            self.store.finish_game(self.game_id, winner, lost_on_time)
        except ReplayError as error:  # an adopted board: the record cannot prove the winner
            _log.warning("%s; recording the game as ended without a result", error)
            self.store.finish_game(self.game_id, None)
        self.finished = True

    def _append(self, entry: Entry) -> None:
        kind, player, text = entry
        mirror = self._mirror
        if kind == "place":
            cell = parse_cell(text)
            mirror.place(cell)
            self.store.append_placement(self.game_id, player, cell, mirror.position)
        elif kind == "turn":
            actions = parse_actions(text)
            mirror.play_turn(actions)
            self.store.append_turn(self.game_id, player, actions, mirror.position)
        else:
            position = parse_position(text)
            mirror.adopt(position)
            payload = {"player": player, "position": position_to_json(position)}
            self.store.append_event(EventKind.RESYNC, payload, self.game_id)
