"""Games played with random legal turns and journalled as the daemon will: move, then append."""

from __future__ import annotations

import random
import time
from typing import Any

from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position_json import position_from_json, position_to_text
from santorini_hw.rules.turns import random_turn
from santorini_hw.store import Entry, EventKind, Store


def place_all(store: Store, game_id: int, game: Game, rng: random.Random) -> None:
    """Each player puts both workers on random free cells."""
    while game.phase is Phase.PLACEMENT:
        player = game.player
        cell = rng.choice([c for c in range(CELL_COUNT) if not game.position.occupied >> c & 1])
        game.place(cell)
        store.append_placement(game_id, player, cell, game.position)


def play_turn(store: Store, game_id: int, game: Game, rng: random.Random) -> tuple[int, str]:
    """One random legal turn played and appended; returns its ply and notation."""
    turn = random_turn(game.position, rng)
    assert turn is not None  # Game ends the game when the player to move is trapped
    player = game.player
    game.play_turn(turn.actions)
    return store.append_turn(game_id, player, turn.actions, game.position), actions_text(
        turn.actions
    )


def play_until_over(store: Store, game_id: int, game: Game, rng: random.Random) -> None:
    while game.phase is Phase.PLAY:
        play_turn(store, game_id, game, rng)


def standing_entries(store: Store, game_id: int) -> list[Entry]:
    """The game's record as the journal holds it, read back from its log alone: every
    move and resync pushed, every undo popping the newest (checked), in the order of
    their times (the writers' clocks must be strictly increasing)."""
    log: list[tuple[float, Entry | dict[str, Any]]] = []
    for move in store.game(game_id).moves:
        log.append((move.time, Entry(move.kind, move.player, move.notation)))
    for event in store.events(game_id):
        if event.kind == EventKind.RESYNC:
            position = position_to_text(position_from_json(event.payload["position"]))
            log.append((event.time, Entry("resync", event.payload["player"], position)))
        elif event.kind == EventKind.UNDO:
            log.append((event.time, event.payload))
    assert len({time for time, _ in log}) == len(log), "two records share a time"
    record: list[Entry] = []
    for _time, item in sorted(log, key=lambda pair: pair[0]):
        if isinstance(item, Entry):
            record.append(item)
        else:
            undone = record.pop()
            assert item.get("resync", item.get("notation")) == undone.text, "undo mismatch"
    return record


class IncreasingClock:
    """Unix time, nudged so that no two records of this process share a time."""

    def __init__(self) -> None:
        self.last = 0.0

    def __call__(self) -> float:
        self.last = max(time.time(), self.last + 1e-6)
        return self.last
