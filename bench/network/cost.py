"""What the value network costs a position here, alone and in batches, beside the linear
evaluation; and its arithmetic, to judge a Pi's share (prints figures, asserts nothing).

    .venv/bin/python bench/network/cost.py [--repeat 300]

A Pi's CPython is several times slower than this machine's, but numpy's matrix products
are a different kind of work (NEON units, OpenBLAS): the multiply-adds a position printed
here, divided by a core's rate of single-precision multiply-adds, give the products' time
there; the rest of a position's cost (features, numpy's calls) is Python and scales as
the search does.
"""

from __future__ import annotations

import argparse
import random
import time

from santorini_hw.hints.evaluation import evaluate
from santorini_hw.hints.network import shipped_network
from santorini_hw.rules.gods import SIMPLE_GODS
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turns


def sample(count: int, seed: int) -> list[Position]:
    """Positions of two-player games of two simple gods (what the network covers), after
    2-12 random turns."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = random_placement(("A", "B"), tuple(rng.sample(SIMPLE_GODS, 2)), rng)
        found.append(random_turns(position, rng.randint(2, 12), rng))
    return found


def per_position(function: object, positions: list[Position], batch: int, repeat: int) -> float:
    """Microseconds a position, evaluating `batch` at a time (best of three runs)."""
    chunks = [positions[i : i + batch] for i in range(0, len(positions) - batch + 1, batch)]
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(repeat):
            for chunk in chunks:
                function(chunk)  # type: ignore[operator]
        best = min(best, time.perf_counter() - started)
    return 1e6 * best / (repeat * sum(len(c) for c in chunks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    network = shipped_network()
    positions = sample(96, 3)
    first = network.features.shape[1]
    second = network.second.shape[1]
    inputs = network.features.shape[0] + network.board.shape[0]
    macs = inputs * first + first * second + second
    print(f"network: {inputs} inputs (and the god pair), {first} and {second} hidden units")
    print(f"  {macs:,} multiply-adds a position (single precision)")
    linear = per_position(lambda chunk: [evaluate(p, 0) for p in chunk], positions, 1, args.repeat)
    print(f"linear evaluation: {linear:.1f} us a position")
    for batch in (1, 3, 12, 48):
        cost = per_position(network.points, positions, batch, args.repeat)
        print(f"network, {batch:2d} at a time: {cost:.1f} us a position")


if __name__ == "__main__":
    main()
