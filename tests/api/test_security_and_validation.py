"""Writes need the bearer token from the state directory; malformed bodies get 422."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

from tests.daemon.harness import Daemon


def test_token_file_is_private_and_printed_by_the_token_command(daemon: Daemon) -> None:
    token_file = daemon.state_dir / "token"
    assert stat.S_IMODE(os.stat(token_file).st_mode) == 0o600
    printed = subprocess.run(
        [sys.executable, "-m", "santorini_hw.cli", "token", "--state-dir", str(daemon.state_dir)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert printed == token_file.read_text().strip()
    assert daemon.auth == {"Authorization": f"Bearer {printed}"}


def test_writes_without_or_with_a_wrong_token_get_401(daemon: Daemon) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic eA=="}):
        response = daemon.http.post("/api/games", json={"players": ["A", "B"]}, headers=headers)
        assert response.status_code == 401, headers
        assert response.headers["www-authenticate"] == "Bearer"
    for path in ("undo", "hint", "sim/unplug"):
        assert daemon.http.post(f"/api/{path}").status_code == 401
    assert daemon.state()["game_id"] == 1  # nothing was started


def test_reads_need_no_token(daemon: Daemon) -> None:
    assert daemon.http.get("/api/health").json()["status"] == "ok"
    state = daemon.state()
    assert state["position"]["workers"] == {"A": [], "B": []}
    assert state["supply"] == {"level1": 22, "level2": 18, "level3": 14, "dome": 18}
    assert state["bridge"]["state"] in ("connected", "connecting")
    assert "santorini_scans_total" in daemon.http.get("/metrics").text
    assert "<title>Santorini board</title>" in daemon.http.get("/").text


def test_malformed_requests_get_422_naming_the_field(daemon: Daemon) -> None:
    cases = [
        ("sim/place", {"cell": "z9", "piece": "block"}, "cell"),
        ("sim/place", {"cell": "c3", "piece": "tower"}, "piece"),
        ("sim/press", {"button": "reset"}, "button"),
        ("games", {"players": ["A", "A"]}, "players"),
        ("games", {"players": ["A", "B"], "gods": ["Zeus?", None], "selection": "given"}, "gods"),
        ("games", {"players": ["A"]}, "players"),
        ("resync", {"mode": "sideways"}, "mode"),
        ("games", {"players": ["A", "B"], "colour": "red"}, "colour"),
    ]
    for path, body, field in cases:
        response = daemon.http.post(f"/api/{path}", json=body, headers=daemon.auth)
        assert response.status_code == 422, (path, body, response.text)
        assert field in response.text, (path, body, response.text)
    response = daemon.http.post(
        "/api/sim/lift",
        content=b"{not json",
        headers={**daemon.auth, "Content-Type": "application/json"},
    )
    assert response.status_code == 422


def test_commands_the_board_cannot_do_now_get_409(daemon: Daemon) -> None:
    response = daemon.http.post("/api/sim/lift", json={"cell": "c3"}, headers=daemon.auth)
    assert response.status_code == 409 and "c3" in response.json()["detail"]
    response = daemon.http.post("/api/hint", headers=daemon.auth)
    assert response.status_code == 409 and "placement" in response.json()["detail"]
    response = daemon.http.get("/api/games/99")
    assert response.status_code == 404


def test_new_game_with_gods_given(daemon: Daemon) -> None:
    body = {"players": ["A", "B"], "gods": ["Apollo", "Pan"], "selection": "given"}
    response = daemon.http.post("/api/games", json=body, headers=daemon.auth)
    assert response.status_code == 201
    assert response.json()["game_id"] == 2
    state = daemon.state()
    assert state["gods"] == {"A": "Apollo", "B": "Pan"}
    assert state["position"]["gods"] == {"A": "Apollo", "B": "Pan"}
    games = daemon.http.get("/api/games").json()
    assert [g["id"] for g in games] == [1, 2] and games[0]["ended_at"] is not None
