"""The journal's SQLite schema, its version (``PRAGMA user_version``) and migrations.

Migration ``i`` takes a database from version ``i`` to ``i + 1``; each runs in one
transaction together with the new ``user_version``, so a power cut mid-migration leaves
the old version intact. A file written by a newer version is refused, never touched.

Append-only is enforced by the database itself: triggers refuse deletes and any update
except marking a turn as taken back (once) and ending a game (once).

Version 2 adds each game's time control and who lost on time (issue 15), and the
`analysis` table: the engine's evaluation after each move, written after the game.
Version 3 adds Chaos' deck as the board shuffled it (issue 31), so that a restored game
deals the same cards.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    players TEXT NOT NULL,        -- JSON list of player ids in turn order
    gods TEXT NOT NULL,           -- JSON list: a god name or null per player
    teams TEXT,                   -- JSON list of lists (four players), else NULL
    started_at REAL NOT NULL,     -- Unix time
    ended_at REAL,
    winner TEXT                   -- NULL with ended_at set: abandoned
);
CREATE TABLE turns (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,         -- 1-based among the moves not taken back
    player TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('place', 'turn')),
    notation TEXT NOT NULL,       -- a cell for 'place', the actions text for 'turn'
    position TEXT NOT NULL,       -- position JSON after the move
    time REAL NOT NULL,
    undone_by INTEGER REFERENCES events(id)
);
CREATE INDEX turns_by_game ON turns(game_id, id);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    game_id INTEGER REFERENCES games(id),
    time REAL NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL         -- JSON object
);
CREATE INDEX events_by_game ON events(game_id, id);
CREATE TRIGGER turns_keep BEFORE DELETE ON turns
BEGIN SELECT RAISE(ABORT, 'turns are append-only'); END;
CREATE TRIGGER turns_fixed BEFORE UPDATE OF id, game_id, ply, player, kind, notation, position, time
ON turns BEGIN SELECT RAISE(ABORT, 'turns are append-only'); END;
CREATE TRIGGER turns_undone_once BEFORE UPDATE OF undone_by ON turns
WHEN OLD.undone_by IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a turn is taken back only once'); END;
CREATE TRIGGER events_keep BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_fixed BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER games_keep BEFORE DELETE ON games
BEGIN SELECT RAISE(ABORT, 'games are append-only'); END;
CREATE TRIGGER games_fixed BEFORE UPDATE OF id, players, gods, teams, started_at
ON games BEGIN SELECT RAISE(ABORT, 'games are append-only'); END;
CREATE TRIGGER games_end_once BEFORE UPDATE OF ended_at, winner ON games
WHEN OLD.ended_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a game ends only once'); END;
"""

_V2 = """
ALTER TABLE games ADD COLUMN clock TEXT;         -- the time control ("60+300"), NULL: none
ALTER TABLE games ADD COLUMN lost_on_time TEXT;  -- the player whose clock ran out, or NULL
DROP TRIGGER games_fixed;
CREATE TRIGGER games_fixed BEFORE UPDATE OF id, players, gods, teams, started_at, clock
ON games BEGIN SELECT RAISE(ABORT, 'games are append-only'); END;
CREATE TRIGGER games_time_once BEFORE UPDATE OF lost_on_time ON games
WHEN OLD.ended_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a game ends only once'); END;
CREATE TABLE analysis (
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,         -- the standing move after which the position is judged
    score INTEGER NOT NULL,       -- for the game's first player: positive is good for them
    best TEXT,                    -- the engine's turn from that position, or NULL
    depth INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TRIGGER analysis_keep BEFORE DELETE ON analysis
BEGIN SELECT RAISE(ABORT, 'analysis is append-only'); END;
CREATE TRIGGER analysis_fixed BEFORE UPDATE ON analysis
BEGIN SELECT RAISE(ABORT, 'analysis is append-only'); END;
"""

_V3 = """
ALTER TABLE games ADD COLUMN chaos_deck TEXT;    -- JSON list: Chaos' cards as dealt, NULL: none
DROP TRIGGER games_fixed;
CREATE TRIGGER games_fixed BEFORE UPDATE OF id, players, gods, teams, started_at, clock, chaos_deck
ON games BEGIN SELECT RAISE(ABORT, 'games are append-only'); END;
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3)
SCHEMA_VERSION = len(MIGRATIONS)
CACHE_KIB = 256
"""SQLite's page cache per connection (64 pages of 4 KiB)."""


class StoreError(Exception):
    """The journal cannot be used as asked (the message says which file and why)."""


class UnknownGameError(StoreError):
    """No game with that id (the message names the id only: it may reach an API client)."""


class CorruptStoreError(StoreError):
    """The file is not a readable SQLite database: move it aside (`quarantine`) and start anew."""


class NewerSchemaError(StoreError):
    """Written by a newer santorini-hw: left untouched rather than treated as corrupt."""


def connect(path: Path) -> sqlite3.Connection:
    """Open `path` in WAL mode with fsync'ed commits, checked and migrated to this version.

    ``synchronous=FULL``: in WAL mode, ``NORMAL`` fsyncs only at checkpoints, so a commit
    that returned can still vanish in a power cut. ``FULL`` fsyncs the WAL at every
    commit: once `commit` returns, the turn is on the card (as far as the card honours
    fsync). Autocommit mode (``isolation_level=None``): transactions are explicit.
    The page cache is bounded at `CACHE_KIB`: SQLite's default (2,000 KiB) fills as the
    journal grows, which a day of play shows as the daemon's memory creeping up for an
    hour or more; the journal only appends and reads back one game at a time.
    """
    if path.exists() and path.stat().st_size:
        _check(path)
    try:
        connection = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as error:
        raise StoreError(f"{path}: cannot open ({error})") from None
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        migrate(connection, path)
    except sqlite3.Error as error:
        connection.close()
        raise StoreError(f"{path}: cannot set up the journal ({error})") from None
    except BaseException:
        connection.close()
        raise
    return connection


def _check(path: Path) -> None:
    """Read every page now, so a damaged file fails at start rather than mid-game.

    Read-only: a writable connection to a damaged file deletes its WAL on close, and that
    WAL may hold the last confirmed turns.
    """
    try:
        checker = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise StoreError(f"{path}: cannot open ({error})") from None
    try:
        verdict = checker.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        raise CorruptStoreError(f"{path}: not a usable database ({error})") from None
    finally:
        checker.close()
    if verdict != [("ok",)]:
        problems = "; ".join(str(row[0]) for row in verdict[:3])
        raise CorruptStoreError(f"{path}: database is damaged ({problems})")


def migrate(
    connection: sqlite3.Connection, path: Path, migrations: Sequence[str] = MIGRATIONS
) -> int:
    """Bring the schema up to ``len(migrations)``; returns the version found before."""
    found: int = connection.execute("PRAGMA user_version").fetchone()[0]
    if found > len(migrations):
        raise NewerSchemaError(
            f"{path}: schema version {found} is newer than this program's {len(migrations)}"
        )
    for version in range(found, len(migrations)):
        try:
            connection.executescript(
                f"BEGIN IMMEDIATE;\n{migrations[version]}\nPRAGMA user_version = {version + 1};\n"
                "COMMIT;"
            )
        except sqlite3.Error as error:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise StoreError(
                f"{path}: migration to version {version + 1} failed ({error})"
            ) from None
    return found
