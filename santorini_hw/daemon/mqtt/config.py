"""The MQTT link's configuration, read once at start from the settings.

Everything that can be wrong with it (a credentials file others may read, commands
without credentials, an unreadable CA file) stops the start with a `SettingsError`
naming the key, like any other bad setting: a link that could never work, or that would
let anyone on the network drive the board, is not started half-right.
"""

from __future__ import annotations

import socket
import ssl
import stat
from dataclasses import dataclass
from pathlib import Path

from santorini_hw.daemon.mqtt.address import Broker, Topics, board_id, parse_broker_url
from santorini_hw.daemon.settings import Settings, SettingsError

MACHINE_ID = Path("/etc/machine-id")


@dataclass(frozen=True)
class MqttConfig:
    broker: Broker
    topics: Topics
    discovery: bool
    commands: bool
    username: str | None = None
    password: str | None = None
    tls: ssl.SSLContext | None = None


def mqtt_config(settings: Settings, hostname: str | None = None) -> MqttConfig | None:
    """The link's configuration, or None when `mqtt_url` is unset (no link)."""
    if settings.mqtt_url is None:
        return None
    try:
        broker = parse_broker_url(settings.mqtt_url)
    except ValueError as error:
        raise SettingsError(f"mqtt_url: {error}") from None
    prefix = settings.mqtt_prefix
    if prefix is None:
        prefix = f"santorini/{board_id(hostname or socket.gethostname(), _machine_id())}"
    username = password = None
    if settings.mqtt_credentials is not None:
        username, password = read_credentials(settings.mqtt_credentials)
    elif settings.mqtt_commands:
        raise SettingsError(
            "mqtt_commands: commands drive the board like the API's token does, so the "
            "broker must know who connects: set mqtt_credentials too"
        )
    return MqttConfig(
        broker,
        Topics(prefix),
        settings.mqtt_discovery,
        settings.mqtt_commands,
        username,
        password,
        _tls(broker, settings.mqtt_ca_file),
    )


def read_credentials(path: Path) -> tuple[str, str]:
    """`user:password` from a file only its owner may read (like an ssh key)."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise SettingsError(f"mqtt_credentials: {path}: {error.strerror}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise SettingsError(
            f"mqtt_credentials: {path} is open to others (mode {stat.S_IMODE(mode):04o}): "
            f"chmod 600 it"
        )
    username, colon, password = text.partition(":")
    if not colon or not username or "\n" in text:
        raise SettingsError(f"mqtt_credentials: {path}: one line user:password")
    return username, password


def _tls(broker: Broker, ca_file: Path | None) -> ssl.SSLContext | None:
    if not broker.tls:
        if ca_file is not None:
            raise SettingsError("mqtt_ca_file: only used with an mqtts:// broker")
        return None
    try:
        return ssl.create_default_context(cafile=None if ca_file is None else str(ca_file))
    except (OSError, ssl.SSLError) as error:
        raise SettingsError(f"mqtt_ca_file: {ca_file}: {error}") from None


def _machine_id() -> str:
    try:
        return MACHINE_ID.read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""
