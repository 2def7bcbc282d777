"""The daemon itself (`santorini-hw run --sim`, every commit slowed as on an SD card)
killed with SIGKILL while it journals a corrected build: after the restart the game's
record holds the turn as first played or as corrected, never neither (issue 32: with
the amend written as two transactions, a kill between them lost the turn)."""

from __future__ import annotations

import random
import signal
import time
from collections import Counter
from pathlib import Path

import pytest

from santorini_hw.store import Store
from tests.daemon.harness import Daemon
from tests.store.test_kill_mid_correction import kill_instants, slow_commits

DELAY = 0.1
"""Seconds each commit of the daemon waits."""
KILLS = 6
"""Kills spread over three commits' time from the correction's commit: before it lands,
inside it and after it."""
SETUP = {"A": ["c3", "a1"], "B": ["e5", "e2"]}


def commits(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def amend_and_kill(daemon: Daemon, log: Path, after: float) -> int:
    """A new game, A's turn c3-c4 b4 corrected to b5; SIGKILL `after` seconds into the
    first commit after the correction (or just after it). The game's id."""
    response = daemon.http.post("/api/games", json={"players": ["A", "B"]}, headers=daemon.auth)
    assert response.status_code == 201, response.text
    daemon.wait_state(lambda s: s["phase"] == "placement" and s["error"] is None, "a new game")
    daemon.place_workers(SETUP)
    daemon.turn("A", "c3-c4", "b4")
    daemon.lift("b4")
    time.sleep(0.3)  # the lift is seen before the block lands again
    before = commits(log)
    daemon.place("b5", "block")
    deadline = time.monotonic() + 30
    while commits(log) == before:
        assert time.monotonic() < deadline, "the correction was never journalled"
        time.sleep(0.005)
    time.sleep(after)
    assert daemon.process is not None
    daemon.process.send_signal(signal.SIGKILL)
    daemon.process.wait()
    return int(response.json()["game_id"])


@pytest.mark.long
def test_a_daemon_killed_inside_an_amend_keeps_the_turn_as_played_or_corrected(
    tmp_path: Path,
) -> None:
    state, log = tmp_path / "state", tmp_path / "commits.log"
    outcomes: Counter[str] = Counter()
    for after in kill_instants(random.Random(32), KILLS, 3 * DELAY):
        daemon = Daemon(state, slow_commits(DELAY, log)).start()
        try:
            game_id = amend_and_kill(daemon, log, after)
        finally:
            daemon.close()
        with Store.open(state / "games.sqlite3") as store:
            record = [move.notation for move in store.game(game_id).standing_moves()]
        assert sorted(record[:4]) == ["a1", "c3", "e2", "e5"]
        assert record[4:] in (["c3-c4 b4"], ["c3-c4 b5"]), f"the kill left {record}"
        outcomes[record[4]] += 1
    assert set(outcomes) == {"c3-c4 b4", "c3-c4 b5"}, "no kill landed on both sides"
