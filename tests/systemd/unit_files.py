"""Readers for the files in systemd/: unit files (keys may repeat) and udev rules."""

from __future__ import annotations

import re
from pathlib import Path

SYSTEMD_DIR = Path(__file__).resolve().parents[2] / "systemd"
UNIT = SYSTEMD_DIR / "santorini-hw.service"
UDEV_RULE = SYSTEMD_DIR / "99-santorini-bridge.rules"
INSTALL = SYSTEMD_DIR / "install.sh"

_UDEV_KEY = re.compile(r'\s*([A-Z_]+(?:\{[^}]*\})?)\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*(?:,|$)')


def unit_sections(text: str) -> dict[str, list[tuple[str, str]]]:
    """Section name -> (key, value) in order; repeated keys (DeviceAllow=) are all kept."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        key, _, value = line.partition("=")
        current.append((key.strip(), value.strip()))
    return sections


def udev_rules(text: str) -> list[list[tuple[str, str, str]]]:
    """Each rule as (key, operator, value) triples; refuses a line it cannot read."""
    rules = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        pairs = []
        position = 0
        while position < len(line):
            match = _UDEV_KEY.match(line, position)
            if match is None:
                raise ValueError(f"unreadable udev rule at {line[position:]!r}")
            pairs.append((match.group(1), match.group(2), match.group(3)))
            position = match.end()
        rules.append(pairs)
    return rules
