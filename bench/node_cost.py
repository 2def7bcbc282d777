"""What a search node costs at the Pi's budgets, this checkout against commit REV: prints
figures, asserts nothing.

    .venv/bin/python bench/node_cost.py                      # against HEAD: uncommitted work
    .venv/bin/python bench/node_cost.py --vs aa763f5 --rounds 7
    .venv/bin/python bench/node_cost.py --vs b973166 --budgets 1600 4357 4357:0
    .venv/bin/python bench/node_cost.py --vs e312504 --gods advanced --budgets 1600 4357

The positions are those the value network scores: two players with two random simple
gods, each game played by the engine at 200 nodes a turn for 6 to 20 turns from a random
placement (a position whose player can win at once is left out); `--gods advanced`: two
random gods of the thirty, at least one of them advanced (the linear evaluation's
games, where the advanced gods' turn walk costs most). Each engine runs in a
child process (commit REV's package unpacked by `baseline_engine.unpacked`; this
checkout's from its working tree) and searches every position at each budget, `N` nodes
(each engine as it ships) or `N:K` with the move prior keeping K turns (0: off; engines
before the prior know no such setting), reporting its CPU time. The rounds go
search by search, the two engines in turn, and each search's fastest round counts: a
shared machine's noise only ever adds time, and comes and goes faster than a round. A
node budget makes the searches deterministic, so each line also says whether the two
engines gave the same answers.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from baseline_engine import ROOT, driver_process, unpacked

from santorini_hw.hints.match import openings
from santorini_hw.hints.search import best_turn
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json

DRIVER = """
import json, sys, time
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.position_json import position_from_json, position_to_json
positions = [position_from_json(p) for p in json.loads(sys.stdin.readline())]
for line in sys.stdin:
    index, nodes, keep = json.loads(line)
    extra = {} if keep is None else {"prior_keep": keep}
    start = time.process_time()
    result = best_turn(positions[index], node_budget=nodes, seed=0, **extra)
    cpu = time.process_time() - start
    answer = (result.score, result.depth, result.turn and position_to_json(result.turn.result))
    print(json.dumps({"cpu": cpu, "nodes": result.nodes, "answer": answer}), flush=True)
"""


class Engine:
    """A child process searching with `package` first on its path, one search a request."""

    def __init__(self, package: Path, positions: list[dict[str, object]]) -> None:
        self.process = driver_process(package, DRIVER)
        self._send(positions)

    def _send(self, request: object) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()

    def search(self, index: int, nodes: int, keep: int | None) -> dict[str, Any]:
        """Search position `index` at `nodes` (the prior keeping `keep`): CPU, nodes, answer."""
        self._send([index, nodes, keep])
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("an engine's process stopped")
        report: dict[str, Any] = json.loads(line)
        return report

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def sample_positions(count: int, seed: int, advanced: bool = False) -> list[Position]:
    """`count` mid-game positions of engine games with two random simple gods (`advanced`:
    of the thirty, at least one advanced)."""
    rng = random.Random(seed)
    starts = openings(rng, gods=True, pool=tuple(God) if advanced else SIMPLE_GODS)
    found: list[Position] = []
    while len(found) < count:
        position: Position | None = next(starts)
        if advanced and all(god in SIMPLE_GODS for god in position.lineup.gods):
            continue
        for _ in range(rng.randint(6, 20)):
            assert position is not None
            turn = best_turn(position, node_budget=200, seed=rng.getrandbits(32)).turn
            position = None if turn is None or turn.winner is not None else turn.result
            if position is None:
                break
        if position is not None and not can_win_now(position):
            found.append(position)
    return found


def _budget(text: str) -> tuple[int, int | None]:
    """`N` or `N:K` (nodes, and the prior's turns kept if given)."""
    nodes, _, keep = text.partition(":")
    return int(nodes), int(keep) if keep else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", default="HEAD", metavar="REV")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budgets", nargs="+", default=["1600", "4357", "1600:0", "4357:0"])
    parser.add_argument("--gods", choices=("simple", "advanced"), default="simple")
    args = parser.parse_args()
    budgets = [_budget(text) for text in args.budgets]
    sampled = sample_positions(args.positions, args.seed, args.gods == "advanced")
    positions = [position_to_json(p) for p in sampled]
    with unpacked(args.vs) as old:
        engines = {"this checkout": Engine(ROOT, positions), args.vs: Engine(Path(old), positions)}
        fastest: dict[tuple[str, int, int], dict[str, Any]] = {}
        for _ in range(args.rounds):  # search by search, the engines in turn: noise is slow
            for index in range(len(positions)):
                for budget, (nodes, keep) in enumerate(budgets):
                    for name, engine in engines.items():
                        found = engine.search(index, nodes, keep)
                        key = (name, budget, index)
                        if key not in fastest or found["cpu"] < fastest[key]["cpu"]:
                            fastest[key] = found
        for engine in engines.values():
            engine.close()
    gods = "" if args.gods == "simple" else ", an advanced god in each"
    print(
        f"{args.positions} positions (seed {args.seed}{gods}), fastest of {args.rounds} rounds each"
    )
    for budget, (nodes, keep) in enumerate(budgets):
        label = f"{nodes} nodes" + ("" if keep is None else f", prior keeping {keep}")
        cost = {}
        for name in ("this checkout", args.vs):
            searches = [fastest[name, budget, index] for index in range(len(positions))]
            cost[name] = 1e6 * sum(s["cpu"] for s in searches) / sum(s["nodes"] for s in searches)
        answers = [
            [fastest[name, budget, i]["answer"] for i in range(len(positions))] for name in cost
        ]
        same = "same answers" if answers[0] == answers[1] else "ANSWERS DIFFER"
        change = 100 * (cost["this checkout"] / cost[args.vs] - 1)
        more = "more" if change > 0 else "less"
        print(
            f"{label:28} this checkout {cost['this checkout']:5.1f} us a node,"
            f" {args.vs} {cost[args.vs]:5.1f} us ({abs(change):.0f} % {more}); {same}"
        )


if __name__ == "__main__":
    main()
