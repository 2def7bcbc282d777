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

POWERS: dict[God, str] = {
    God.APOLLO: "Your worker may move into an opponent's space, swapping places with it.",
    God.ARTEMIS: "Your worker may move one more time, but not back to where it started.",
    God.ATHENA: "If one of your workers moved up, opponents cannot move up next turn.",
    God.ATLAS: "Your worker may build a dome at any level.",
    God.DEMETER: "Your worker may build one more time, but not on the same space.",
    God.HEPHAESTUS: "Your worker may build one more block (not a dome) on the same space.",
    God.HERMES: "Instead of a normal move, move both workers any number of times on their level.",
    God.MINOTAUR: "Your worker may move into an opponent's space, pushing it straight back.",
    God.PAN: "You also win if your worker moves down two or more levels.",
    God.PROMETHEUS: "If your worker does not move up, it may build both before and after moving.",
}
"""Each god's power in one sentence, for people choosing (the page's cards)."""


class UnknownGodError(ValueError):
    """A god name that is not one of the ten simple gods."""


def parse_god(name: str) -> God:
    """The god named `name`, case-insensitively."""
    if isinstance(name, str):
        for god in God:
            if god.value.lower() == name.strip().lower():
                return god
    raise UnknownGodError(f"unknown god {name!r} (known: {GOD_NAMES})")
