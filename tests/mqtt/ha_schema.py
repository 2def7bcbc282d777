"""Home Assistant's MQTT discovery schema for the three components the board announces,
as its documentation lists them (MQTT sensor, binary sensor and button pages, and the
discovery page's shared device, origin and availability options).

`problems(component, config)` names every way a config departs from it: a missing
required option, an option Home Assistant does not know, a wrong type, an entity id
that is not `<component>.<object id>`, a device without identifiers.
"""

from __future__ import annotations

import re
from typing import Any

_COMMON: dict[str, type | tuple[type, ...]] = {
    "availability": list,
    "availability_mode": str,
    "availability_template": str,
    "availability_topic": str,
    "default_entity_id": str,
    "device": dict,
    "enabled_by_default": bool,
    "encoding": str,
    "entity_category": str,
    "entity_picture": str,
    "icon": str,
    "json_attributes_template": str,
    "json_attributes_topic": str,
    "name": (str, type(None)),
    "object_id": str,
    "origin": dict,
    "payload_available": str,
    "payload_not_available": str,
    "platform": str,
    "qos": int,
    "unique_id": str,
}
_STATE: dict[str, type | tuple[type, ...]] = {
    "device_class": (str, type(None)),
    "expire_after": int,
    "force_update": bool,
    "state_topic": str,
    "value_template": str,
}
OPTIONS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "sensor": _COMMON
    | _STATE
    | {
        "last_reset_value_template": str,
        "options": list,
        "state_class": (str, type(None)),
        "suggested_display_precision": int,
        "unit_of_measurement": (str, type(None)),
    },
    "binary_sensor": _COMMON | _STATE | {"off_delay": int, "payload_off": str, "payload_on": str},
    "button": _COMMON
    | {
        "command_template": str,
        "command_topic": str,
        "device_class": (str, type(None)),
        "payload_press": str,
        "retain": bool,
    },
}
REQUIRED = {
    "sensor": {"state_topic"},
    "binary_sensor": {"state_topic"},
    "button": {"command_topic"},
}
BINARY_SENSOR_CLASSES = {"connectivity", "problem", "running", "plug", "power", "update"}
_DEVICE = {
    "configuration_url": str,
    "connections": list,
    "hw_version": str,
    "identifiers": (list, str),
    "manufacturer": str,
    "model": str,
    "model_id": str,
    "name": str,
    "serial_number": str,
    "suggested_area": str,
    "sw_version": str,
    "via_device": str,
}
_ORIGIN = {"name": str, "sw_version": str, "support_url": str}
_AVAILABILITY = {
    "topic": str,
    "payload_available": str,
    "payload_not_available": str,
    "value_template": str,
}
_TOPIC = re.compile(r"^[^+#\0]+$")


def problems(component: str, config: dict[str, Any]) -> list[str]:
    found = _check(config, OPTIONS[component], component)
    found += [f"{component}: {key} is required" for key in REQUIRED[component] - set(config)]
    found += [
        f"{component}: {key} is not a topic to publish on"
        for key in ("state_topic", "command_topic", "json_attributes_topic")
        if key in config and not _TOPIC.match(config[key])
    ]
    if "device" in config:
        found += _check(config["device"], _DEVICE, "device")
        if not config["device"].get("identifiers") and not config["device"].get("connections"):
            found.append("device: identifiers or connections are required")
        if "unique_id" not in config:
            found.append(f"{component}: a device needs the entity's unique_id")
    if "origin" in config:
        found += _check(config["origin"], _ORIGIN, "origin")
        if "name" not in config["origin"]:
            found.append("origin: name is required")
    for entry in config.get("availability", []):
        found += _check(entry, _AVAILABILITY, "availability")
        if "topic" not in entry:
            found.append("availability: topic is required")
    entity = config.get("default_entity_id")
    if entity is not None and not re.fullmatch(rf"{component}\.[a-z0-9_]+", entity):
        found.append(f"{component}: default_entity_id {entity!r} is not {component}.<id>")
    if component == "binary_sensor" and config.get("device_class") not in (
        None,
        *BINARY_SENSOR_CLASSES,
    ):
        found.append(f"binary_sensor: unknown device_class {config['device_class']!r}")
    if config.get("qos", 0) not in (0, 1, 2):
        found.append(f"{component}: qos must be 0, 1 or 2")
    return found


def _check(config: dict[str, Any], options: dict[str, Any], where: str) -> list[str]:
    found = []
    for key, value in config.items():
        if key not in options:
            found.append(f"{where}: unknown option {key}")
        elif not isinstance(value, options[key]):
            found.append(f"{where}: {key} has the wrong type ({type(value).__name__})")
    return found
