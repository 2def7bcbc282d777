"""A broker that dies, comes back, or refuses the board's password: the board plays on,
says what is wrong in /api/health, /metrics and the log, and loses no retained state."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.daemon.harness import A_WINS, SETUP, Daemon
from tests.mqtt.broker import Mosquitto, Recorder
from tests.mqtt.conftest import PREFIX


def _mqtt_health(board: Daemon) -> dict[str, Any]:
    health = board.http.get("/api/health").json()
    return health["mqtt"]  # type: ignore[no-any-return]


def _wait_health(board: Daemon, what: str, condition: Any) -> dict[str, Any]:
    found: list[dict[str, Any]] = []

    def check() -> bool:
        found[:] = [_mqtt_health(board)]
        return bool(condition(found[0]))

    board._wait(check, 30.0, what)
    return found[0]


def _credentials(path: Path, text: str) -> Path:
    path.write_text(text + "\n")
    path.chmod(0o600)
    return path


def test_broker_killed_and_restarted_mid_game(tmp_path: Path, broker: Mosquitto) -> None:
    env = {"SANTORINI_HW_MQTT_URL": broker.url, "SANTORINI_HW_MQTT_PREFIX": PREFIX}
    board = Daemon(tmp_path / "state", env).start()
    scoreboard = Recorder(broker.port, ("santorini/#",))
    try:
        board.place_workers(SETUP)
        for player, move, build in A_WINS[:2]:
            board.turn(player, move, build)
        scoreboard.wait(
            lambda r: r.last(f"{PREFIX}/state").json()["last_turn"]["notation"] == "c3-b3 b2",
            "the second turn's state",
        )

        broker.kill()
        health = _wait_health(board, "the lost broker", lambda h: h["status"] == "disconnected")
        assert health["connected"] is False and health["error"]
        for player, move, build in A_WINS[2:5]:  # the board plays on without its broker
            board.turn(player, move, build)
        during = board.state()
        metrics = board.http.get("/metrics").text
        assert "santorini_mqtt_connected 0" in metrics
        assert "santorini_mqtt_failures_total" in metrics

        broker.start()  # the same port, nothing retained: a restart from scratch
        health = _wait_health(
            board, "the reconnect", lambda h: h["status"] == "connected" and h["queued"] == 0
        )
        assert health["connects_total"] >= 2 and health["failures_total"] >= 1
        assert health["error"] is None

        late = Recorder(broker.port, (f"{PREFIX}/+",))
        try:
            late.wait(lambda r: r.last(f"{PREFIX}/state") is not None, "the retained state")
            state = late.last(f"{PREFIX}/state")  # with the turns played while it was down
            assert state is not None and state.json()["position"] == during["position"]
            assert state is not None and state.retain
            assert state.json()["last_turn"] == {"player": "A", "notation": "d1-d2 c1"}
            assert state.json()["to_move"] == "B"
            assert late.last(f"{PREFIX}/availability").payload == "online"  # type: ignore[union-attr]
        finally:
            late.close()

        player, move, build = A_WINS[5]
        board.turn(player, move, build)
        scoreboard.wait(
            lambda r: any(
                m.json().get("notation") == f"{move} {build}" for m in r.on(f"{PREFIX}/event")
            ),
            "the next turn through the restarted broker",
        )
        seqs = [m.json()["seq"] for m in scoreboard.on(f"{PREFIX}/event")]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)  # in order
        assert "MQTT: broker mqtt://127.0.0.1" in "".join(board.output)
    finally:
        scoreboard.close()
        board.close()


def test_a_wrong_password_is_a_clear_error_and_the_board_plays_on(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path / "broker", users={"board": "right horse"}).start()
    credentials = _credentials(tmp_path / "mqtt-credentials", "board:wrong horse")
    env = {
        "SANTORINI_HW_MQTT_URL": broker.url,
        "SANTORINI_HW_MQTT_CREDENTIALS": str(credentials),
    }
    board = Daemon(tmp_path / "state", env).start()
    try:
        health = _wait_health(board, "the refusal", lambda h: h["failures_total"] >= 3)
        assert health["status"] == "refused" and health["connected"] is False
        assert "connection refused" in health["error"] and "authori" in health["error"].lower()
        assert health["error"].startswith(broker.url)
        log = "".join(board.output)
        assert log.count("connection refused") == 1  # said once, not at every retry
        assert "check mqtt_credentials" in log and "ERROR" in log
        assert "wrong horse" not in log and "wrong horse" not in str(health)
        board.place_workers({"A": ["a1", "d1"]})  # the board does not care
    finally:
        board.close()
        broker.stop()


def test_a_credentials_file_others_can_read_stops_the_start(tmp_path: Path) -> None:
    credentials = tmp_path / "mqtt-credentials"
    credentials.write_text("board:secret\n")
    credentials.chmod(0o644)
    env = {
        **os.environ,
        "SANTORINI_HW_MQTT_URL": "mqtt://127.0.0.1:1",
        "SANTORINI_HW_MQTT_CREDENTIALS": str(credentials),
    }
    command = [sys.executable, "-m", "santorini_hw.cli", "run", "--sim", "--port", "0"]
    command += ["--state-dir", str(tmp_path / "state")]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"error: bad setting: mqtt_credentials: {credentials} is open to others "
        "(mode 0644): chmod 600 it"
    )
    assert not (tmp_path / "state").exists()  # nothing was started half-right


def test_mqtts_with_the_club_s_ca_file(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path / "broker", tls=True).start()
    scoreboard = Recorder(broker.port, ("santorini/#",))  # on the plain listener
    env = {
        "SANTORINI_HW_MQTT_URL": f"mqtts://127.0.0.1:{broker.tls_port}",
        "SANTORINI_HW_MQTT_PREFIX": PREFIX,
        "SANTORINI_HW_MQTT_CA_FILE": str(broker.ca_file),
    }
    board = Daemon(tmp_path / "state", env).start()
    try:
        health = _wait_health(board, "the TLS link", lambda h: h["status"] == "connected")
        assert health["broker"] == f"mqtts://127.0.0.1:{broker.tls_port}"
        scoreboard.wait(lambda r: r.last(f"{PREFIX}/state") is not None, "the state over TLS")
        board.close()
        del env["SANTORINI_HW_MQTT_CA_FILE"]  # the system's CAs do not know the club's
        board = Daemon(tmp_path / "state", env).start()
        health = _wait_health(board, "the refused certificate", lambda h: h["failures_total"])
        assert health["status"] == "disconnected"
        assert "certificate verify failed" in health["error"]
    finally:
        board.close()
        scoreboard.close()
        broker.stop()
