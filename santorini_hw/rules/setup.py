"""Choosing gods before a game: the official procedure and the quick two-player one.

Both are small state machines: `step` says who must decide what and from which options;
`decide` records the decision; `lineup()` gives the players in turn order with their gods
once every decision is made. Worker placement then happens in `Game`.

Both draw from a *pool* the players allow (`GOD_POOLS`: the ten simple gods, the twenty
advanced ones, or all thirty), without the gods barred for the number of players
(`barred_gods`), and never deal a pairing the rules refuse (Circe against Eros).

>>> quick = QuickSelection(("A", "B"), random.Random(3))
>>> step = quick.step
>>> step.player, step.kind, len(step.options)
('A', 'god', 4)
"""

from __future__ import annotations

import random
from typing import NamedTuple

from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS, God, barred_gods
from santorini_hw.rules.position import Lineup, make_lineup

GOD_POOLS = ("simple", "advanced", "all")
"""Which gods the players allow; "simple" (today's default) keeps first games plain."""


class SetupError(ValueError):
    """A decision out of turn, or one not among the options."""


class Step(NamedTuple):
    player: str
    kind: str
    """"offer" (pick as many gods as players), "god" (choose one) or "start" (name who starts)."""
    options: tuple[str, ...]


def _teams(players: tuple[str, ...]) -> tuple[tuple[str, ...], ...] | None:
    """Four players sit alternately: 1st and 3rd against 2nd and 4th."""
    return ((players[0], players[2]), (players[1], players[3])) if len(players) == 4 else None


def pool_gods(pool: str, players: int) -> tuple[God, ...]:
    """The gods of `pool` that a game of `players` players may use, in the order of `God`."""
    if pool not in GOD_POOLS:
        raise SetupError(f"unknown god pool {pool!r} (pools: {', '.join(GOD_POOLS)})")
    gods = {"simple": SIMPLE_GODS, "advanced": ADVANCED_GODS, "all": tuple(God)}[pool]
    barred = barred_gods(players)
    return tuple(god for god in gods if god not in barred)


def pools(players: int) -> tuple[str, ...]:
    """The pools that offer `players` players a choice of their own (four players: the
    simple gods alone, as "all" would hold the same and "advanced" none)."""
    offered: list[str] = []
    for pool in GOD_POOLS:
        gods = pool_gods(pool, players)
        if gods and all(gods != pool_gods(other, players) for other in offered):
            offered.append(pool)
    return tuple(offered)


def random_gods(pool: str, count: int, rng: random.Random) -> tuple[God, ...]:
    """`count` different gods of `pool` drawn at random that the rules play together."""
    gods = pool_gods(pool, count)
    if len(gods) < count:
        raise SetupError(f"the {pool} gods are barred for {count} players")
    while True:
        drawn = tuple(rng.sample(gods, count))
        if accepted(drawn):
            return drawn


def no_gods(players: tuple[str, ...]) -> Lineup:
    if len(players) == 3:
        raise SetupError("three-player games need gods")
    return make_lineup(players, None, _teams(players))


class OfficialSelection:
    """The Challenger offers one god per player; the others choose in turn order; the
    Challenger takes the last one and names the start player."""

    def __init__(
        self, players: tuple[str, ...], challenger: str | None = None, pool: str = "simple"
    ) -> None:
        if not 2 <= len(players) <= 4:
            raise SetupError(f"2 to 4 players, not {len(players)}")
        self.players = players
        self.challenger = challenger or players[0]
        if self.challenger not in players:
            raise SetupError(f"the challenger {self.challenger!r} is not a player")
        start = players.index(self.challenger)
        self._choosers = [players[(start + i) % len(players)] for i in range(1, len(players))]
        self.pool = pool_gods(pool, len(players))
        self.offered: tuple[God, ...] = ()
        self.chosen: dict[str, God] = {}
        self.start_player: str | None = None

    @property
    def step(self) -> Step | None:
        if not self.offered:
            return Step(self.challenger, "offer", tuple(g.value for g in self.pool))
        remaining = self._remaining()
        for player in self._choosers:
            if player not in self.chosen:
                return Step(player, "god", tuple(g.value for g in remaining))
        if self.start_player is None:
            return Step(self.challenger, "start", self.players)
        return None

    def _remaining(self) -> list[God]:
        return [g for g in self.offered if g not in self.chosen.values()]

    def decide(self, player: str, choice: tuple[God, ...] | God | str) -> None:
        step = self.step
        if step is None:
            raise SetupError("the gods are already chosen")
        if player != step.player:
            raise SetupError(f"it is {step.player}'s decision, not {player}'s")
        if step.kind == "offer":
            gods = choice if isinstance(choice, tuple) else ()
            if len(set(gods)) != len(self.players):
                raise SetupError(f"offer {len(self.players)} different gods")
            strangers = [god.value for god in gods if god not in self.pool]
            if strangers:
                allowed = ", ".join(step.options)
                raise SetupError(f"{strangers[0]} is not allowed here (allowed: {allowed})")
            if not accepted(gods):
                raise SetupError(f"{' and '.join(g.value for g in gods)} cannot play together")
            self.offered = gods
        elif step.kind == "god":
            if not isinstance(choice, God) or choice.value not in step.options:
                raise SetupError(f"choose one of {', '.join(step.options)}")
            self.chosen[player] = choice
            if len(self.chosen) == len(self._choosers):
                self.chosen[self.challenger] = self._remaining()[0]
        else:
            if choice not in self.players:
                raise SetupError(f"name the start player: one of {', '.join(self.players)}")
            self.start_player = str(choice)

    def lineup(self) -> Lineup:
        if self.step is not None or self.start_player is None:
            raise SetupError("god selection is not finished")
        first = self.players.index(self.start_player)
        order = self.players[first:] + self.players[:first]
        return make_lineup(order, tuple(self.chosen[p] for p in order), _teams(order))


class QuickSelection:
    """Two players: four gods offered at random; the start player chooses one, the
    opponent one of the other three."""

    def __init__(self, players: tuple[str, ...], rng: random.Random, pool: str = "simple") -> None:
        if len(players) != 2:
            raise SetupError("the quick selection is for two players")
        self.players = players
        self.offered = tuple(rng.sample(pool_gods(pool, 2), 4))
        self.chosen: dict[str, God] = {}

    @property
    def step(self) -> Step | None:
        for player in self.players:
            if player not in self.chosen:
                return Step(player, "god", tuple(g.value for g in self._playable()))
        return None

    def _playable(self) -> list[God]:
        """The gods left that still leave the other player one to play against."""
        chosen = tuple(self.chosen.values())
        left = [g for g in self.offered if g not in chosen]
        if chosen:
            return [g for g in left if accepted((*chosen, g))]
        return [g for g in left if any(accepted((g, other)) for other in left if other is not g)]

    def decide(self, player: str, choice: God) -> None:
        step = self.step
        if step is None:
            raise SetupError("the gods are already chosen")
        if player != step.player:
            raise SetupError(f"it is {step.player}'s decision, not {player}'s")
        if choice.value not in step.options:
            raise SetupError(f"choose one of {', '.join(step.options)}")
        self.chosen[player] = choice

    def lineup(self) -> Lineup:
        if self.step is not None:
            raise SetupError("god selection is not finished")
        return make_lineup(self.players, tuple(self.chosen[p] for p in self.players))
