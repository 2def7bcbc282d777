"""The ten simple gods. A god changes the shape of its player's turn (see `turn.py`).

>>> parse_god("apollo")
<God.APOLLO: 'Apollo'>
"""

from __future__ import annotations

from enum import Enum


class God(Enum):
    APOLLO = "Apollo"
    ARTEMIS = "Artemis"
    ATHENA = "Athena"
    ATLAS = "Atlas"
    DEMETER = "Demeter"
    HEPHAESTUS = "Hephaestus"
    HERMES = "Hermes"
    MINOTAUR = "Minotaur"
    PAN = "Pan"
    PROMETHEUS = "Prometheus"

    # Members are singletons compared by identity, so the identity hash is right, and it
    # is much cheaper than Enum's (a position holds its gods and is hashed in every search).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"<God.{self.name}: {self.value!r}>"


GOD_NAMES = ", ".join(god.value for god in God)


class UnknownGodError(ValueError):
    """A god name that is not one of the ten simple gods."""


def parse_god(name: str) -> God:
    """The god named `name`, case-insensitively."""
    if isinstance(name, str):
        for god in God:
            if god.value.lower() == name.strip().lower():
                return god
    raise UnknownGodError(f"unknown god {name!r} (known: {GOD_NAMES})")
