"""Referee benchmark: random noisy games through the simulator, checked against what was played.

    .venv/bin/python bench/referee.py --games 1000 --jobs 2
    .venv/bin/python bench/referee.py --first 500 --games 500   # the second half alone

Every pairing of the thirty gods (and no god) that the rules accept, in a fixed shuffled
order; one game in ten has three players (gods not barred for three) and one in ten
four (two teams, simple gods or none), the workers placed as the rules ask (Bia's player
first, Eros on opposite edges); both sensor kinds (presence alone for three players),
noise on (1 % switch flicker, 30 ms contact bounce, ADC noise), illegal physical
actions injected, and the player model's messy habits at their default
rates (`Habits`: build and placement corrections, slow undo restores, mistaken undo
presses, Hermes carried straight, a stray block before a winning climb, the next player
starting during an optional extra, and then putting their block down before moving),
with every advanced power's physical steps (`sim/power_steps.py`). Prints JSON: games,
turns, turns recorded exactly as played, wrong turns, missed turns, injected illegal
actions detected out of injected, how often each habit was played, how many turns the
referee re-read (an optional extra that was the next player's early block), and the time
from the last physical event of a turn to the turn's acceptance on the simulated clock
(median, p99).
Progress and each failed game go to stderr as they happen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from itertools import product
from typing import Any

from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import God, barred_gods
from sim.random_games import generate_game
from sim.runner import run_scenario
from sim.scenario import NoiseSettings, ScenarioError
from sim.verdict import judge

PAIRINGS = [gods for gods in product([None, *God], repeat=2) if accepted(gods)]
"""Every pairing of the thirty gods (and no god) that the rules play together, shuffled
once so that a run of a few hundred games meets gods of every kind."""
random.Random(31).shuffle(PAIRINGS)
SIMPLE_PAIRINGS = [gods for gods in PAIRINGS if all(g is None or g.is_simple for g in gods)]
"""The same, of the ten simple gods only (`--gods simple`: what the board played before)."""
THREE, FOUR = 8, 9
"""Of every ten games, the ninth has three players and the tenth four (two teams)."""


def lineup_of(index: int, simple: bool) -> tuple[God | None, ...]:
    """Game `index`'s gods. Two players walk through the pairings in order; three
    players each hold a god (a three-player board needs them) not barred for three;
    four players hold simple gods or none (contract v2: team games keep to them)."""
    rng = random.Random(index)
    kind = index % 10
    if kind not in (THREE, FOUR):
        pairings = SIMPLE_PAIRINGS if simple else PAIRINGS
        return pairings[(index // 10 * 8 + kind) % len(pairings)]
    players = 3 if kind == THREE else 4
    pool: list[God | None] = [g for g in God if not simple or g.is_simple]
    pool = [g for g in pool if g not in barred_gods(players)]
    if players == 4:
        pool.append(None)
    while True:
        gods = tuple(rng.choice(pool) for _ in range(players))
        if accepted(gods):
            return gods


IMPOSSIBLE = {
    "failed": True,
    "habits": {},
    "rereads": 0,
    "exact": 0,
    "wrong": 0,
    "missed": 0,
    "extra": 0,
    "illegal": 0,
    "detected": 0,
    "spurious_errors": 0,
    "winner_ok": False,
    "latencies": [],
}
"""A game whose scenario the simulator refused (a player-model bug, not the referee's)."""


def play_one(index: int, seed: int, illegal_rate: float, simple: bool) -> dict[str, Any]:
    rng = random.Random(seed * 1_000_003 + index)
    gods = lineup_of(index, simple)
    # (polarity tells two players or two teams apart, not three)
    sensors = "polarity" if index % 2 and len(gods) != 3 else "presence"
    noise = NoiseSettings(seed=index, flicker=0.01, bounce_ms=30)
    generated = generate_game(
        rng, gods=gods, sensors=sensors, noise=noise, illegal_rate=illegal_rate
    )
    game = {"index": index, "gods": [g.value if g else None for g in gods], "sensors": sensors}
    try:
        result = asyncio.run(run_scenario(generated.scenario))
    except ScenarioError as error:  # the player model did something no hand can do
        return game | IMPOSSIBLE | {"impossible": str(error), "turns": len(generated.played)}
    verdict = judge(generated, result)
    return (
        game
        | {
            "failed": verdict.failed,
            "habits": generated.habits,
            "rereads": sum(1 for event in result.events if event.kind == "turn_reread"),
        }
        | asdict(verdict)
    )


def without_latencies(game: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in game.items() if k not in ("latencies", "habits", "rereads")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="index of the first game (to run a long proof in parts)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--illegal-rate", type=float, default=0.1)
    parser.add_argument("--save", help="also write every game's verdict (JSON) to this file")
    parser.add_argument("--gods", choices=("all", "simple"), default="all")
    args = parser.parse_args()
    games: list[dict[str, Any]] = []
    failures: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        outcomes = pool.map(
            play_one,
            range(args.first, args.first + args.games),
            [args.seed] * args.games,
            [args.illegal_rate] * args.games,
            [args.gods == "simple"] * args.games,
            chunksize=4,
        )
        for game in outcomes:
            games.append(game)
            if game["failed"]:
                failures.append(game)
                print(f"failed: {without_latencies(game)}", file=sys.stderr, flush=True)
            if len(games) % 50 == 0:
                print(f"{len(games)} games, {len(failures)} failed", file=sys.stderr, flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(games, file)
    latencies = sorted(t for game in games for t in game["latencies"])
    habits: Counter[str] = Counter()
    for game in games:
        habits.update(game["habits"])
    report = {
        "games": len(games),
        "turns": sum(g["turns"] for g in games),
        "turns_recorded_exactly": sum(g["exact"] for g in games),
        "wrong_turns": sum(g["wrong"] for g in games),
        "missed_turns": sum(g["missed"] for g in games),
        "extra_turns": sum(g["extra"] for g in games),
        "illegal_injected": sum(g["illegal"] for g in games),
        "illegal_detected": sum(g["detected"] for g in games),
        "errors_without_illegal_action": sum(g["spurious_errors"] for g in games),
        "winners_match": sum(1 for g in games if g["winner_ok"]),
        "impossible_scenarios": sum(1 for g in games if "impossible" in g),
        "habits_played": dict(sorted(habits.items())),
        "turns_reread": sum(g["rereads"] for g in games),
        "acceptance_latency_s": {
            "median": round(statistics.median(latencies), 3) if latencies else None,
            "p99": round(latencies[int(0.99 * (len(latencies) - 1))], 3) if latencies else None,
        },
        "failed_games": [without_latencies(g) for g in failures[:10]],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
