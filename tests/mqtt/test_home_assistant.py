"""Home Assistant's view of the board: the discovery configs it accepts, the values its
templates make of the retained state, and its buttons driving the board (only when
commands are enabled, only on the board's own command topic)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jinja2.sandbox import ImmutableSandboxedEnvironment

from santorini_hw.daemon.mqtt.address import Topics
from santorini_hw.daemon.mqtt.ha_discovery import discovery_messages
from tests.daemon.harness import SETUP, Daemon
from tests.mqtt.broker import Mosquitto, Recorder
from tests.mqtt.conftest import PREFIX
from tests.mqtt.ha_schema import problems

USERS = {"board": "board pass", "hass": "hass pass"}
NODE = "santorini_table_1"


def _render(template: str, payload: str) -> str:
    """As Home Assistant renders a value template: Jinja, sandboxed, `value_json` set."""
    environment = ImmutableSandboxedEnvironment()
    environment.filters["tojson"] = json.dumps
    return environment.from_string(template).render(value=payload, value_json=json.loads(payload))


@pytest.fixture
def secured(tmp_path: Path) -> Iterator[Mosquitto]:
    running = Mosquitto(tmp_path / "broker", users=USERS).start()
    yield running
    running.stop()


def _start_board(tmp_path: Path, broker: Mosquitto) -> Daemon:
    credentials = tmp_path / "mqtt-credentials"
    credentials.write_text("board:board pass\n")
    credentials.chmod(0o600)
    env = {
        "SANTORINI_HW_MQTT_URL": broker.url,
        "SANTORINI_HW_MQTT_PREFIX": PREFIX,
        "SANTORINI_HW_MQTT_DISCOVERY": "true",
        "SANTORINI_HW_MQTT_COMMANDS": "true",
        "SANTORINI_HW_MQTT_CREDENTIALS": str(credentials),
    }
    return Daemon(tmp_path / "state", env).start()


@pytest.fixture
def board(tmp_path: Path, secured: Mosquitto) -> Iterator[Daemon]:
    running = _start_board(tmp_path, secured)
    yield running
    running.close()


@pytest.fixture
def hass(secured: Mosquitto) -> Iterator[Recorder]:
    recorder = Recorder(
        secured.port, ("homeassistant/#", f"{PREFIX}/#"), username="hass", password="hass pass"
    )
    yield recorder
    recorder.close()


def _configs(hass: Recorder) -> dict[tuple[str, str], dict[str, Any]]:
    found = {}
    for message in hass.messages:
        parts = message.topic.split("/")
        if parts[0] == "homeassistant" and message.payload:
            assert parts[2] == NODE and parts[4] == "config", message.topic
            found[(parts[1], parts[3])] = message.json()
    return found


def test_discovery_configs_are_what_home_assistant_accepts(board: Daemon, hass: Recorder) -> None:
    hass.wait(lambda r: len(_configs(r)) == 10, "ten discovery configs")
    configs = _configs(hass)
    assert sorted(configs) == [
        ("binary_sensor", "bridge_connected"),
        ("binary_sensor", "error"),
        ("button", "done"),
        ("button", "hint"),
        ("button", "new_game"),
        ("sensor", "bridge"),
        ("sensor", "last_turn"),
        ("sensor", "phase"),
        ("sensor", "to_move"),
        ("sensor", "winner"),
    ]
    for (component, _), config in configs.items():
        assert problems(component, config) == []
    assert len({config["unique_id"] for config in configs.values()}) == 10
    assert {json.dumps(config["device"]) for config in configs.values()} == {
        json.dumps(configs[("sensor", "phase")]["device"])
    }  # one device
    assert configs[("sensor", "phase")]["device"]["identifiers"] == [NODE]
    for config in configs.values():
        assert config["availability"][0]["topic"] == f"{PREFIX}/availability"
    for name in ("hint", "done", "new_game"):
        button = configs[("button", name)]
        assert (button["command_topic"], button["payload_press"]) == (f"{PREFIX}/command", name)

    hass.wait(lambda r: r.last(f"{PREFIX}/state") is not None, "the state")
    state = hass.last(f"{PREFIX}/state")
    assert state is not None

    def value(component: str, name: str) -> str:
        return _render(configs[(component, name)]["value_template"], state.payload)

    assert value("sensor", "phase") == "placement"
    assert value("sensor", "to_move") == "A"
    assert value("sensor", "last_turn") == "none"
    assert value("sensor", "winner") == "none"
    assert value("sensor", "bridge") == "connected"
    assert value("binary_sensor", "error") == "OFF"
    assert value("binary_sensor", "bridge_connected") == "ON"
    attributes = configs[("binary_sensor", "error")]["json_attributes_template"]
    assert json.loads(_render(attributes, state.payload)) == {"message": None}


def test_the_validator_catches_what_home_assistant_would_refuse() -> None:
    sensor = json.loads(discovery_messages(Topics(PREFIX), commands=True)[0].payload)
    assert problems("sensor", sensor) == []
    broken = {key: value for key, value in sensor.items() if key != "state_topic"}
    broken["stat_topic"] = f"{PREFIX}/state"
    broken["device"] = {"name": "no identifiers"}
    assert problems("sensor", broken) == [
        "sensor: unknown option stat_topic",
        "sensor: state_topic is required",
        "device: identifiers or connections are required",
    ]
    as_button = problems("button", sensor)
    assert "button: command_topic is required" in as_button
    assert "button: unknown option state_topic" in as_button
    assert f"button: default_entity_id 'sensor.{NODE}_phase' is not button.<id>" in as_button


def test_buttons_drive_the_board_like_its_own(board: Daemon, hass: Recorder) -> None:
    hass.wait(lambda r: r.last(f"{PREFIX}/state") is not None, "the state")
    lineup = {"players": ["A", "B"], "selection": "given", "gods": ["Demeter", None]}
    board.post("games", lineup)  # Demeter may build twice: Done declines the second
    board.place_workers(SETUP)
    board.lift("a1")
    board.place("b1", "worker", "A")
    board.place("a1", "block")
    board.wait_state(lambda s: s["turn"] == ["a1-b1", "a1"], "A's move and build")
    hass.publish(f"{PREFIX}/command", "done")  # the Done button: end the turn
    state = board.wait_state(lambda s: s["to_move"] == "B", "the turn ended by MQTT")
    assert state["record"][-1]["text"] == "a1-b1 a1"

    hass.publish(f"{PREFIX}/command", "hint")
    board.wait_state(lambda s: s["hint"] is not None, "a hint asked for over MQTT")

    game_id = state["game_id"]
    hass.publish(f"{PREFIX}/command", "resign")  # not a command
    hass.publish("santorini/table-2/command", "new_game")  # another board's
    hass.publish(f"{PREFIX}/command", "new_game")
    state = board.wait_state(lambda s: s["game_id"] == game_id + 1, "the new game")
    assert state["gods"] == {"A": "Demeter", "B": None} and state["phase"] == "placement"
    health = board.http.get("/api/health").json()["mqtt"]
    assert (health["commands_total"], health["commands_rejected_total"]) == (3, 1)
    assert board.state()["game_id"] == game_id + 1


def test_a_retained_command_is_not_replayed_on_connect(
    tmp_path: Path, secured: Mosquitto, hass: Recorder
) -> None:
    hass.publish(f"{PREFIX}/command", "new_game", retain=True)  # left on the broker
    board = _start_board(tmp_path, secured)
    try:
        board._wait(
            lambda: board.http.get("/api/health").json()["mqtt"]["commands_rejected_total"] == 1,
            30.0,
            "the retained command refused",
        )
        health = board.http.get("/api/health").json()["mqtt"]
        assert health["commands_total"] == 0 and board.state()["game_id"] == 1
        assert "retained (a command is taken once, when sent)" in "".join(board.output)
    finally:
        hass.publish(f"{PREFIX}/command", "", retain=True)  # the broker forgets it
        board.close()
