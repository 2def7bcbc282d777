"""The service unit: notify + watchdog, restarts, its user, and hardening that keeps the
GPIO, SPI and serial devices the board needs."""

from __future__ import annotations

import re

import pytest

from tests.systemd.unit_files import INSTALL, UNIT, unit_sections

SERVICE = unit_sections(UNIT.read_text())["Service"]


def values(key: str) -> list[str]:
    return [value for name, value in SERVICE if name == key]


def value(key: str) -> str:
    [only] = values(key)
    return only


def test_the_daemon_reports_readiness_and_is_watched() -> None:
    assert value("Type") == "notify"
    assert value("NotifyAccess") == "main"
    assert int(value("WatchdogSec")) > 0


def test_a_crash_restarts_the_daemon() -> None:
    assert value("Restart") == "on-failure"


def test_it_runs_as_its_own_user_in_the_device_groups() -> None:
    assert value("User") == "santorini"
    assert value("SupplementaryGroups").split() == ["gpio", "spi", "dialout"]


def test_only_gpio_spi_and_usb_serial_devices_are_reachable() -> None:
    assert value("DevicePolicy") == "closed"
    assert sorted(values("DeviceAllow")) == ["char-gpiochip rw", "char-spi rw", "char-ttyACM rw"]
    assert values("PrivateDevices") in ([], ["no"])


def test_state_runtime_and_configuration_directories() -> None:
    assert value("StateDirectory") == "santorini-hw"
    assert value("ConfigurationDirectory") == "santorini-hw"
    assert value("RuntimeDirectory") == "santorini-hw"
    assert value("WorkingDirectory") == "/run/santorini-hw"


def test_environment_for_lgpio_and_blinka() -> None:
    environment = dict(entry.split("=", 1) for entry in values("Environment"))
    assert environment["LG_WD"] == value("WorkingDirectory")
    assert environment["GPIOZERO_PIN_FACTORY"] == "lgpio"
    assert environment["BLINKA_SKIP_DEPENDENCY_CHECK"] == "1"


def test_it_starts_the_venv_install_sh_creates_on_the_state_directory() -> None:
    prefix = re.search(r"^readonly PREFIX=(\S+)$", INSTALL.read_text(), re.MULTILINE)
    assert prefix is not None
    state = f"/var/lib/{value('StateDirectory')}"
    assert value("ExecStart") == f"{prefix.group(1)}/venv/bin/santorini-hw run --state-dir {state}"


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("NoNewPrivileges", "yes"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
        ("ProtectKernelTunables", "yes"),
        ("ProtectKernelModules", "yes"),
        ("ProtectKernelLogs", "yes"),
        ("ProtectControlGroups", "yes"),
        ("RestrictAddressFamilies", "AF_UNIX AF_INET AF_INET6"),
        ("RestrictNamespaces", "yes"),
        ("CapabilityBoundingSet", ""),
    ],
)
def test_hardening(key: str, expected: str) -> None:
    assert value(key) == expected


def test_it_starts_at_boot() -> None:
    assert dict(unit_sections(UNIT.read_text())["Install"])["WantedBy"] == "multi-user.target"
