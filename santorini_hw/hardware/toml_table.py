"""A TOML table read key by key, so that every error names its full dotted key.

Shared by every loader of `hardware/board.toml`'s tables: a typo or a value out of range
fails at start-up with the key's name, and keys nobody read are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

GPIO_PINS = range(28)
"""BCM numbers of the GPIOs on the Pi's 40-pin header."""


class HardwareConfigError(ValueError):
    """A board config that cannot be used; the message names the key."""


class TomlTable:
    """A TOML table read key by key, so every error names its full dotted key."""

    def __init__(self, data: Mapping[str, Any], path: str) -> None:
        self._data = data
        self._path = path
        self._read: set[str] = set()

    def _key(self, key: str) -> str:
        return f"{self._path}.{key}" if self._path else key

    def raw(self, key: str, kind: type | tuple[type, ...], what: str) -> Any:
        self._read.add(key)
        if key not in self._data:
            raise HardwareConfigError(f"missing key {self._key(key)}")
        value = self._data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
            raise HardwareConfigError(f"{self._key(key)} must be {what}, not {value!r}")
        return value

    def names(self) -> list[str]:
        return list(self._data)

    def leave_to_others(self, keys: tuple[str, ...]) -> None:
        """Keys that other loaders read (not unknown, though not read here)."""
        self._read.update(keys)

    def fail(self, key: str, message: str) -> HardwareConfigError:
        return HardwareConfigError(f"{self._key(key)} {message}")

    def table(self, key: str) -> TomlTable:
        return TomlTable(self.raw(key, dict, "a table"), self._key(key))

    def tables(self, key: str) -> list[TomlTable]:
        items = self.raw(key, list, "an array of tables")
        if not all(isinstance(item, dict) for item in items):
            raise self.fail(key, "must be an array of tables")
        return [TomlTable(item, f"{self._key(key)}[{n}]") for n, item in enumerate(items)]

    def boolean(self, key: str) -> bool:
        return cast(bool, self.raw(key, bool, "true or false"))

    def text(self, key: str) -> str:
        return cast(str, self.raw(key, str, "a string"))

    def texts(self, key: str) -> tuple[str, ...]:
        values = self.raw(key, list, "a list of strings")
        if not all(isinstance(value, str) for value in values):
            raise self.fail(key, f"must be a list of strings, not {values!r}")
        return tuple(values)

    def integer(self, key: str, low: int, high: int) -> int:
        value = cast(int, self.raw(key, int, "an integer"))
        if not low <= value <= high:
            raise self.fail(key, f"must be {low} to {high}, not {value}")
        return value

    def number(self, key: str, low: float, high: float) -> float:
        value = float(self.raw(key, (int, float), "a number"))
        if not low <= value <= high:
            raise self.fail(key, f"must be {low} to {high}, not {value}")
        return value

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        value = self.text(key)
        if value not in choices:
            raise self.fail(key, f"must be one of {', '.join(choices)}, not {value!r}")
        return value

    def pin(self, key: str) -> int:
        return self.integer(key, GPIO_PINS.start, GPIO_PINS.stop - 1)

    def done(self) -> None:
        """Refuse keys nobody read: a misspelt key must not be silently ignored."""
        unknown = sorted(set(self._data) - self._read)
        if unknown:
            raise HardwareConfigError(f"unknown key {self._key(unknown[0])}")


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
