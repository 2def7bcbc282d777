"""End to end: a real daemon on the simulated board, a real Mosquitto, and a club's
scoreboard subscribed to `santorini/#`: the whole game arrives, in order."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.daemon.harness import A_WINS, SETUP, WINNING_MOVE, Daemon
from tests.mqtt.broker import Mosquitto, Recorder
from tests.mqtt.conftest import PREFIX


@pytest.fixture
def scoreboard(broker: Mosquitto) -> Iterator[Recorder]:
    recorder = Recorder(broker.port, ("santorini/#",))
    yield recorder
    recorder.close()


@pytest.fixture
def board(tmp_path: Path, broker: Mosquitto) -> Iterator[Daemon]:
    env = {"SANTORINI_HW_MQTT_URL": broker.url, "SANTORINI_HW_MQTT_PREFIX": PREFIX}
    running = Daemon(tmp_path / "state", env).start()
    yield running
    running.close()


def test_a_whole_game_arrives_in_order(board: Daemon, scoreboard: Recorder) -> None:
    scoreboard.wait(lambda r: r.last(f"{PREFIX}/availability") is not None, "online")
    board.place_workers(SETUP)
    for player, move, build in A_WINS:
        board.turn(player, move, build)
    player, source, destination = WINNING_MOVE
    board.lift(source)
    board.place(destination, "worker", player)
    final = board.wait_state(lambda s: s["phase"] == "over", "the win")

    scoreboard.wait(
        lambda r: any(m.json()["kind"] == "game_over" for m in r.on(f"{PREFIX}/event")),
        "game over on MQTT",
    )
    events = [m.json() for m in scoreboard.on(f"{PREFIX}/event")]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))  # none lost
    turns = [e for e in events if e["kind"] == "turn_complete"]
    record = [line for line in final["record"] if line["kind"] == "turn"]
    assert [(e["player"], e["notation"]) for e in turns] == [
        (line["player"], line["text"]) for line in record
    ]
    assert turns[-1]["notation"] == "b2-c1"
    placed = [e["text"] for e in events if e["kind"] == "worker_placed"]
    assert placed == ["a1", "d1", "c3", "e5"]
    assert events[-1]["kind"] == "game_over" and events[-1]["text"] == "A"
    sure = [
        m
        for m in scoreboard.on(f"{PREFIX}/event")
        if m.json()["kind"] in ("turn_complete", "game_over")
    ]
    assert {m.qos for m in sure} == {1} and not any(m.retain for m in sure)

    scoreboard.wait(lambda r: r.last(f"{PREFIX}/state").json()["phase"] == "over", "the state")
    state = scoreboard.last(f"{PREFIX}/state")
    assert state is not None and state.qos == 1
    document = state.json()
    assert document["winner"] == "A" and document["to_move"] is None
    assert document["last_turn"] == {"player": "A", "notation": "b2-c1"}
    assert document["position"] == final["position"]
    assert document["error"] is None and document["bridge"] == "connected"
    assert document["game_id"] == final["game_id"]

    # A late subscriber gets the retained state and availability at once.
    late = Recorder(int(board.env["SANTORINI_HW_MQTT_URL"].rsplit(":", 1)[1]), (f"{PREFIX}/+",))
    try:
        late.wait(lambda r: r.last(f"{PREFIX}/state") is not None, "the retained state")
        retained = late.last(f"{PREFIX}/state")
        assert retained is not None and retained.retain and retained.json() == document
        assert late.last(f"{PREFIX}/availability") == type(retained)(
            f"{PREFIX}/availability", "online", 1, True
        )
        assert late.on(f"{PREFIX}/event") == []  # events are not retained
    finally:
        late.close()

    assert board.stop(signal.SIGTERM) == 0  # a clean stop says offline itself
    scoreboard.wait(
        lambda r: r.last(f"{PREFIX}/availability").payload == "offline", "offline on stop"
    )


def test_a_killed_daemon_goes_offline_by_its_last_will(board: Daemon, scoreboard: Recorder) -> None:
    scoreboard.wait(lambda r: r.last(f"{PREFIX}/availability") is not None, "online")
    assert scoreboard.last(f"{PREFIX}/availability").payload == "online"  # type: ignore[union-attr]
    board.stop(signal.SIGKILL)
    scoreboard.wait(
        lambda r: r.last(f"{PREFIX}/availability").payload == "offline", "the last will"
    )
    will = scoreboard.last(f"{PREFIX}/availability")
    assert will is not None and will.qos == 1 and will.retain is False  # delivered live
