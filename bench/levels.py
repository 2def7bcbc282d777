"""The engine's ladder: each level against the one below it. Prints figures, asserts nothing.

    .venv/bin/python bench/levels.py                  # 100 games a step (50 without gods, 50 with)
    .venv/bin/python bench/levels.py --games 20 --levels 1-5

Every opening is played from both seats (`hints.match.play_match`), half the games with
no gods and half with two random gods. For each step N vs N-1: the score of level N, its
Elo difference with the 95 % interval (Wilson), and the engine's answer time per turn at
level N here (median and 99th percentile). The issue's target: at least 60 % a step.
Level 1's win in one is checked in tests/seats/test_levels.py, not here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from santorini_hw.hints.match import MatchResult, Player, play_match
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn
from santorini_hw.seats.levels import choose_turn

TARGET = 0.60


def level_player(level: int, times: list[float]) -> Player:
    """Level `level` as a match player (its seed drawn from the game's generator)."""

    def play(position: Position, rng: random.Random) -> Turn | None:
        start = time.perf_counter()
        turn = choose_turn(position, level, rng.getrandbits(32))
        times.append(time.perf_counter() - start)
        return turn

    return play


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def parse_levels(text: str) -> range:
    low, _, high = text.partition("-")
    return range(max(2, int(low)), int(high or low) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per step (both sets)")
    parser.add_argument("--levels", default="2-10", help="the upper levels of the steps, e.g. 2-10")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"each step: {args.games} games, half without gods, half with two random gods")
    for level in parse_levels(args.levels):
        times: list[float] = []
        upper, lower = level_player(level, times), level_player(level - 1, [])
        sets = [
            play_match(upper, lower, games=args.games // 2, seed=args.seed + level, gods=gods)
            for gods in (False, True)
        ]
        total = MatchResult(sum(s.wins for s in sets), sum(s.losses for s in sets))
        verdict = "ok" if total.score >= TARGET else "BELOW 60%"
        print(
            f"level {level} vs {level - 1}: {total.summary()} [{verdict}]"
            f"; no gods {100 * sets[0].score:.0f}%, gods {100 * sets[1].score:.0f}%"
            f"; level {level} answers p50 {1000 * statistics.median(times):.1f} ms,"
            f" p99 {1000 * percentile(times, 0.99):.1f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
