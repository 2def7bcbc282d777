"""How long the referee takes to index a turn, per god (prints JSON).

    .venv/bin/python bench/turn_index.py --positions 60 --seed 3

The referee builds one `TurnIndex` at the start of every turn (every state the turn can
reach, by what the board would show); this is the pause the scan loop takes then. For
each god (and none) against no god, random mid-game positions (0-15 random turns in):
states indexed and build time, median and max, on this machine.

`morpheus` (one mid-game board, Morpheus to move with 0 to `--tokens` saved blocks):
the index's states and build time, the first look-up of the board after every block is
spent (found past the index's frontier, on demand), and the rules core spelling out the
actions of that result (`turns.turn_leading_to`, what the engine does with its choice).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from santorini_hw.referee.board_view import position_view
from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.rules.turn import start_turn
from santorini_hw.rules.turns import quiet_results, random_turns, turn_leading_to

MORPHEUS = {
    "heights": {"a5": 1, "b1": 1, "b2": 2, "b3": 3, "b4": 2, "c1": 1, "c2": 2, "c3": 1},
    "workers": {"A": ["a1", "a2"], "B": ["e3", "e4"]},
    "gods": {"A": "Dionysus", "B": "Morpheus"},
    "to_move": "B",
}
"""A board of the referee bench's game 43, where Morpheus had saved eight blocks."""


def positions_for(god: God | None, count: int, rng: random.Random) -> list[Position]:
    """Mid-game positions with `god`'s player to move."""
    found: list[Position] = []
    while len(found) < count:
        position = random_turns(
            random_placement(("A", "B"), (god, None), rng), 2 * rng.randrange(0, 8), rng
        )
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


def morpheus(tokens: int) -> dict[str, Any]:
    position = position_from_json({**MORPHEUS, "tokens": {"B": tokens}})
    started = time.perf_counter()
    index = TurnIndex(start_turn(position))
    indexed = time.perf_counter() - started
    spent = max(quiet_results(position), key=lambda p: p.l1.bit_count() + p.l2.bit_count())
    started = time.perf_counter()
    found = index.matches(position_view(spent))
    looked_up = time.perf_counter() - started
    started = time.perf_counter()
    turn = turn_leading_to(position, spent)
    spelt = time.perf_counter() - started
    assert found and turn is not None
    return {
        "states": len(index),
        "index_ms": round(1000 * indexed, 2),
        "all_spent_lookup_ms": round(1000 * looked_up, 2),
        "all_spent_actions_ms": round(1000 * spelt, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--tokens", type=int, default=8, help="Morpheus' saved blocks, up to")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    report: dict[str, Any] = {
        god.value if god else "none": measure(god, args.positions, rng) for god in [None, *God]
    }
    report["morpheus"] = {tokens: morpheus(tokens) for tokens in range(args.tokens + 1)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
