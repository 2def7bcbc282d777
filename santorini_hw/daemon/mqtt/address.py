"""Where the MQTT link publishes: the broker's URL and the board's topics (a contract).

Pure functions, checked when the settings are loaded, so a bad URL or prefix stops the
start with a message naming the key:

>>> parse_broker_url("mqtts://broker.lan")
Broker(host='broker.lan', port=8883, tls=True)
>>> parse_broker_url("mqtt://user:secret@broker.lan")
Traceback (most recent call last):
...
ValueError: no user or password in the URL: put them in the mqtt_credentials file
>>> Topics("santorini/table-3").state
'santorini/table-3/state'
>>> board_id("raspberrypi", "0f3a9c77d2e14b6b")  # the OS default name: made unique
'raspberrypi-0f3a9c'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

_SCHEMES = {"mqtt": (1883, False), "mqtts": (8883, True)}
DEFAULT_HOSTNAME = "raspberrypi"
"""Raspberry Pi OS's default hostname: boards still called so get a machine-id suffix."""
_UNSAFE = re.compile(r"[^a-z0-9_-]+")
_NOT_ID = re.compile(r"[^a-z0-9_]+")


@dataclass(frozen=True)
class Broker:
    host: str
    port: int
    tls: bool

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


def parse_broker_url(text: str) -> Broker:
    """`mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS); ValueError else."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError as error:
        raise ValueError(f"not a broker URL ({error}): {text!r}") from None
    if parts.scheme not in _SCHEMES:
        raise ValueError(f"mqtt://host:port or mqtts://host:port, not {text!r}")
    if parts.username is not None or parts.password is not None:
        raise ValueError("no user or password in the URL: put them in the mqtt_credentials file")
    if not parts.hostname:
        raise ValueError(f"no host in {text!r}")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"only scheme, host and port, not {text!r}")
    default_port, tls = _SCHEMES[parts.scheme]
    return Broker(parts.hostname, default_port if port is None else port, tls)


def check_prefix(text: str) -> str:
    """A topic prefix the board can own: levels without wildcards, no empty level."""
    prefix = text.strip()
    if not prefix or any(c in prefix for c in "+#\0"):
        raise ValueError(f"a topic prefix without + # or NUL, not {text!r}")
    if prefix.startswith("$") or "" in prefix.split("/"):
        raise ValueError(f"levels separated by single slashes, not starting with $: {text!r}")
    return prefix


def board_id(hostname: str, machine_id: str) -> str:
    """The board's name in the default prefix: its hostname (lower case, characters other
    than a-z 0-9 _ - replaced), plus six characters of /etc/machine-id when the hostname
    is the OS default, so two fresh Pis at a club never share topics."""
    name = _UNSAFE.sub("-", hostname.strip().lower()).strip("-") or DEFAULT_HOSTNAME
    if name in (DEFAULT_HOSTNAME, "localhost"):
        suffix = _UNSAFE.sub("", machine_id.strip().lower())[:6]
        if suffix:
            name = f"{name}-{suffix}"
    return name


@dataclass(frozen=True)
class Topics:
    """The board's topics under its prefix (the contract in docs/run/mqtt.md)."""

    prefix: str

    @property
    def availability(self) -> str:
        return f"{self.prefix}/availability"

    @property
    def state(self) -> str:
        return f"{self.prefix}/state"

    @property
    def event(self) -> str:
        return f"{self.prefix}/event"

    @property
    def command(self) -> str:
        return f"{self.prefix}/command"

    @property
    def link_game(self) -> str:
        """A paired board's whole game log, retained (daemon/board_link/)."""
        return f"{self.prefix}/link/game"

    @property
    def link_turn(self) -> str:
        """A paired board's new turns as they are accepted, not retained."""
        return f"{self.prefix}/link/turn"

    @property
    def node_id(self) -> str:
        """The prefix as one identifier of a-z 0-9 _ (Home Assistant's node id, unique ids
        and entity ids)."""
        return _NOT_ID.sub("_", self.prefix.lower()).strip("_") or "santorini"
