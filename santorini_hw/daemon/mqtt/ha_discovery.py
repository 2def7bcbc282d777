"""Home Assistant MQTT discovery: the board as one device with its sensors and buttons.

Each entity's config is a retained message on
`homeassistant/<component>/<node id>/<object id>/config`. The sensors read the board's
retained state topic through Jinja templates, and go unavailable with the board's
availability topic (its last will). Buttons publish on the board's own command topic
and exist only while commands are enabled: otherwise their configs are sent empty,
which is how Home Assistant is told to remove an entity announced earlier.
"""

from __future__ import annotations

from typing import Any

from santorini_hw import __version__
from santorini_hw.daemon.mqtt.address import Topics
from santorini_hw.daemon.mqtt.messages import OFFLINE, ONLINE, Message, compact

DISCOVERY_PREFIX = "homeassistant"
COMMANDS = ("hint", "done", "new_game")
"""The payloads `<prefix>/command` accepts: the board's hint and done buttons, and a new
game with the current lineup (the done button's long press)."""

_SENSORS: dict[str, tuple[str, str, str]] = {
    # object id: (name, icon, value template)
    "phase": ("Phase", "mdi:flag-checkered", "{{ value_json.phase }}"),
    "to_move": ("To move", "mdi:account-arrow-right", "{{ value_json.to_move or 'none' }}"),
    "last_turn": (
        "Last turn",
        "mdi:format-list-numbered",
        "{% if value_json.last_turn %}{{ value_json.last_turn.player }}: "
        "{{ value_json.last_turn.notation }}{% else %}none{% endif %}",
    ),
    "winner": ("Winner", "mdi:trophy", "{{ value_json.winner or 'none' }}"),
    "bridge": ("Bridge", "mdi:usb-port", "{{ value_json.bridge }}"),
}
_BINARY_SENSORS: dict[str, tuple[str, str, str]] = {
    # object id: (name, device class, value template giving ON or OFF)
    "error": ("Board error", "problem", "{{ 'ON' if value_json.error else 'OFF' }}"),
    "bridge_connected": (
        "Bridge connected",
        "connectivity",
        "{{ 'ON' if value_json.bridge == 'connected' else 'OFF' }}",
    ),
}
_BUTTONS: dict[str, tuple[str, str]] = {
    "hint": ("Hint", "mdi:lightbulb-on-outline"),
    "done": ("Done", "mdi:check-circle-outline"),
    "new_game": ("New game", "mdi:restart"),
}


def discovery_messages(topics: Topics, commands: bool) -> list[Message]:
    """Every entity's config, retained (the buttons' empty unless `commands`)."""
    node = topics.node_id
    messages = []
    for object_id, (name, icon, template) in _SENSORS.items():
        config = _entity(topics, "sensor", object_id, name) | {
            "icon": icon,
            "state_topic": topics.state,
            "value_template": template,
        }
        messages.append(_config("sensor", node, object_id, config))
    for object_id, (name, device_class, template) in _BINARY_SENSORS.items():
        config = _entity(topics, "binary_sensor", object_id, name) | {
            "device_class": device_class,
            "state_topic": topics.state,
            "value_template": template,
            "payload_on": "ON",
            "payload_off": "OFF",
        }
        if object_id == "error":
            config["json_attributes_topic"] = topics.state
            config["json_attributes_template"] = "{{ {'message': value_json.error} | tojson }}"
        messages.append(_config("binary_sensor", node, object_id, config))
    for object_id, (name, icon) in _BUTTONS.items():
        config = _entity(topics, "button", object_id, name) | {
            "icon": icon,
            "command_topic": topics.command,
            "payload_press": object_id,
            "qos": 1,
            "retain": False,
        }
        messages.append(_config("button", node, object_id, config if commands else None))
    return messages


def _entity(topics: Topics, component: str, object_id: str, name: str) -> dict[str, Any]:
    node = topics.node_id
    return {
        "name": name,
        "unique_id": f"{node}_{object_id}",
        "default_entity_id": f"{component}.{node}_{object_id}",
        "availability": [
            {
                "topic": topics.availability,
                "payload_available": ONLINE,
                "payload_not_available": OFFLINE,
            }
        ],
        "device": {
            "identifiers": [node],
            "name": f"Santorini board {topics.prefix}",
            "manufacturer": "santorini-hw",
            "model": "Smart Santorini board",
            "sw_version": __version__,
        },
        "origin": {"name": "santorini-hw", "sw_version": __version__},
    }


def _config(component: str, node: str, object_id: str, config: dict[str, Any] | None) -> Message:
    topic = f"{DISCOVERY_PREFIX}/{component}/{node}/{object_id}/config"
    return Message(topic, "" if config is None else compact(config), qos=1, retain=True)
