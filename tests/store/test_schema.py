"""The journal file: WAL with fsync'ed commits, a schema version that migrates, damage detected."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from santorini_hw.rules.cells import parse_cell
from santorini_hw.store import (
    SCHEMA_VERSION,
    CorruptStoreError,
    EventKind,
    NewerSchemaError,
    Store,
    StoreError,
    open_or_recover,
    quarantine,
)
from santorini_hw.store.schema import CACHE_KIB, MIGRATIONS, connect, migrate

PLACEMENT = tuple(parse_cell(c) for c in ("b3", "c4", "c2", "c3"))


def pragma(path: Path, name: str) -> object:
    raw = sqlite3.connect(path)
    try:
        return raw.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        raw.close()


def journal_with_games(path: Path, games: int) -> None:
    with Store.open(path) as store:
        for _ in range(games):
            game_id = store.start_game(("A", "B"), placement=PLACEMENT)
            store.finish_game(game_id, None)


def test_a_new_journal_has_the_current_schema_version_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    journal_with_games(path, 1)
    assert pragma(path, "user_version") == SCHEMA_VERSION
    assert pragma(path, "journal_mode") == "wal"


def test_commits_are_fsynced_synchronous_full(tmp_path: Path) -> None:
    connection = connect(tmp_path / "games.sqlite3")
    try:
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        connection.close()


def test_the_page_cache_is_bounded_below_sqlites_default(tmp_path: Path) -> None:
    """SQLite's 2,000 KiB default filled as the journal grew: the soak's RSS crept up."""
    connection = connect(tmp_path / "games.sqlite3")
    try:
        assert connection.execute("PRAGMA cache_size").fetchone()[0] == -CACHE_KIB
        assert CACHE_KIB < 2000
    finally:
        connection.close()


def test_a_migration_upgrades_the_file_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    journal_with_games(path, 2)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        found = migrate(connection, path, (*MIGRATIONS, "ALTER TABLE games ADD COLUMN note TEXT;"))
        assert found == SCHEMA_VERSION
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert connection.execute("SELECT COUNT(*), COUNT(note) FROM games").fetchone() == (2, 0)
    finally:
        connection.close()


def test_a_failed_migration_leaves_the_old_version(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    journal_with_games(path, 1)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        broken = (*MIGRATIONS, "ALTER TABLE games ADD COLUMN note TEXT; NOT SQL;")
        with pytest.raises(StoreError, match=f"migration to version {SCHEMA_VERSION + 1} failed"):
            migrate(connection, path, broken)
    finally:
        connection.close()
    assert pragma(path, "user_version") == SCHEMA_VERSION
    with Store.open(path) as store:
        assert len(store.games()) == 1


def test_a_journal_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    journal_with_games(path, 1)
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    with pytest.raises(NewerSchemaError, match="newer"):
        open_or_recover(path)
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_a_file_that_is_not_a_database_is_reported_as_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not sqlite\n" * 400)
    with pytest.raises(CorruptStoreError, match=f"{path}: not a usable database"):
        Store.open(path)


def test_a_truncated_journal_is_reported_as_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    journal_with_games(path, 60)
    size = path.stat().st_size
    with path.open("r+b") as file:
        file.truncate(size // 2)
    with pytest.raises(CorruptStoreError, match=str(path)):
        Store.open(path)


def test_a_damaged_journal_is_moved_aside_and_a_fresh_one_started(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    damaged = b"this is not sqlite\n" * 400
    path.write_bytes(damaged)
    Path(f"{path}-wal").write_bytes(b"stale wal")

    store, aside = open_or_recover(path, clock=lambda: 1_700_000_000.0)
    with store:
        assert aside == tmp_path / "games.sqlite3.corrupt-20231114T221320"
        assert aside.read_bytes() == damaged
        assert Path(f"{aside}-wal").read_bytes() == b"stale wal"
        assert store.games() == []
        [event] = store.events()
        assert (event.kind, event.payload["moved_to"]) == (EventKind.STORE_RECOVERED, str(aside))


def test_a_healthy_journal_opens_without_recovery(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    journal_with_games(path, 1)
    store, aside = open_or_recover(path)
    with store:
        assert (aside, len(store.games())) == (None, 1)


def test_quarantine_never_overwrites_an_earlier_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"first")
    first = quarantine(path, clock=lambda: 0.0)
    path.write_bytes(b"second")
    second = quarantine(path, clock=lambda: 0.0)
    assert first != second
    assert (first.read_bytes(), second.read_bytes()) == (b"first", b"second")
    assert not path.exists()
