"""The link on its own, in one event loop: retries with backoff while the broker is down
(the delays recorded by an injected sleep, never waited), a bounded outbox, a hub that
drops it, and commands refused for each reason."""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

import pytest

from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.mqtt.address import Topics, parse_broker_url
from santorini_hw.daemon.mqtt.config import MqttConfig
from santorini_hw.daemon.mqtt.link import MqttLink
from santorini_hw.daemon.mqtt.messages import Message
from santorini_hw.daemon.mqtt.outbox import Outbox
from tests.mqtt.broker import Mosquitto, Recorder
from tests.mqtt.conftest import PREFIX

STATE: dict[str, Any] = {
    "game_id": 7,
    "phase": "play",
    "players": ["A", "B"],
    "gods": {"A": None, "B": None},
    "to_move": "A",
    "winner": None,
    "record": [],
    "error": None,
    "bridge": {"state": "connected"},
    "position": {"workers": {"A": ["a1", "b2"], "B": ["c3", "d4"]}},
}


def _config(url: str, commands: bool = False) -> MqttConfig:
    return MqttConfig(parse_broker_url(url), Topics(PREFIX), discovery=False, commands=commands)


def _event(number: int) -> dict[str, Any]:
    event = {"kind": "action", "time": float(number), "player": "A", "text": f"e{number}"}
    return {"type": "event", "event": event | {"cells": []}}


def test_a_down_broker_is_retried_and_gets_the_newest_messages_when_up(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path / "broker")  # not started yet: its port refuses
    found: dict[str, Any] = {}

    async def scenario() -> None:
        hub = EventHub()
        delays: list[float] = []
        recorder: list[Recorder] = []

        async def sleep(seconds: float) -> None:
            delays.append(seconds)
            if len(delays) == 3:  # three refusals: now the broker comes up
                found["down"] = link.health()
                await asyncio.to_thread(broker.start)
                recorder.append(await asyncio.to_thread(Recorder, broker.port, (f"{PREFIX}/#",)))

        link = MqttLink(
            _config(broker.url),
            hub,
            lambda: STATE,
            asyncio.Queue(),
            asyncio.Queue(),
            outbox_size=5,
            sleep=sleep,
        )
        task = asyncio.create_task(link.run())
        while hub.clients == 0:  # the link subscribes to the hub
            await asyncio.sleep(0)
        for number in range(1, 13):
            hub.publish(_event(number))
        # the state and the events are published at different QoS levels, which MQTT
        # does not keep in order between them: wait for both
        while not recorder or (
            len(recorder[0].on(f"{PREFIX}/event")) < 4 or not recorder[0].on(f"{PREFIX}/state")
        ):
            await asyncio.sleep(0.02)
        found["delays"], found["up"] = delays, link.health()
        found["events"] = [m.json()["seq"] for m in recorder[0].on(f"{PREFIX}/event")]
        found["state"] = recorder[0].last(f"{PREFIX}/state")
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        recorder[0].wait(lambda r: r.last(f"{PREFIX}/availability").payload == "offline", "bye")
        recorder[0].close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        broker.stop()
    assert found["delays"] == [0.5, 1.0, 2.0]
    down = found["down"]
    assert down["status"] == "disconnected" and down["failures_total"] == 3
    assert "refused" in down["error"].lower() and down["error"].startswith(broker.url)
    assert down["queued"] == 5 and down["dropped_total"] == 8  # the state and 4 events
    assert found["events"] == [9, 10, 11, 12]  # the newest events, in order
    assert found["state"] is not None and found["state"].json()["game_id"] == 7
    assert found["up"]["status"] == "connected" and found["up"]["error"] is None


def test_a_broker_that_never_answers_is_a_timeout_and_retried() -> None:
    """A slow broker: it takes the connection and says nothing (no CONNACK)."""

    async def scenario() -> tuple[list[float], dict[str, Any], list[int]]:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read()  # until the link gives up and closes
            writer.close()

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        delays: list[float] = []
        open_files: list[int] = []
        done = asyncio.Event()

        async def sleep(seconds: float) -> None:
            delays.append(seconds)
            if len(delays) in (2, 12):  # no socket left open by a timed-out connect
                await asyncio.sleep(0.05)  # the silent server sees the close
                open_files.append(len(os.listdir("/proc/self/fd")))
            if len(delays) == 12:
                done.set()
            await asyncio.sleep(0)

        link = MqttLink(
            _config(f"mqtt://127.0.0.1:{port}"), EventHub(), lambda: STATE, asyncio.Queue(),
            asyncio.Queue(), sleep=sleep, timeout=0.05,
        )  # fmt: skip
        task = asyncio.create_task(link.run())
        await asyncio.wait_for(done.wait(), 30)
        health = link.health()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        server.close()
        await server.wait_closed()
        return delays, health, open_files

    delays, health, open_files = asyncio.run(scenario())
    assert delays[:7] == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0] and set(delays[7:]) == {30.0}
    # A socket left per timed-out connect would add about 20 over these ten retries; a
    # connection the silent server has not yet seen closed may still be counted once.
    assert open_files[1] - open_files[0] <= 2
    assert health["status"] == "disconnected" and health["failures_total"] == 12
    assert "timed out" in health["error"] and health["queued"] == 1  # the state waits


def test_a_hub_that_drops_the_link_gets_it_back_with_a_fresh_state() -> None:
    async def scenario() -> tuple[int, int, list[str]]:
        hub = EventHub(queue_size=2)
        link = MqttLink(
            _config("mqtt://127.0.0.1:1"), hub, lambda: STATE, asyncio.Queue(), asyncio.Queue()
        )
        follow = asyncio.create_task(link._follow())
        while hub.clients == 0:
            await asyncio.sleep(0)
        for number in range(1, 5):  # more than the hub keeps for a client that lags
            hub.publish(_event(number))
        for _ in range(5):
            await asyncio.sleep(0)
        follow.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await follow
        return link.hub_drops, hub.clients, [m.topic for m in link.outbox.pending()]

    drops, clients, topics = asyncio.run(scenario())
    assert drops == 1 and clients == 0  # unsubscribed once cancelled
    assert topics == [f"{PREFIX}/state"]  # nothing new since: the state is not sent twice


def test_a_closed_hub_ends_the_link_following_it() -> None:
    """The daemon stops: the hub ends every client, and the link must not resubscribe
    (a closed hub ends each new subscriber at once: that was a busy loop)."""

    async def scenario() -> tuple[bool, int]:
        hub = EventHub()
        link = MqttLink(
            _config("mqtt://127.0.0.1:1"), hub, lambda: STATE, asyncio.Queue(), asyncio.Queue()
        )
        follow = asyncio.create_task(link._follow())
        while hub.clients == 0:
            await asyncio.sleep(0)
        hub.close()
        await asyncio.wait_for(follow, 5)
        return follow.done(), link.hub_drops

    done, drops = asyncio.run(scenario())
    assert done and drops == 0


def test_a_message_the_link_cannot_publish_is_skipped_not_fatal() -> None:
    async def scenario() -> tuple[dict[str, Any], list[str], bool]:
        hub = EventHub()
        link = MqttLink(
            _config("mqtt://127.0.0.1:1"), hub, lambda: STATE, asyncio.Queue(), asyncio.Queue()
        )
        follow = asyncio.create_task(link._follow())
        while hub.clients == 0:
            await asyncio.sleep(0)
        hub.publish({"type": "state", "state": {"phase": "a state of another shape"}})
        hub.publish(_event(1))
        while len(link.outbox) < 2:
            await asyncio.sleep(0)
        alive = not follow.done()
        follow.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await follow
        return link.health(), [m.topic for m in link.outbox.pending()], alive

    health, topics, alive = asyncio.run(scenario())
    assert alive and health["errors_total"] == 1
    assert topics == [f"{PREFIX}/state", f"{PREFIX}/event"]


@pytest.mark.parametrize(
    ("commands", "topic", "payload", "retained", "taken"),
    [
        (True, f"{PREFIX}/command", b"done", False, "press done"),
        (True, f"{PREFIX}/command", b" HINT\n", False, "press hint"),
        (True, f"{PREFIX}/command", b"new_game", False, "hold new_game"),
        (False, f"{PREFIX}/command", b"done", False, None),
        (True, "santorini/other/command", b"done", False, None),
        (True, f"{PREFIX}/command", b"done", True, None),
        (True, f"{PREFIX}/command", b"undo", False, None),
    ],
)
def test_commands_are_taken_only_from_the_board_s_topic(
    commands: bool, topic: str, payload: bytes, retained: bool, taken: str | None
) -> None:
    async def scenario() -> tuple[bool, list[str]]:
        presses: asyncio.Queue[str] = asyncio.Queue()
        holds: asyncio.Queue[str] = asyncio.Queue()
        link = MqttLink(_config("mqtt://127.0.0.1:1", commands), EventHub(), dict, presses, holds)
        accepted = link.command(topic, payload, retained=retained)
        done = [f"press {presses.get_nowait()}" for _ in range(presses.qsize())]
        done += [f"hold {holds.get_nowait()}" for _ in range(holds.qsize())]
        assert link.rejected == (0 if accepted else 1)
        return accepted, done

    accepted, done = asyncio.run(scenario())
    assert accepted == (taken is not None)
    assert done == ([] if taken is None else [taken])


def test_the_outbox_keeps_the_latest_retained_message_after_its_events() -> None:
    box = Outbox(3)
    box.put(Message("b/state", "s1", 1, retain=True))
    box.put(Message("b/event", "e1"))
    box.put(Message("b/state", "s2", 1, retain=True))
    box.put(Message("b/event", "e2"))
    assert [m.payload for m in box.pending()] == ["e1", "s2", "e2"]
    box.put(Message("b/availability", "online", 1, retain=True))
    box.put(Message("b/event", "e3"))
    assert [m.payload for m in box.pending()] == ["s2", "online", "e3"]
    assert box.dropped == 2
    head = box.pending()[0]
    box.put(Message("b/state", "s3", 1, retain=True))  # replaces the one being sent
    box.done(head)
    assert [m.payload for m in box.pending()] == ["online", "e3", "s3"]
    with pytest.raises(ValueError, match="at least one"):
        Outbox(0)
