"""The thirty gods of the base box: ten simple and twenty advanced. A god changes the
shape of its player's turn (simple gods: `turn.py`; advanced gods: `power_turn.py`).

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
    APHRODITE = "Aphrodite"
    ARES = "Ares"
    BIA = "Bia"
    CHAOS = "Chaos"
    CHARON = "Charon"
    CHRONUS = "Chronus"
    CIRCE = "Circe"
    DIONYSUS = "Dionysus"
    EROS = "Eros"
    HERA = "Hera"
    HESTIA = "Hestia"
    HYPNUS = "Hypnus"
    LIMUS = "Limus"
    MEDUSA = "Medusa"
    MORPHEUS = "Morpheus"
    PERSEPHONE = "Persephone"
    POSEIDON = "Poseidon"
    SELENE = "Selene"
    TRITON = "Triton"
    ZEUS = "Zeus"

    # Members are singletons compared by identity, so the identity hash is right, and it
    # is much cheaper than Enum's (a position holds its gods and is hashed in every search).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"<God.{self.name}: {self.value!r}>"

    @property
    def is_simple(self) -> bool:
        return self in _SIMPLE


SIMPLE_GODS: tuple[God, ...] = tuple(list(God)[:10])
"""The ten simple gods, alphabetical (Chaos' deck draws from them): the board offers these."""
ADVANCED_GODS: tuple[God, ...] = tuple(list(God)[10:])
_SIMPLE = frozenset(SIMPLE_GODS)

TWO_PLAYERS_ONLY = frozenset({God.APHRODITE, God.CHRONUS, God.CIRCE})
"""Barred from games of three players (BGA's `playerCount`)."""

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
    God.APHRODITE: "An opponent's worker starting next to yours must end its move next to yours.",
    God.ARES: "At the end of your turn, you may remove a block next to your unmoved worker.",
    God.BIA: "Moving straight toward an opponent's worker just beyond removes it.",
    God.CHAOS: "You hold a simple god's power and draw another after any turn with a new dome.",
    God.CHARON: "Before moving, your worker may ferry a neighbouring opponent across itself.",
    God.CHRONUS: "You also win when there are at least five complete towers on the board.",
    God.CIRCE: "If the opponent's workers are apart, take their power until your next turn.",
    God.DIONYSUS: "Each tower you complete earns a turn with an opponent's worker.",
    God.EROS: "You also win if your workers end a move side by side on level 1.",
    God.HERA: "An opponent cannot win by moving onto a space on the edge of the board.",
    God.HESTIA: "Your worker may build one more time, but not on the edge of the board.",
    God.HYPNUS: "An opponent's worker standing higher than all their others cannot move.",
    God.LIMUS: "Opponents cannot build next to your workers, except domes completing towers.",
    God.MEDUSA: "At the end of your turn, opponents' workers below yours next door become blocks.",
    God.MORPHEUS: "Gain a block each turn; your worker builds any number of them instead of once.",
    God.PERSEPHONE: "If an opponent can move up on their turn, they must.",
    God.POSEIDON: "Your unmoved worker, if on the ground, may build up to three times at the end.",
    God.SELENE: "Instead of the normal build, your female worker may build a dome at any level.",
    God.TRITON: "Each time your worker moves onto an edge space, it may move again.",
    God.ZEUS: "Your worker may build a block under itself.",
}
"""Each god's power in one sentence, for people choosing (the page's cards, the board's
menu and `docs/play/gods.md` show exactly these)."""


class UnknownGodError(ValueError):
    """A god name that is not one of the thirty gods."""


def parse_god(name: str) -> God:
    """The god named `name`, case-insensitively."""
    if isinstance(name, str):
        for god in God:
            if god.value.lower() == name.strip().lower():
                return god
    raise UnknownGodError(f"unknown god {name!r} (known: {GOD_NAMES})")


def parse_board_god(name: str) -> God:
    """A god the physical board plays: any of the thirty (the player-count bars are
    `barred_gods`, enforced where a game is set up)."""
    return parse_god(name)


def barred_gods(players: int) -> frozenset[God]:
    """Gods a game of `players` players may not use (BGA's player counts)."""
    if players == 3:
        return TWO_PLAYERS_ONLY
    if players == 4:  # team games keep to the simple gods: see docs/develop/advanced-gods.md
        return frozenset(ADVANCED_GODS)
    return frozenset()
