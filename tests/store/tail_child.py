"""Child process for the mid-correction kill test: a journal whose every commit is slow
(an SD card's fsync: `slow_commits`), kept in step by the daemon's `GameJournal` while random changes
are made to the record, until it is killed.

    python -m tests.store.tail_child JOURNAL SEED KIND   (from the repository root,
    with tests/store/slow_commits first on PYTHONPATH: every commit is slow)

It restores the unfinished game from the journal's log first. Before each change it
prints ``{"change": KIND, "game": ID, "old": RECORD, "new": RECORD}`` (the record before
and after, lists of entries), after it ``{"synced": KIND}``; after the first change of
KIND it waits to be killed, so that the kill cannot land in a later change. Kinds: ``turn``, ``place`` (appends), ``amend`` (the last turn
replaced by another), ``undo`` (one turn taken back), ``takeback`` (two turns),
``resync`` (a board adopted) and ``unresync`` (the adopted board taken back and a turn
played instead).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import generate_turns, random_turn
from santorini_hw.store import Store
from santorini_hw.store.game_journal import GameJournal, play_entry, record_entries
from tests.store.helpers import IncreasingClock, standing_entries


def changes(game: Game, rng: random.Random) -> dict[str, Callable[[], None]]:
    """The changes possible now, by kind."""
    record = record_entries(game)
    found: dict[str, Callable[[], None]] = {}
    if game.phase is Phase.PLACEMENT:
        free = [c for c in range(CELL_COUNT) if not game.position.occupied >> c & 1]
        found["place"] = lambda: game.place(rng.choice(free))
        return found
    found["turn"] = lambda: _random_turn(game, rng)
    found["resync"] = lambda: _adopt(game, rng)
    last_two = [entry.kind for entry in record[-2:]]
    if last_two[-1:] == ["turn"]:
        found["undo"] = game.undo
        found["amend"] = lambda: _amend(game, rng)
    if last_two == ["turn", "turn"]:
        found["takeback"] = lambda: (game.undo(), game.undo())
    if last_two[-1:] == ["resync"]:
        found["unresync"] = lambda: (game.undo(), _random_turn(game, rng))
    return found


def _random_turn(game: Game, rng: random.Random) -> None:
    turn = random_turn(game.position, rng)
    assert turn is not None  # Game ends the game when the player to move is trapped
    game.play_turn(turn.actions)


def _adopt(game: Game, rng: random.Random) -> None:
    """The board shows another legal successor of the position: adopt it."""
    turn = random_turn(game.position, rng)
    assert turn is not None
    game.adopt(turn.result)


def _amend(game: Game, rng: random.Random) -> None:
    played = game.record[-1].actions
    game.undo()
    others = [turn for turn in generate_turns(game.position) if turn.actions != played]
    game.play_turn(rng.choice(others).actions if others else played)


def restored(store: Store) -> tuple[int, Game]:
    stored = store.unfinished_game()
    if stored is None:
        game_id = store.start_game(("A", "B"), (God.PAN, God.HEPHAESTUS))
        return game_id, store.game(game_id).info.new_game()
    game = stored.info.new_game()
    for entry in standing_entries(store, stored.info.id):
        play_entry(game, entry)
    return stored.info.id, game


def main(path: Path, seed: int, last: str) -> None:
    rng = random.Random(seed)
    with Store.open(path, clock=IncreasingClock()) as store:
        while True:
            game_id, game = restored(store)
            journal = GameJournal(store, game_id, game)
            while game.phase is not Phase.OVER:
                kind, change = rng.choice(sorted(changes(game, rng).items()))
                old = standing_entries(store, game_id)
                change()
                new = record_entries(game)
                line = {"change": kind, "game": game_id, "old": old, "new": new}
                print(json.dumps(line), flush=True)
                journal.sync(game)
                print(json.dumps({"synced": kind}), flush=True)
                if kind == last:
                    time.sleep(3600)
            assert store.unfinished_game() is None


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
