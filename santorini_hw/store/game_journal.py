"""Keeps the journal in step with the referee's game, before anyone is told.

The referee changes its `Game` (turns, placements, takebacks, adopted boards); after
each batch of referee events the daemon calls `sync`, which compares the game's record
with what the journal holds and writes the difference in one transaction: taken-back
entries are marked undone and new ones appended together (`Store.replace_tail`), so a
power cut mid-correction leaves the old record or the new one. Only then are the lights
and the API updated, so an acknowledged turn survives a power cut.

Positions are stored with each move; a mirror `Game` replays the record to get them, so
the journal's positions are the ones the rules give on restore.
"""

from __future__ import annotations

import copy
import logging

from santorini_hw.rules.actions import actions_text, parse_actions
from santorini_hw.rules.cells import cell_name, parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import (
    parse_position,
    position_from_json,
    position_to_text,
)
from santorini_hw.store import Entry, ReplayError, Store, StoredGame

_log = logging.getLogger(__name__)


def record_entries(game: Game) -> list[Entry]:
    """The game's record as journal entries (eliminations follow from the rules)."""
    entries: list[Entry] = []
    for line in game.record:
        if line.kind == "place":
            entries += [Entry("place", line.player, cell_name(cell)) for cell in line.cells]
        elif line.kind == "turn":
            entries.append(Entry("turn", line.player, actions_text(line.actions)))
        elif line.kind == "resync" and line.position is not None:
            entries.append(Entry("resync", line.player, position_to_text(line.position)))
    return entries


def play_entry(game: Game, entry: Entry) -> None:
    """Play one journal entry on `game` (a resync adopts its board)."""
    kind, _player, text = entry
    if kind == "place":
        game.place(parse_cell(text))
    elif kind == "turn":
        game.play_turn(parse_actions(text))
    else:
        game.adopt(parse_position(text))


def restore_game(stored: StoredGame) -> Game:
    """The stored game replayed with its adopted boards (`StoredGame.resume`); a game
    that no longer replays (a board adopted before resyncs carried their place) resumes
    from its last stored position, without takebacks before it."""
    try:
        return stored.resume()
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
        self.finished = False
        if game.winner is not None:  # restored after its winning turn but not its end
            self.finish(game.winner, game.lost_on_time)

    def sync(self, game: Game) -> None:
        """Write what changed in `game`'s record since the last sync, as one transaction
        (`Store.replace_tail`): entries the game no longer has are taken back, new ones
        appended. On `StoreError` nothing is written and the next sync tries again."""
        entries = record_entries(game)
        common = 0
        for held, now in zip(self._entries, entries, strict=False):
            if held != now:
                break
            common += 1
        retract, added = self._entries[common:][::-1], entries[common:]
        if retract or added:
            self._write(retract, added)
            self._entries = entries
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

    def _write(self, retract: list[Entry], added: list[Entry]) -> None:
        """Move the mirror to the new record, write the change, or move it back."""
        undone: list[Entry] = []
        appended: list[tuple[Entry, Position]] = []
        try:
            for entry in retract:
                self._mirror.undo()
                undone.append(entry)
            for entry in added:
                appended.append((entry, self._apply(entry)))
            self.store.replace_tail(self.game_id, retract, appended)
        except BaseException:
            for _ in appended:
                self._mirror.undo()
            for entry in reversed(undone):
                self._apply(entry)
            raise

    def _apply(self, entry: Entry) -> Position:
        """Play `entry` on the mirror; the position after it."""
        play_entry(self._mirror, entry)
        return self._mirror.position
