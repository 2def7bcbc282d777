"""The udev rule names the bridge's data port /dev/santorini-bridge and keeps ModemManager off it."""

from __future__ import annotations

from santorini_hw.hardware.config import load_hardware_config
from tests.systemd.unit_files import SYSTEMD_DIR, UDEV_RULE, udev_rules

RULES = udev_rules(UDEV_RULE.read_text())
PICO = {("ATTRS{idVendor}", "==", "239a"), ("ATTRS{idProduct}", "==", "80f4")}
# Attributes of the USB device itself: one rule's ATTRS must all match one parent device.
USB_DEVICE_ATTRS = {"idVendor", "idProduct", "serial", "manufacturer", "product"}


def matches(rule: list[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    return {pair for pair in rule if pair[1] in ("==", "!=")}


def symlink_rule() -> list[tuple[str, str, str]]:
    [rule] = [rule for rule in RULES if ("SYMLINK", "+=", "santorini-bridge") in rule]
    return rule


def test_the_data_port_of_the_pico_gets_the_link() -> None:
    assert matches(symlink_rule()) == PICO | {("ENV{ID_USB_INTERFACE_NUM}", "==", "02")}


def test_the_link_is_the_port_the_board_config_opens() -> None:
    assert load_hardware_config().bridge.port == "/dev/santorini-bridge"


def test_interface_02_is_the_data_port_because_boot_py_enables_the_console_first() -> None:
    boot = (SYSTEMD_DIR.parent / "firmware_bridge" / "boot.py").read_text()
    assert "usb_cdc.enable(console=True, data=True)" in boot


def test_the_port_belongs_to_dialout() -> None:
    assert {("GROUP", "=", "dialout"), ("MODE", "=", "0660")} <= set(symlink_rule())


def test_modemmanager_ignores_every_port_of_the_pico() -> None:
    ignoring = [rule for rule in RULES if ("ENV{ID_MM_DEVICE_IGNORE}", "=", "1") in rule]
    assert [matches(rule) for rule in ignoring] == [PICO]


def test_all_attrs_of_a_rule_belong_to_the_usb_device() -> None:
    for rule in RULES:
        attributes = {key[6:-1] for key, _, _ in rule if key.startswith("ATTRS{")}
        assert attributes <= USB_DEVICE_ATTRS, rule


def test_only_tty_devices_being_added_or_changed_are_considered() -> None:
    assert RULES[:2] == [
        [("SUBSYSTEM", "!=", "tty"), ("GOTO", "=", "santorini_bridge_end")],
        [("ACTION", "==", "remove"), ("GOTO", "=", "santorini_bridge_end")],
    ]
    assert RULES[-1] == [("LABEL", "=", "santorini_bridge_end")]
