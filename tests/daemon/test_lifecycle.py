"""The daemon's life: SIGTERM is a clean exit, kill -9 loses no confirmed turn, an
unplugged bridge is a normal state it recovers from."""

from __future__ import annotations

import signal
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

from santorini_hw.daemon.main import SIM_BRIDGE_DIR
from santorini_hw.store import Store
from tests.daemon.harness import A_WINS, SETUP, Daemon


def test_sigterm_stops_cleanly_with_exit_0(daemon: Daemon) -> None:
    daemon.place_workers({"A": ["a1", "d1"]})
    assert (daemon.state_dir / SIM_BRIDGE_DIR).is_dir()
    assert daemon.stop(signal.SIGTERM) == 0
    assert not (daemon.state_dir / SIM_BRIDGE_DIR).exists()  # the simulated port is gone
    with Store.open(daemon.state_dir / "games.sqlite3") as store:
        kinds = [event.kind for event in store.events()]
        assert kinds[-1] == "daemon_stop"
        assert [m.notation for m in store.unfinished_game().moves] == ["a1", "d1"]


def test_kill_9_mid_turn_then_restart_restores_every_confirmed_turn(tmp_path: Path) -> None:
    first = Daemon(tmp_path / "state").start()
    try:
        first.place_workers(SETUP)
        for player, move, build in A_WINS[:3]:
            first.turn(player, move, build)
        before = first.state()
        first.lift("b3")  # B's turn begins: a worker in the hand ...
        first.place("c3", "worker", "B")
        first.wait_state(lambda s: s["turn"] == ["b3-c3"], "B's move seen")
        first.stop(signal.SIGKILL)  # ... and the power goes
    finally:
        first.close()
    stale = tmp_path / "state" / SIM_BRIDGE_DIR
    (stale / "left-by-the-killed-run").write_text("")
    second = Daemon(tmp_path / "state").start()
    try:
        state = second.state()
        assert state["game_id"] == before["game_id"]
        assert state["record"] == before["record"]
        assert state["position"] == before["position"]
        assert state["to_move"] == "B" and state["phase"] == "play"
        assert sorted(p.name for p in stale.iterdir()) == ["santorini-bridge"]  # cleaned
        # The new simulated board is empty: the referee guides the players back.
        state = second.wait_state(lambda s: s["error"] is not None, "the board error")
        assert {fix["kind"] for fix in state["error"]["fixes"]} == {"place_worker", "add_piece"}
        for player, cells in before["position"]["workers"].items():
            for cell in cells:
                second.place(cell, "worker", player)
        for cell, height in before["position"]["heights"].items():
            for _ in range(height):
                second.place(cell, "block")
        second.wait_state(lambda s: s["error"] is None, "the board to match the record")
        player, move, build = A_WINS[3]
        assert second.turn(player, move, build)["record"][-1]["text"] == f"{move} {build}"
    finally:
        second.close()


def test_bridge_unplugged_mid_turn_and_back(daemon: Daemon) -> None:
    daemon.place_workers(SETUP)
    daemon.lift("a1")
    daemon.post("sim/unplug")
    daemon.wait_state(lambda s: s["bridge"]["state"] != "connected", "the unplug noticed")
    assert daemon.http.get("/api/health").status_code == 200
    daemon.place("b1", "worker", "A")
    daemon.place("a1", "block")
    daemon.post("sim/replug")
    state = daemon.wait_state(lambda s: s["bridge"]["state"] == "connected", "the replug")
    state = daemon.wait_state(lambda s: len(s["record"]) == 3, "the turn after the replug")
    assert state["record"][-1] == {"player": "A", "kind": "turn", "text": "a1-b1 a1"}
    events = daemon.http.get(f"/api/games/{state['game_id']}").json()["events"]
    kinds = [event["kind"] for event in events]
    assert "bridge_disconnected" in kinds
    assert kinds.index("bridge_connected", kinds.index("bridge_disconnected")) > 0


def test_every_answer_carries_one_current_date_header(daemon: Daemon) -> None:
    """uvicorn's Date (refreshed by a timer that woke the idle daemon ten times a second)
    is off; the API's guard stamps each answer, refusals included."""
    for response in (daemon.http.get("/api/health"), daemon.http.post("/api/undo")):
        dates = response.headers.get_list("date")
        assert len(dates) == 1, (response.status_code, dates)
        sent = parsedate_to_datetime(dates[0])
        assert abs((sent - datetime.now(UTC)).total_seconds()) < 120
    assert response.status_code == 401
