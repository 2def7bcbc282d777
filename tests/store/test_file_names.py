"""The daemon's journal is `games.sqlite3` in the state directory, and a damaged one is
moved aside as `games.sqlite3.corrupt-<UTC time>` with its WAL (issue 32: the names
the documentation gives)."""

from __future__ import annotations

from pathlib import Path

from santorini_hw.daemon.settings import Settings
from santorini_hw.store import Store
from tests.daemon.harness import Daemon


def test_the_journal_is_games_sqlite3_in_the_state_directory(tmp_path: Path) -> None:
    assert Settings(state_dir=tmp_path).database == tmp_path / "games.sqlite3"


def test_the_daemon_moves_a_damaged_journal_aside_under_its_own_name(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    damaged = b"not a database\n" * 400
    (state / "games.sqlite3").write_bytes(damaged)
    (state / "games.sqlite3-wal").write_bytes(b"stale wal")
    daemon = Daemon(state).start()
    try:
        assert daemon.state()["game_id"] == 1
    finally:
        daemon.close()
    [aside] = state.glob("games.sqlite3.corrupt-*T??????")  # UTC: 20261124T233640
    assert aside.read_bytes() == damaged
    assert Path(f"{aside}-wal").read_bytes() == b"stale wal"
    with Store.open(state / "games.sqlite3") as store:
        assert store.events()[0].kind == "store_recovered"
