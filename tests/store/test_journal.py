"""The journal records games move by move, never deletes, and gives back a replayable game."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest

from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.rules.notation import parse_record, record_text
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.store import EventKind, ReplayError, Store, StoreError
from tests.store.helpers import place_all, play_turn, play_until_over

GODS = (God.APOLLO, God.MINOTAUR)
PLACEMENT = tuple(parse_cell(c) for c in ("b3", "c4", "c2", "c3"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    ticks = count(1_700_000_000)
    with Store.open(tmp_path / "games.sqlite3", clock=lambda: float(next(ticks))) as opened:
        yield opened


def placed_game() -> Game:
    game = Game.new(("A", "B"), GODS)
    for cell in PLACEMENT:
        game.place(cell)
    return game


def test_a_turn_appended_is_there_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    game = placed_game()
    with Store.open(path) as store:
        game_id = store.start_game(("A", "B"), GODS, placement=PLACEMENT)
        game.play_turn(parse_actions("c4-d5 d4"))
        ply = store.append_turn(game_id, "A", parse_actions("c4-d5 d4"), game.position)
    with Store.open(path) as store:
        turn = store.game(game_id).moves[-1]
    assert (ply, turn.ply, turn.player, turn.kind, turn.notation) == (5, 5, "A", "turn", "c4-d5 d4")
    assert turn.position == position_to_json(game.position)


def test_start_game_records_the_lineup_and_each_placed_worker(store: Store) -> None:
    game_id = store.start_game(("A", "B"), GODS, placement=PLACEMENT)
    stored = store.game(game_id)
    assert (stored.info.players, stored.info.gods, stored.info.teams) == (("A", "B"), GODS, None)
    assert [(m.ply, m.player, m.kind, m.notation) for m in stored.moves] == [
        (1, "A", "place", "b3"),
        (2, "A", "place", "c4"),
        (3, "B", "place", "c2"),
        (4, "B", "place", "c3"),
    ]
    assert [e.kind for e in store.events(game_id)] == [EventKind.GAME_START]


def test_four_players_are_stored_with_their_teams(store: Store) -> None:
    game_id = store.start_game(("A", "B", "C", "D"))
    assert store.game(game_id).info.teams == (("A", "C"), ("B", "D"))


def test_undo_marks_the_last_move_taken_back_and_keeps_it(store: Store) -> None:
    game = placed_game()
    game_id = store.start_game(("A", "B"), GODS, placement=PLACEMENT)
    game.play_turn(parse_actions("c4-d5 d4"))
    store.append_turn(game_id, "A", parse_actions("c4-d5 d4"), game.position)

    taken_back = store.undo_last_turn(game_id)
    game.undo()
    game.play_turn(parse_actions("b3-a2 a1"))
    ply = store.append_turn(game_id, "A", parse_actions("b3-a2 a1"), game.position)

    moves = store.game(game_id).moves
    assert taken_back.notation == "c4-d5 d4"
    assert [(m.ply, m.notation, m.taken_back) for m in moves[4:]] == [
        (5, "c4-d5 d4", True),
        (5, "b3-a2 a1", False),
    ]
    assert ply == 5
    undo = store.events(game_id)[-1]
    assert (undo.kind, undo.payload) == ("undo", {"ply": 5, "player": "A", "notation": "c4-d5 d4"})
    assert moves[4].undone_by == undo.id


def test_undo_can_take_back_a_placement(store: Store) -> None:
    game_id = store.start_game(("A", "B"), GODS, placement=PLACEMENT[:3])
    assert store.undo_last_turn(game_id).notation == "c2"
    assert [m.notation for m in store.game(game_id).standing_moves()] == ["b3", "c4"]


def test_undo_with_nothing_played_is_refused(store: Store) -> None:
    game_id = store.start_game(("A", "B"))
    with pytest.raises(StoreError, match="nothing to undo"):
        store.undo_last_turn(game_id)


def test_restore_replays_the_standing_moves_into_the_same_game(store: Store) -> None:
    rng = random.Random(7)
    game = Game.new(("A", "B"), (God.DEMETER, God.ATLAS))
    game_id = store.start_game(("A", "B"), (God.DEMETER, God.ATLAS))
    place_all(store, game_id, game, rng)
    for number in range(12):
        play_turn(store, game_id, game, rng)
        if number % 4 == 3:
            store.undo_last_turn(game_id)
            game.undo()

    stored = store.unfinished_game()
    assert stored is not None and stored.info.id == game_id
    restored = stored.replay()
    assert restored.position == game.position
    assert restored.record == game.record


def test_export_text_round_trips_through_the_rules_notation(store: Store) -> None:
    rng = random.Random(3)
    game = Game.new(("A", "B"), GODS)
    game_id = store.start_game(("A", "B"), GODS)
    place_all(store, game_id, game, rng)
    play_until_over(store, game_id, game, rng)
    store.finish_game(game_id, game.winner)

    text = store.export_text(game_id)
    assert text == record_text(game)
    reread = parse_record(text)
    assert (reread.position, reread.winner) == (game.position, game.winner)


def test_export_json_holds_the_record_every_move_and_the_events(store: Store) -> None:
    game = placed_game()
    game_id = store.start_game(("A", "B"), GODS, placement=PLACEMENT)
    game.play_turn(parse_actions("c4-d5 d4"))
    store.append_turn(game_id, "A", parse_actions("c4-d5 d4"), game.position)
    store.undo_last_turn(game_id)
    store.append_event(EventKind.RESYNC, {"cells": ["d4"]}, game_id)

    exported = store.export_json(game_id)
    assert exported["players"] == ["A", "B"]
    assert exported["gods"] == ["Apollo", "Minotaur"]
    assert exported["record"].splitlines()[-2:] == ["A places b3 c4", "B places c2 c3"]
    assert [(m["notation"], m["taken_back"]) for m in exported["moves"]][-1] == ("c4-d5 d4", True)
    assert [e["kind"] for e in exported["events"]] == ["game_start", "undo", "resync"]


def test_a_finished_game_takes_no_more_moves_and_is_not_restored(store: Store) -> None:
    rng = random.Random(5)
    game = Game.new(("A", "B"))
    game_id = store.start_game(("A", "B"))
    place_all(store, game_id, game, rng)
    play_until_over(store, game_id, game, rng)
    store.finish_game(game_id, game.winner)

    assert store.unfinished_game() is None
    assert store.games()[0].winner == game.winner
    with pytest.raises(StoreError, match="finished"):
        store.append_turn(game_id, "A", parse_actions("a1-a2 a1"), game.position)
    with pytest.raises(StoreError, match="finished"):
        store.undo_last_turn(game_id)


def test_a_winner_the_moves_do_not_give_is_refused(store: Store) -> None:
    game_id = store.start_game(("A", "B"), placement=PLACEMENT)
    with pytest.raises(StoreError, match="winner"):
        store.finish_game(game_id, "B")
    assert store.unfinished_game() is not None


def test_only_one_game_is_open_at_a_time(store: Store) -> None:
    first = store.start_game(("A", "B"))
    with pytest.raises(StoreError, match=f"game {first} is unfinished"):
        store.start_game(("A", "B"))
    store.finish_game(first, None)
    second = store.start_game(("A", "B"))
    assert [(g.id, g.finished, g.winner) for g in store.games()] == [
        (first, True, None),
        (second, False, None),
    ]


def test_events_are_kept_with_or_without_a_game(store: Store) -> None:
    store.append_event(EventKind.DAEMON_START, {"version": "0.1.0"})
    game_id = store.start_game(("A", "B"))
    store.append_event(EventKind.ERROR_RAISED, {"cells": ["b4"]}, game_id)
    store.append_event(EventKind.BRIDGE_DISCONNECTED)

    assert [(e.game_id, e.kind) for e in store.events()] == [
        (None, "daemon_start"),
        (game_id, "game_start"),
        (game_id, "error_raised"),
        (None, "bridge_disconnected"),
    ]
    assert store.events(game_id)[-1].payload == {"cells": ["b4"]}
    assert [e.time for e in store.events()] == sorted(e.time for e in store.events())


def test_the_database_itself_refuses_to_delete_or_rewrite(store: Store) -> None:
    game_id = store.start_game(("A", "B"), placement=PLACEMENT)
    raw = sqlite3.connect(store.path)
    try:
        for statement in (
            "DELETE FROM turns",
            "UPDATE turns SET notation = 'a1'",
            "DELETE FROM events",
            "UPDATE games SET players = '[]'",
        ):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                raw.execute(statement)
    finally:
        raw.close()
    assert len(store.game(game_id).moves) == 4


def test_a_stored_position_the_rules_disagree_with_is_reported_on_replay(store: Store) -> None:
    game = placed_game()
    game_id = store.start_game(("A", "B"), GODS, placement=PLACEMENT)
    before = game.position
    game.play_turn(parse_actions("c4-d5 d4"))
    store.append_turn(game_id, "A", parse_actions("c4-d5 d4"), before)
    stored = store.unfinished_game()
    assert stored is not None
    with pytest.raises(ReplayError, match=f"game {game_id} ply 5 .*different position"):
        stored.replay()


def test_an_unknown_game_is_named_in_the_error(store: Store) -> None:
    with pytest.raises(StoreError, match="no game 42"):
        store.game(42)
