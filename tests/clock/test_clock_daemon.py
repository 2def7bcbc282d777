"""The clock in a real daemon (`santorini-hw run --sim` in a subprocess): set over the
API and the menu, shown in the state, and surviving kill -9 and a restart."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.daemon.harness import Daemon


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def daemon(state_dir: Path) -> Iterator[Daemon]:
    running = Daemon(state_dir).start()
    yield running
    running.close()


def clock_game(daemon: Daemon, clock: str = "60+300") -> dict[str, Any]:
    body = {"players": ["A", "B"], "selection": "none", "clock": clock}
    state: dict[str, Any] = daemon.post("games", body).json()["state"]
    return state


def last_snapshot(database: Path) -> dict[str, Any]:
    raw = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)
    try:
        row = raw.execute(
            "SELECT payload FROM events WHERE kind = 'clock' ORDER BY id DESC"
        ).fetchone()
    finally:
        raw.close()
    return json.loads(row[0])  # type: ignore[no-any-return]


def test_a_new_game_with_a_clock_shows_both_clocks_and_a_bad_one_is_refused(daemon: Daemon) -> None:
    state = clock_game(daemon)
    assert state["clock"]["control"] == "60+300"
    assert set(state["clock"]["players"]) == {"A", "B"}
    bad = daemon.http.post(
        "/api/games", json={"players": ["A", "B"], "clock": "sixty"}, headers=daemon.auth
    )
    assert bad.status_code == 422 and "60+300" in bad.text
    three = daemon.http.post(
        "/api/games",
        json={"players": ["A", "B", "C"], "selection": "random", "clock": "tournament"},
        headers=daemon.auth,
    )
    assert three.status_code == 422 and "two sides" in three.text  # an input problem
    assert daemon.post("games", {"players": ["A", "B"]}).json()["state"]["clock"] is None


def test_the_menu_over_the_api_sets_a_clock_and_holds_the_running_one(daemon: Daemon) -> None:
    clock_game(daemon)
    daemon.wait_state(lambda s: s["clock"]["running"] == "A", "A's clock")
    state = daemon.post("menu").json()
    assert "menu" in state["clock"]["held"]
    for option, step in (
        ("2", "procedure"),
        ("quick", "pool"),
        ("simple", "clock"),
        ("30+120", "god"),
    ):
        daemon.post("menu/choose", {"option": option})
        state = daemon.post("menu/confirm").json()
        assert state["menu"]["step"] == step, (option, state["menu"])
    refused = daemon.http.post("/api/menu/confirm", headers=daemon.auth)
    assert refused.status_code == 409 and "choose 1" in refused.text
    wrong = daemon.http.post("/api/menu/choose", json={"option": "Zeus"}, headers=daemon.auth)
    assert wrong.status_code == 409 and "not an option" in wrong.text
    daemon.post("menu/choose", {"option": state["menu"]["options"][0]})
    state = daemon.post("menu/confirm").json()
    assert state["menu"]["player"] == "B"
    daemon.post("menu/choose", {"option": state["menu"]["options"][0]})
    state = daemon.post("menu/confirm").json()
    assert state["menu"] is None and state["clock"]["control"] == "30+120"
    assert all(bank["bank_left"] <= 120.0 for bank in state["clock"]["players"].values())
    assert daemon.http.get("/api/games").json()[-1]["clock"] == "30+120"


def test_an_unplugged_bridge_holds_the_running_clock(daemon: Daemon) -> None:
    clock_game(daemon)
    daemon.wait_state(lambda s: s["error"] is None and s["phase"] == "placement", "empty board")
    daemon.place_workers({"A": ["a1", "e1"], "B": ["a5", "e5"]})
    daemon.wait_state(lambda s: s["clock"]["counting"], "A's clock counting")
    daemon.post("sim/unplug")
    state = daemon.wait_state(lambda s: "bridge" in s["clock"]["held"], "the clock held")
    assert not state["clock"]["counting"] and state["clock"]["running"] == "A"
    held = state["clock"]["players"]["A"]["move_left"]
    assert daemon.state()["clock"]["players"]["A"]["move_left"] == held
    daemon.post("sim/replug")
    daemon.wait_state(lambda s: s["clock"]["counting"], "the clock counting again")


def test_the_clock_survives_kill_9_and_resumes_the_journalled_time(
    daemon: Daemon, state_dir: Path
) -> None:
    clock_game(daemon)
    daemon.wait_state(lambda s: s["error"] is None and s["phase"] == "placement", "empty board")
    daemon.place_workers({"A": ["a1", "e1"], "B": ["a5", "e5"]})
    state = daemon.wait_state(lambda s: s["clock"]["running"] == "A", "A's turn clock")
    b_bank = state["clock"]["players"]["B"]["bank_left"]
    assert daemon.stop(signal.SIGKILL) == -signal.SIGKILL
    snapshot = last_snapshot(state_dir / "games.sqlite3")
    assert snapshot["player"] == "A"
    restarted = time.monotonic()
    again = Daemon(state_dir).start()
    try:
        # The simulated board comes back empty: the clock holds until it is put back.
        state = again.wait_state(lambda s: s["clock"] is not None, "the restored clock")
        assert state["clock"]["running"] == "A"
        assert state["clock"]["players"]["B"]["bank_left"] == b_bank
        assert "mismatch" in state["clock"]["held"] and not state["clock"]["counting"]
        assert state["clock"]["players"]["A"]["move_left"] == round(60.0 - snapshot["used"], 1)
        for cell, player in (("a1", "A"), ("e1", "A"), ("a5", "B"), ("e5", "B")):
            again.place(cell, "worker", player)
        state = again.wait_state(lambda s: s["clock"]["counting"], "the clock to count again")
        used = 60.0 - state["clock"]["players"]["A"]["move_left"]
        # Resumed from the journal: never less than journalled, and at most the time
        # since the restart began on top (the time spent down is not in it).
        assert snapshot["used"] - 0.1 <= used <= snapshot["used"] + time.monotonic() - restarted
    finally:
        again.close()
