"""A second, deliberately naive implementation of every god's turn (all thirty), used only
as a test oracle for the advanced gods.

It shares nothing with the rules core: it reads the position JSON itself, keeps the board
as plain lists and dicts (a worker is a dict entry that carries its player and whether it
is Selene's female, so she follows every relocation by construction), and writes each
power as the contract's sentence turned into a loop. Slow and obvious on purpose.
An outcome is a hashable summary of the result JSON plus the winner (`outcome_of`).
"""

from __future__ import annotations

import copy
from typing import Any

SIMPLE = ["Apollo", "Artemis", "Athena", "Atlas", "Demeter", "Hephaestus", "Hermes",
          "Minotaur", "Pan", "Prometheus"]  # fmt: skip
COLS = "abcde"


def name(cell: int) -> str:
    return f"{COLS[cell % 5]}{cell // 5 + 1}"


def index(text: str) -> int:
    return (int(text[1]) - 1) * 5 + COLS.index(text[0])


def across(a: int, b: int) -> int:
    """The cell after b, going from a through b; -1 off the board."""
    x, y = 2 * (b % 5) - a % 5, 2 * (b // 5) - a // 5
    return y * 5 + x if 0 <= x < 5 and 0 <= y < 5 else -1


def edge(cell: int) -> bool:
    return cell % 5 in (0, 4) or cell // 5 in (0, 4)


class Play:
    """One turn in progress: the board, and what the turn has done so far."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.players = list(doc["workers"])
        self.gods = [(doc.get("gods") or {}).get(p) for p in self.players]
        self.gods = [g.capitalize() if g else None for g in self.gods]
        self.h = [0] * 25
        for cell, level in doc.get("heights", {}).items():
            self.h[index(cell)] = level
        self.domes = {index(c) for c in doc.get("domes", [])}
        female = {p: c for p, c in doc.get("female", {}).items() if c}
        self.w: dict[int, tuple[int, bool]] = {}
        for i, p in enumerate(self.players):
            for c in doc["workers"][p]:
                self.w[index(c)] = (i, self.gods[i] == "Selene" and female.get(p) == c)
        self.me = self.players.index(doc["to_move"])
        self.athena = doc.get("athena_moved_up", False)
        self.tokens = {p: t for p, t in doc.get("tokens", {}).items()}
        self.chaos = copy.deepcopy(doc.get("chaos", {}))
        self.circe = doc.get("circe_has_power", False)
        self.extra = doc.get("extra_turns", 0)
        self.winner: int | None = None
        self.domed = False
        self.towers = 0
        self.up = False
        self.gone: set[int] = set()  # Aphrodite's workers Bia removed (they still count)
        self.origin: dict[int, int] = {}  # where each worker that stepped started
        self.selected = -1
        for i, god in enumerate(self.gods):
            p = self.players[i]
            if god == "Chaos" and p not in self.chaos:
                others = [g for j, g in enumerate(self.gods) if j != i]
                free = [g for g in SIMPLE if g not in others]
                self.chaos[p] = {"power": free[0], "deck": free[1:]}

    def clone(self) -> Play:
        other = copy.copy(self)
        other.h, other.domes, other.w = list(self.h), set(self.domes), dict(self.w)
        other.tokens, other.gone, other.origin = (
            dict(self.tokens),
            set(self.gone),
            dict(self.origin),
        )
        return other  # the Chaos cards are replaced whole, never changed in place

    def mine(self, player: int) -> list[int]:
        return sorted(c for c, (p, _) in self.w.items() if p == player)

    def owner(self, god: str) -> int:
        return next((i for i, g in enumerate(self.gods) if g == god), -1)


def deck_of(chaos: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    return chaos["power"], tuple(chaos["deck"])


def outcome_of(result: dict[str, Any], winner: str | None) -> tuple[Any, ...]:
    """The oracle's outcome for a result JSON of the rules core (the same fields)."""
    h = [0] * 25
    for cell, level in result["heights"].items():
        h[index(cell)] = level
    chaos = result.get("chaos")
    return (
        tuple(h),
        frozenset(index(c) for c in result["domes"]),
        frozenset((index(c), p) for p, cells in result["workers"].items() for c in cells),
        result["to_move"],
        result["athena_moved_up"],
        next(iter(result["female"].values())) if "female" in result else None,
        next(iter(result["tokens"].values())) if "tokens" in result else None,
        deck_of(next(iter(chaos.values()))) if chaos else None,
        result.get("circe_has_power"),
        result.get("extra_turns"),
        winner,
    )
