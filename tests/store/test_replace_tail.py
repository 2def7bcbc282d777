"""`Store.replace_tail`: the record's last entries taken back and others appended as one
change, refused whole when it does not fit the record; and what a restart finds when a
game's end was not written (issue 32)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import random_turn
from santorini_hw.store import Entry, Store, StoreError
from santorini_hw.store.game_journal import GameJournal, record_entries, restore_game
from tests.store.helpers import IncreasingClock, place_all, play_turn, standing_entries

GODS = (God.PAN, God.ATLAS)


def open_store(path: Path) -> Store:
    return Store.open(path, clock=IncreasingClock())


def played(store: Store, turns: int, seed: int = 3) -> tuple[int, Game]:
    rng = random.Random(seed)
    game_id = store.start_game(("A", "B"), GODS)
    game = Game.new(("A", "B"), GODS)
    place_all(store, game_id, game, rng)
    for _ in range(turns):
        play_turn(store, game_id, game, rng)
    return game_id, game


def test_a_takeback_of_two_turns_and_a_new_turn_are_one_change(tmp_path: Path) -> None:
    with open_store(tmp_path / "games.sqlite3") as store:
        game_id, game = played(store, 6)
        before = record_entries(game)
        game.undo()
        game.undo()
        turn = random_turn(game.position, random.Random(9))
        assert turn is not None
        game.play_turn(turn.actions)
        after = record_entries(game)
        store.replace_tail(game_id, before[:-3:-1], [(after[-1], game.position)])
        assert standing_entries(store, game_id) == after
        assert store.game(game_id).replay().position == game.position
        undone = [move.notation for move in store.game(game_id).moves if move.taken_back]
        assert undone == [entry.text for entry in before[-2:]]


def test_a_retraction_that_is_not_the_last_move_changes_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path / "games.sqlite3") as store:
        game_id, game = played(store, 4)
        before = record_entries(game)
        wrong = [before[-1], before[-3]]  # skips a turn: not the record's tail
        with pytest.raises(StoreError, match="the last move is"):
            store.replace_tail(game_id, wrong)
        assert standing_entries(store, game_id) == before
        assert not any(move.taken_back for move in store.game(game_id).moves)


def adopted(store: Store, seed: int) -> tuple[int, Game, GameJournal]:
    """Two turns played, then a board adopted (another successor of the position)."""
    game_id, game = played(store, 2)
    journal = GameJournal(store, game_id, game)
    turn = random_turn(game.position, random.Random(seed))
    assert turn is not None
    game.adopt(turn.result)
    journal.sync(game)
    return game_id, game, journal


def test_a_resync_and_its_takeback_are_journalled(tmp_path: Path) -> None:
    with open_store(tmp_path / "games.sqlite3") as store:
        game_id, game, journal = adopted(store, 1)
        assert standing_entries(store, game_id)[-1] == Entry(*record_entries(game)[-1])
        game.undo()
        journal.sync(game)
        assert standing_entries(store, game_id) == record_entries(game)


def test_a_failed_write_changes_nothing_and_the_next_sync_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with open_store(path) as store:
        game_id, game = played(store, 3)
        journal = GameJournal(store, game_id, game)
        before = record_entries(game)
        game.undo()
        turn = random_turn(game.position, random.Random(4))
        assert turn is not None
        game.play_turn(turn.actions)
        failing = sqlite3.connect(path)
        failing.execute(
            "CREATE TRIGGER full BEFORE INSERT ON turns BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
        with pytest.raises(StoreError, match="disk full"):
            journal.sync(game)
        assert standing_entries(store, game_id) == before
        failing.execute("DROP TRIGGER full")
        failing.close()
        journal.sync(game)
        assert standing_entries(store, game_id) == record_entries(game)
        assert store.game(game_id).replay().position == game.position


def test_a_won_game_whose_end_was_not_written_is_closed_on_restore(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with open_store(path) as store:
        game_id, game = played(store, 0)
        rng = random.Random(5)
        while game.winner is None:
            play_turn(store, game_id, game, rng)
        # the process died after the winning turn's commit, before the game's end
    with open_store(path) as store:
        stored = store.unfinished_game()
        assert stored is not None
        journal = GameJournal(store, game_id, restore_game(stored))
        assert journal.finished and store.unfinished_game() is None
        assert store.game(game_id).info.winner == game.winner
        store.start_game(("A", "B"))  # the next game can begin


def test_an_adopted_board_game_can_be_abandoned(tmp_path: Path) -> None:
    with open_store(tmp_path / "games.sqlite3") as store:
        game_id, game, journal = adopted(store, 2)
        play_turn(store, game_id, game, random.Random(6))  # no longer replays from the start
        journal.finish(None)
        assert store.unfinished_game() is None


def restored(path: Path) -> Game:
    """What a restart resumes: the unfinished game in the journal at `path`."""
    with open_store(path) as store:
        stored = store.unfinished_game()
        assert stored is not None
        return restore_game(stored)


def random_synced_turn(game: Game, journal: GameJournal, rng: random.Random) -> None:
    """A random legal turn played and journalled."""
    turn = random_turn(game.position, rng)
    assert turn is not None
    game.play_turn(turn.actions)
    journal.sync(game)


def restarts_as(path: Path, game: Game) -> Game:
    """The game a restart resumes, checked to be `game` (position and record)."""
    back = restored(path)
    assert back.position == game.position
    assert record_entries(back) == record_entries(game)
    return back


def test_a_restart_right_after_a_resync_keeps_the_adopted_board(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with open_store(path) as store:
        _game_id, game, _journal = adopted(store, 1)
    restarts_as(path, game)


def test_a_restart_keeps_turns_played_after_two_resyncs(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    rng = random.Random(8)
    with open_store(path) as store:
        _game_id, game, journal = adopted(store, 1)
        for _ in range(2):
            random_synced_turn(game, journal, rng)
        other = random_turn(game.position, rng)
        assert other is not None
        game.adopt(other.result)
        journal.sync(game)
    back = restarts_as(path, game)
    back.undo()  # the adopted board is taken back to the turn before it, as before the restart
    game.undo()
    assert back.position == game.position


def test_a_resync_taken_back_before_a_restart_stays_taken_back(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with open_store(path) as store:
        _game_id, game, journal = adopted(store, 3)
        game.undo()
        random_synced_turn(game, journal, random.Random(9))
    restarts_as(path, game)
