"""How long the referee takes to index a turn, per god (prints JSON).

    .venv/bin/python bench/turn_index.py --positions 60 --seed 3

The referee builds one `TurnIndex` at the start of every turn (every state the turn can
reach, by what the board would show); this is the pause the scan loop takes then. For
each god (and none) against no god, random mid-game positions (0-15 random turns in):
states indexed and build time, median and max, on this machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import start_turn
from santorini_hw.rules.turns import random_turn


def positions_for(god: God | None, count: int, rng: random.Random) -> list[Position]:
    """Mid-game positions with `god`'s player to move."""
    found: list[Position] = []
    while len(found) < count:
        position = random_placement(("A", "B"), (god, None), rng)
        for _ in range(2 * rng.randrange(0, 8)):
            turn = random_turn(position, rng)
            if turn is None or turn.winner is not None:
                break
            position = turn.result
        if position.to_move == 0:
            found.append(position)
    return found


def measure(god: God | None, count: int, rng: random.Random) -> dict[str, Any]:
    sizes, times = [], []
    for position in positions_for(god, count, rng):
        started = time.perf_counter()
        index = TurnIndex(start_turn(position))
        times.append(time.perf_counter() - started)
        sizes.append(len(index))
    return {
        "states_median": statistics.median(sizes),
        "states_max": max(sizes),
        "ms_median": round(1000 * statistics.median(times), 2),
        "ms_max": round(1000 * max(times), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    report = {
        god.value if god else "none": measure(god, args.positions, rng) for god in [None, *God]
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
