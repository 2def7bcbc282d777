"""A loss on time in the rules' record, the journal and its migration."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game, GameError
from santorini_hw.rules.gods import God
from santorini_hw.rules.notation import parse_record, record_text
from santorini_hw.store import Store, StoreError
from santorini_hw.store.schema import MIGRATIONS, SCHEMA_VERSION, migrate


def placed_game() -> Game:
    game = Game.new(("A", "B"))
    for cell in ("a1", "b1", "d5", "e5"):
        game.place(parse_cell(cell))
    return game


def test_a_loss_on_time_ends_the_game_for_the_other_side_and_round_trips() -> None:
    game = placed_game()
    game.lose_on_time("A")
    assert game.winner == "B" and game.lost_on_time == "A"
    text = record_text(game)
    assert '[Result "B"]' in text and text.endswith("A loses on time\n")
    again = parse_record(text)
    assert again.winner == "B" and again.lost_on_time == "A"


def test_in_a_team_game_the_other_team_wins_on_time() -> None:
    game = Game.new(("A", "B", "C", "D"))
    game.lose_on_time("C")
    assert game.winners == ("B", "D")


def test_three_players_cannot_lose_on_time() -> None:
    game = Game.new(("A", "B", "C"), _gods())
    with pytest.raises(GameError, match="two sides"):
        game.lose_on_time("A")


def _gods() -> tuple[God, ...]:
    return (God.APOLLO, God.PAN, God.ATLAS)


def test_the_journal_records_the_loss_on_time_in_the_result(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id = store.start_game(("A", "B"), clock="60+300")
        with pytest.raises(StoreError, match="do not make 'B' the winner"):
            store.finish_game(game_id, "B")
        store.finish_game(game_id, "B", lost_on_time="A")
        info = store.games()[0]
        assert (info.clock, info.lost_on_time, info.winner) == ("60+300", "A", "B")
        assert store.export_text(game_id).endswith('[Result "B"]\nA loses on time\n')
        assert store.events(game_id)[-1].payload == {"winner": "B", "lost_on_time": "A"}


def test_a_version_1_journal_migrates_keeping_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    raw = sqlite3.connect(path, isolation_level=None)
    migrate(raw, path, MIGRATIONS[:1])
    raw.execute(
        "INSERT INTO games (players, gods, started_at) VALUES ('[\"A\", \"B\"]', '[null, null]', 1)"
    )
    raw.close()
    with Store.open(path) as store:
        assert [(g.id, g.clock, g.lost_on_time) for g in store.games()] == [(1, None, None)]
        assert store.analysis(1) == []
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE games SET clock = '1+1'")
    raw.close()
