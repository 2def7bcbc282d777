"""How strong and how fast the hint engine is: prints figures, asserts nothing.

    .venv/bin/python bench/strength.py                 # 200 games per match, both budgets
    .venv/bin/python bench/strength.py --games 20 --budgets pi
    .venv/bin/python bench/strength.py --vs-baseline da828ca --time 1 --games 200

1. Speed: the engine searches mid-game positions (with and without gods) for 1 s each;
   nodes per second and the depth reached on this machine.
2. Strength: matches against the random and the greedy baseline, with no gods and with
   two random gods, each opening played from both seats, at two node budgets: what this
   machine searches in 1 s, and what a Raspberry Pi 4 searches in 1 s (this machine's
   rate divided by `--pi-factor`). Node budgets make every game reproducible.
3. With `--vs-baseline REV`: instead of 2, the engine against the engine of commit REV
   (`baseline_engine.py`) at `--time` seconds a turn each, half the games without gods
   and half with two random gods (the ten simple ones when REV predates the advanced
   gods), each opening from both seats; the score per set.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from baseline_engine import BaselineEngine, knows_advanced_gods

from santorini_hw.hints.match import (
    GameRecord,
    MatchResult,
    openings,
    parse_player,
    play_match,
)
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turns

BASELINE_TARGET = 0.75
TARGETS = {"random": 1.0, "greedy": 0.99}
"""The issue's acceptance at the Pi budget: every game against random, 99 % against greedy."""
PI_FACTOR = 3.0
"""A Pi 4 core (Cortex-A72, 1.5 GHz) runs CPython about 3× slower than this machine's."""


def sample_positions(count: int, seed: int) -> list[Position]:
    """Mid-game positions: random openings (half with gods) after 2-10 random turns."""
    rng = random.Random(seed)
    found: list[Position] = []
    for index in range(count):
        position = next(openings(rng, gods=index % 2 == 1))
        found.append(random_turns(position, rng.randrange(2, 11), rng))
    return found


def measure_speed(count: int, seconds: float, seed: int) -> float:
    rates, depths = [], []
    for position in sample_positions(count, seed):
        result = best_turn(position, time_budget=seconds, seed=seed)
        if result.mate_in is not None:
            continue  # a proven result stops the search early: no speed figure
        rates.append(result.nodes / result.seconds)
        depths.append(result.depth)
    rate = statistics.mean(rates)
    print(
        f"speed over {len(rates)} positions at {seconds:g} s: {rate:,.0f} nodes/s"
        f" (min {min(rates):,.0f}, max {max(rates):,.0f}); depth reached: median"
        f" {statistics.median(depths):g}, min {min(depths)}, max {max(depths)}",
        flush=True,
    )
    return rate


def run_match(nodes: int, opponent: str, gods: bool, games: int, seed: int) -> MatchResult:
    engine = parse_player(f"engine:nodes={nodes}")
    return play_match(engine, parse_player(opponent), games=games, seed=seed, gods=gods)


def baseline_match(rev: str, seconds: float, games: int, seed: int) -> None:
    """The engine against commit `rev`'s at equal time a turn: no gods, then random gods
    (the ten simple ones when `rev`'s rules know no others)."""
    engine = parse_player(f"engine:time={seconds}")
    pool = tuple(God) if knows_advanced_gods(rev) else SIMPLE_GODS
    with BaselineEngine(rev, seconds) as baseline:
        for gods in (False, True):
            setting = "random gods" if gods else "no gods"
            played: list[GameRecord] = []

            def progress(record: GameRecord, played: list[GameRecord] = played) -> None:
                played.append(record)
                print(f"  game {len(played)} done", file=sys.stderr, flush=True)

            result = play_match(
                engine,
                baseline,
                games=games // 2,
                seed=seed,
                gods=gods,
                pool=pool,
                progress=progress,
            )
            verdict = "meets" if result.score >= BASELINE_TARGET else "MISSES"
            print(
                f"vs {rev} at {seconds:g} s a turn, {setting}: {result.summary()}"
                f" [{verdict} the {100 * BASELINE_TARGET:g}% target]",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budgets", choices=("both", "desktop", "pi"), default="both")
    parser.add_argument("--pi-factor", type=float, default=PI_FACTOR)
    parser.add_argument("--nodes", type=int, help="skip the speed test: this machine's 1 s")
    parser.add_argument("--speed-positions", type=int, default=20)
    parser.add_argument("--speed-only", action="store_true", help="measure speed, play no games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--vs-baseline", metavar="REV", help="play the engine of commit REV")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a turn vs the baseline")
    args = parser.parse_args()

    if args.vs_baseline:
        started = time.monotonic()
        baseline_match(args.vs_baseline, args.time, args.games, args.seed)
        print(f"matches took {time.monotonic() - started:.0f} s", flush=True)
        return

    rate = args.nodes or measure_speed(args.speed_positions, 1.0, args.seed)
    if args.speed_only:
        return
    budgets = {"desktop": round(rate), "pi": round(rate / args.pi_factor)}
    print(
        f"node budgets: this machine at 1 s = {budgets['desktop']}, Pi 4 at 1 s ="
        f" {budgets['pi']} (factor {args.pi_factor:g})",
        flush=True,
    )
    chosen = list(budgets) if args.budgets == "both" else [args.budgets]
    plan = [
        (name, budgets[name], opponent, gods)
        for name in chosen
        for opponent in ("random", "greedy")
        for gods in (False, True)
    ]
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(run_match, nodes, opponent, gods, args.games, args.seed)
            for _, nodes, opponent, gods in plan
        ]
        for (name, nodes, opponent, gods), future in zip(plan, futures, strict=True):
            result = future.result()
            target = TARGETS[opponent]
            verdict = "meets" if result.score >= target else "MISSES"
            setting = "random gods" if gods else "no gods"
            print(
                f"{name} budget ({nodes} nodes) vs {opponent}, {setting}:"
                f" {result.summary()} [{verdict} the {100 * target:g}% target]",
                flush=True,
            )
    print(f"matches took {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
