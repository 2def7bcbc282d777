"""Benchmark of the greedy baseline: its turns per CPU second on positions of random games
with two gods of all thirty (prints JSON).

    .venv/bin/python bench/greedy.py --positions 300 --seed 1

The positions come from the rules core's step-wise `random_turn`, so the same seed gives
the same positions on any tree (before and after a change, in one sitting).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from santorini_hw.hints.baselines import greedy_player
from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turn


def positions(count: int, seed: int) -> list[Position]:
    """Every position of random games between random accepted pairings of the thirty."""
    rng = random.Random(seed)
    pairings = [(a, b) for a in God for b in God if accepted((a, b))]
    found: list[Position] = []
    while len(found) < count:
        position = random_placement(("A", "B"), rng.choice(pairings), rng)
        while len(found) < count:
            found.append(position)
            turn = random_turn(position, rng)
            if turn is None or turn.winner is not None:
                break
            position = turn.result
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = positions(args.positions, args.seed)
    rng = random.Random(args.seed)
    slowest = 0.0
    started = time.process_time()
    for position in chosen:
        before = time.process_time()
        greedy_player(position, rng)
        slowest = max(slowest, time.process_time() - before)
    cpu = time.process_time() - started
    report = {
        "positions": len(chosen),
        "turns_per_cpu_s": round(len(chosen) / cpu, 1),
        "mean_ms": round(1000 * cpu / len(chosen), 2),
        "slowest_ms": round(1000 * slowest, 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
