"""Matches between two players (engine configurations or baselines) and their Elo gap.

Every opening (random worker placement, and optionally random gods) is played twice, the
second time with the players' seats swapped, so neither profits from a lucky start or
from moving first. A match is deterministic for a given seed when the engines use node
budgets or fixed depths.

>>> result = play_match(parse_player("greedy"), parse_player("random"), games=4, seed=1)
>>> result.games
4
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from santorini_hw.hints.baselines import greedy_player, random_player
from santorini_hw.hints.evaluation import Weights, load_weights, power_blind, use_weights
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn

Player = Callable[[Position, random.Random], Turn | None]
PLAYERS = ("A", "B")
BASELINES: dict[str, Player] = {"random": random_player, "greedy": greedy_player}
ENGINE_OPTIONS = ("nodes", "time", "depth")


class PlayerSpecError(ValueError):
    """A player description that is neither a baseline nor an engine configuration."""


def engine_player(
    *,
    nodes: int | None = None,
    time: float | None = None,
    depth: int | None = None,
    weights: Weights | None = None,
    linear: bool = False,
) -> Player:
    """The hint engine as a player; its search seed is drawn from the game's generator.
    With `weights`, it evaluates with them (set before each of its turns, so two engines
    with different weights can meet); `linear`: with the linear evaluation in every game
    (`search.best_turn`)."""

    def play(position: Position, rng: random.Random) -> Turn | None:
        if weights is not None:
            use_weights(weights)
        seed = rng.getrandbits(32)
        found = best_turn(
            position, node_budget=nodes, time_budget=time, depth=depth, seed=seed, linear=linear
        )
        return found.turn

    return play


def parse_player(spec: str) -> Player:
    """`random`, `greedy`, `engine` (1 s a turn) or e.g. `engine:nodes=3000,depth=4`;
    `blind` (with the same options) is the engine with the power-blind evaluation (the
    advanced gods' own weights zeroed)."""
    name, _, options = spec.partition(":")
    if name in BASELINES and not options:
        return BASELINES[name]
    if name not in ("engine", "blind"):
        raise PlayerSpecError(
            f"unknown player {spec!r}: random, greedy, engine or engine:nodes=N,time=S,depth=D"
            " (blind: the same, power-blind)"
        )
    settings: dict[str, float] = {}
    for option in filter(None, options.split(",")):
        key, _, value = option.partition("=")
        if key not in ENGINE_OPTIONS:
            raise PlayerSpecError(f"{spec!r}: unknown engine option {key!r} (nodes, time, depth)")
        try:
            number = float(value)
        except ValueError:
            raise PlayerSpecError(f"{spec!r}: {key} needs a number, not {value!r}") from None
        if number <= 0:
            raise PlayerSpecError(f"{spec!r}: {key} must be positive")
        settings[key] = number
    shipped = load_weights()
    return engine_player(
        nodes=int(settings["nodes"]) if "nodes" in settings else None,
        time=settings.get("time"),
        depth=int(settings["depth"]) if "depth" in settings else None,
        weights=power_blind(shipped) if name == "blind" else shipped,
    )


class GameRecord(NamedTuple):
    start: Position
    first_seat: int
    """Which of the two match players sat first (0: the first player of the match)."""
    winner_seat: int
    turns: int


def play_game(
    start: Position, players: tuple[Player, Player], rng: random.Random
) -> tuple[int, int]:
    """Index into `players` of the winner, and the turns played; a player with no legal
    turn loses."""
    position = start
    turns = 0
    while True:
        mover = position.to_move
        turn = players[mover](position, rng)
        if turn is None:
            return 1 - mover, turns
        turns += 1
        if turn.winner is not None:  # Chronus may win on the other player's turn
            return position.lineup.players.index(turn.winner), turns
        position = turn.result


def openings(
    rng: random.Random, gods: bool, pool: Sequence[God] = tuple(God)
) -> Iterator[Position]:
    """Random two-player starts, with two different random gods of `pool` (all thirty
    unless told: the AlphaZero bench draws from the ten simple ones) in a pairing the
    rules accept when `gods` is set."""
    while True:
        chosen: tuple[God | None, ...] = (None, None)
        while gods and (None in chosen or not accepted(chosen)):
            chosen = tuple(rng.sample(list(pool), 2))
        yield random_placement(PLAYERS, chosen, rng)


class MatchResult(NamedTuple):
    wins: int
    """Games the first player won."""
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.losses

    @property
    def score(self) -> float:
        return self.wins / self.games if self.games else 0.5

    def elo(self) -> tuple[float, float, float]:
        """Elo difference (first player minus second) with its 95% interval (Wilson)."""
        low, high = _wilson(self.wins, self.games)
        return _elo(self.score), _elo(low), _elo(high)

    def summary(self) -> str:
        elo, low, high = self.elo()
        if math.isinf(elo):
            bound = f"> {low:+.0f}" if elo > 0 else f"< {high:+.0f}"
            gap = f"{'+' if elo > 0 else '-'}inf (95%: {bound})"
        else:
            gap = f"{elo:+.0f} ± {(high - low) / 2:.0f} (95%: {low:+.0f} to {high:+.0f})"
        return (
            f"games {self.games}: wins {self.wins}, losses {self.losses}"
            f" ({100 * self.score:.1f}%); Elo difference {gap}"
        )


def play_match(
    first: Player,
    second: Player,
    *,
    games: int,
    seed: int = 0,
    gods: bool = False,
    pool: Sequence[God] = tuple(God),
    progress: Callable[[GameRecord], None] | None = None,
) -> MatchResult:
    """`games` games (rounded up to pairs): each opening once from either seat, the gods
    (with `gods`) drawn from `pool`."""
    rng = random.Random(seed)
    starts = openings(rng, gods, pool)
    wins = losses = 0
    for pair in range((games + 1) // 2):
        start = next(starts)
        for first_seat in (0, 1):
            seated = (first, second) if first_seat == 0 else (second, first)
            game_rng = random.Random(f"{seed}:{pair}:{first_seat}")
            winner_seat, turns = play_game(start, seated, game_rng)
            if (winner_seat == 0) == (first_seat == 0):
                wins += 1
            else:
                losses += 1
            if progress is not None:
                progress(GameRecord(start, first_seat, winner_seat, turns))
    return MatchResult(wins, losses)


def _elo(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def _wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval: sound even at 0% or 100%, where the normal one collapses."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)
