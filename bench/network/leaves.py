"""Step 2 of the value network's recipe (docs/develop/network.md): the positions our
search evaluates, sampled from searches at the recorded games' positions.

    python bench/network/leaves.py --out leaves.jsonl rec.seed15.jsonl ... rec.seed30.jsonl

The network is fitted where it is used: at the leaves of 4,357-node searches (a Pi 4's
second), not at the positions games pass through (those are far quieter). At every second
position of each recorded game (`bench/anchor.py --record`) where the player to move
cannot win at once, a search with the linear evaluation runs and every distinct position
it evaluated is kept with probability `--rate`, drawn from a generator seeded by the
game's file name, line and position: the same recordings give the same sample. One JSON
object a line: the game, the number of moves before the leaf (what the anchor's network
reads as its round counter) and the position (position JSON).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

from santorini_hw.clock import SystemClock
from santorini_hw.hints.budget import Limits
from santorini_hw.hints.horizon import Memo
from santorini_hw.hints.ordering import MoveOrder
from santorini_hw.hints.search import Search
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.hints.tt import one_search_table
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json, position_to_json

NODES = 4357


def evaluated_positions(root: Position, nodes: int) -> list[Position]:
    """Every distinct position a `nodes`-node search from `root` evaluates, in the order
    it first evaluated them (the linear evaluation: the network is what is being fitted)."""
    limits = Limits.given(None, nodes, None)
    search = Search(
        root,
        limits,
        seed=0,
        clock=SystemClock(),
        table=one_search_table(limits.nodes),
        order=MoveOrder(),
    )
    search.horizon.evaluate = Memo(root.side, capacity=1 << 40, network=None)
    search.run()
    return list(search.horizon.evaluate.scores)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recordings", nargs="+", help="games recorded by bench/anchor.py")
    parser.add_argument("--out", required=True)
    parser.add_argument("--rate", type=float, default=0.04)
    parser.add_argument("--nodes", type=int, default=NODES)
    args = parser.parse_args(argv)
    kept = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path in args.recordings:
            name = os.path.basename(path)
            with open(path, encoding="utf-8") as games:
                for line_number, line in enumerate(games):
                    positions = json.loads(line)["positions"]
                    for index in range(0, len(positions), 2):
                        root = position_from_json(positions[index])
                        if can_win_now(root) or len(root.lineup.players) != 2:
                            continue
                        rng = random.Random(f"{name}:{line_number}:{index}")
                        game = f"{name}:{line_number}"
                        for leaf in evaluated_positions(root, args.nodes):
                            if rng.random() < args.rate:
                                record = {"game": game, "moves": index + 2}
                                record["position"] = position_to_json(leaf)
                                out.write(json.dumps(record) + "\n")
                                kept += 1
            print(f"{path}: {kept} leaves so far", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
