"""The MQTT settings: from the usual sources, checked when loaded, and the link's
configuration refusing what could not work or would be unsafe."""

from __future__ import annotations

import doctest
import ssl
from pathlib import Path
from types import ModuleType

import pytest

from santorini_hw.daemon.mqtt import address as mqtt_address
from santorini_hw.daemon.mqtt import messages as mqtt_messages
from santorini_hw.daemon.mqtt import outbox as mqtt_outbox
from santorini_hw.daemon.mqtt import session as mqtt_session
from santorini_hw.daemon.mqtt.config import mqtt_config
from santorini_hw.daemon.settings import Settings, SettingsError, load_settings
from tests.mqtt.broker import Mosquitto


@pytest.mark.parametrize(
    "module",
    [mqtt_address, mqtt_messages, mqtt_outbox, mqtt_session],
    ids=lambda m: m.__name__,
)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_the_environment_turns_the_link_on() -> None:
    environ = {"SANTORINI_HW_MQTT_URL": "mqtt://hub.lan", "SANTORINI_HW_MQTT_DISCOVERY": "true"}
    settings = load_settings(files=(), environ=environ)
    assert (settings.mqtt_url, settings.mqtt_discovery) == ("mqtt://hub.lan", True)
    config = mqtt_config(settings, hostname="kitchen-board")
    assert config is not None
    assert (config.broker.host, config.broker.port, config.broker.tls) == ("hub.lan", 1883, False)
    assert config.topics.prefix == "santorini/kitchen-board"
    assert config.discovery and not config.commands and config.tls is None
    assert mqtt_config(load_settings(files=(), environ={})) is None  # off unless configured


def test_a_file_sets_the_prefix_and_the_environment_wins(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('mqtt_url = "mqtt://a.lan"\nmqtt_prefix = "club/table-3"\n')
    settings = load_settings(files=(path,), environ={"SANTORINI_HW_MQTT_URL": "mqtts://b.lan"})
    config = mqtt_config(settings)
    assert config is not None and config.topics.state == "club/table-3/state"
    assert (config.broker.url, isinstance(config.tls, ssl.SSLContext)) == (
        "mqtts://b.lan:8883",
        True,
    )


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("MQTT_URL", "http://hub.lan", "mqtt://host:port or mqtts://host:port"),
        ("MQTT_URL", "mqtt://me:secret@hub.lan", "no user or password in the URL"),
        ("MQTT_URL", "mqtt://hub.lan:99999", "not a broker URL"),
        ("MQTT_URL", "mqtt://hub.lan/topic", "only scheme, host and port"),
        ("MQTT_PREFIX", "santorini/#", "without \\+ # or NUL"),
        ("MQTT_PREFIX", "santorini//a", "single slashes"),
        ("MQTT_DISCOVERY", "maybe", "true or false"),
    ],
)
def test_a_bad_mqtt_setting_is_named(key: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError, match=f"SANTORINI_HW_{key}: .*{message}"):
        load_settings(files=(), environ={f"SANTORINI_HW_{key}": value})


def _settings(**extra: str) -> Settings:
    environ = {"SANTORINI_HW_MQTT_URL": "mqtt://hub.lan"}
    environ.update({f"SANTORINI_HW_{key.upper()}": value for key, value in extra.items()})
    return load_settings(files=(), environ=environ)


def test_credentials_come_from_a_file_only_the_service_reads(tmp_path: Path) -> None:
    secret = tmp_path / "mqtt-credentials"
    secret.write_text("board:pass:with:colons\n")
    secret.chmod(0o600)
    config = mqtt_config(_settings(mqtt_credentials=str(secret)))
    assert config is not None and (config.username, config.password) == (
        "board",
        "pass:with:colons",
    )
    secret.chmod(0o640)
    with pytest.raises(SettingsError, match=r"open to others \(mode 0640\): chmod 600 it"):
        mqtt_config(_settings(mqtt_credentials=str(secret)))
    secret.write_text("no colon\n")
    secret.chmod(0o400)
    with pytest.raises(SettingsError, match="one line user:password"):
        mqtt_config(_settings(mqtt_credentials=str(secret)))
    with pytest.raises(SettingsError, match=r"mqtt_credentials: .*missing: No such file"):
        mqtt_config(_settings(mqtt_credentials=str(tmp_path / "missing")))


def test_commands_need_credentials() -> None:
    settings = load_settings(
        files=(), environ={"SANTORINI_HW_MQTT_URL": "mqtt://x", "SANTORINI_HW_MQTT_COMMANDS": "1"}
    )
    with pytest.raises(SettingsError, match=r"mqtt_commands: .*set mqtt_credentials"):
        mqtt_config(settings)


def test_a_ca_file_is_for_tls_only_and_must_be_readable(tmp_path: Path) -> None:
    broker = Mosquitto(tmp_path, tls=True)
    broker._certificates()  # a test CA (not started: only its files are needed)
    cert = broker.ca_file
    tls = mqtt_config(_settings(mqtt_url="mqtts://hub.lan", mqtt_ca_file=str(cert)))
    assert tls is not None and tls.tls is not None
    assert [c["subject"] for c in tls.tls.get_ca_certs()] == [((("commonName", "test-club-CA"),),)]
    with pytest.raises(SettingsError, match="mqtt_ca_file: only used with an mqtts:// broker"):
        mqtt_config(_settings(mqtt_ca_file=str(cert)))
    with pytest.raises(SettingsError, match=r"mqtt_ca_file: .*nowhere\.pem"):
        mqtt_config(_settings(mqtt_url="mqtts://h", mqtt_ca_file=str(tmp_path / "nowhere.pem")))


def test_the_default_prefix_names_the_board() -> None:
    assert mqtt_address.board_id("Table 3.local", "abc") == "table-3-local"
    assert mqtt_address.board_id("raspberrypi", "") == "raspberrypi"
    assert mqtt_address.board_id("localhost", "0F3A9C77") == "localhost-0f3a9c"
    assert mqtt_address.Topics("Club/Table-3").node_id == "club_table_3"
