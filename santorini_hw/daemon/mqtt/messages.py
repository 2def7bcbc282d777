"""What the MQTT link publishes: the board's summary state and its referee events.

Pure translation from the daemon's state document (daemon/state.py) and event JSON
(daemon/outputs.py) to `Message`s; docs/run/mqtt.md is the contract.

>>> summary({"game_id": 3, "phase": "play", "players": ["A", "B"], "gods": {},
...          "to_move": "B", "winner": None, "position": {},
...          "record": [{"player": "A", "kind": "turn", "text": "d1-d2 c1"}],
...          "error": None, "bridge": {"state": "connected"}})["last_turn"]
{'player': 'A', 'notation': 'd1-d2 c1'}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from santorini_hw.daemon.mqtt.address import Topics

SURE_EVENTS = frozenset({"turn_complete", "game_over"})
"""Events sent with QoS 1 (at least once): the ones a scoreboard must not miss."""
ONLINE, OFFLINE = "online", "offline"


@dataclass(frozen=True)
class Message:
    topic: str
    payload: str
    qos: int = 0
    retain: bool = False


def compact(document: Any) -> str:
    return json.dumps(document, separators=(",", ":"))


def summary(state: dict[str, Any]) -> dict[str, Any]:
    """The retained state: what a scoreboard or a home hub shows of the game."""
    turns = [line for line in state["record"] if line["kind"] == "turn"]
    error = state["error"]
    return {
        "game_id": state["game_id"],
        "phase": state["phase"],
        "players": state["players"],
        "gods": state["gods"],
        "to_move": state["to_move"],
        "winner": state["winner"],
        "last_turn": {"player": turns[-1]["player"], "notation": turns[-1]["text"]}
        if turns
        else None,
        "error": None if error is None else error["message"],
        "bridge": state["bridge"]["state"],
        "clock": state.get("clock"),
        "position": state["position"],
    }


def state_message(topics: Topics, state: dict[str, Any]) -> Message:
    return Message(topics.state, compact(summary(state)), qos=1, retain=True)


def event_message(topics: Topics, event: dict[str, Any], seq: int) -> Message:
    """One referee event; `seq` counts the link's events, so a gap shows a dropped one."""
    document = {"seq": seq, **event}
    if event["kind"] == "turn_complete":
        document["notation"] = event["text"]
    qos = 1 if event["kind"] in SURE_EVENTS else 0
    return Message(topics.event, compact(document), qos=qos)


def availability_message(topics: Topics, online: bool) -> Message:
    return Message(topics.availability, ONLINE if online else OFFLINE, qos=1, retain=True)
