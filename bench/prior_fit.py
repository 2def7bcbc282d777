"""The move prior's recipe (`santorini_hw/hints/prior.py`): from random positions to the
shipped weights, in one reproducible command (numpy only, no anchor).

    python bench/prior_fit.py --out santorini_hw/hints/prior.npz

Positions: two-player games of two random simple gods after 2-12 random turns
(`bench/network/cost.py`'s sample, seeded). At each, a search of `--nodes` runs and the
nodes it meets one turn from the horizon (the ones the prior prunes) are kept with
probability `--rate` (a seeded generator). Each kept node's children are labelled with the
shipped value network's value for the node's player (a child whose next player can win
at once: -`LOST`). The weights: ridge regression of those values, centred within each
node (only the order of a node's children matters), on the prior's features, a shared
row plus one per god of the node's player; the file holds their sums. It prints how often
the network's best child is among the prior's best `--keep`.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from network.cost import sample

from santorini_hw.clock import SystemClock
from santorini_hw.hints.budget import Limits
from santorini_hw.hints.inputs import GODS
from santorini_hw.hints.network import shipped_network
from santorini_hw.hints.ordering import MoveOrder
from santorini_hw.hints.prior import FEATURES, MovePrior, boards, features
from santorini_hw.hints.search import Children, Search
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.hints.tt import one_search_table
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import quiet_results

LOST = 1000
"""A child that hands the next player a win, in points (the network never sees it)."""
CLIP = 600
"""Children's values beyond this many points count as this many: the order at the top."""


class _Recording(Search):
    """A search that remembers its nodes one turn from the horizon."""

    found: list[Position]

    def _children(self, position: Position, key: int, depth: int, ply: int, hint: int) -> Children:
        if depth == 1:
            self.found.append(position)
        return super()._children(position, key, depth, ply, hint)


def nodes_before_horizon(root: Position, nodes: int) -> list[Position]:
    """The nodes one turn from the horizon that a `nodes`-node search from `root` meets."""
    limits = Limits.given(None, nodes, None)
    search = _Recording(
        root, limits, seed=0, clock=SystemClock(), table=one_search_table(nodes), order=MoveOrder()
    )
    search.found = []
    search.run()
    return search.found


def labelled(node: Position) -> tuple[np.ndarray, np.ndarray] | None:
    """The node's children's features and their values for the node's player."""
    children = quiet_results(node)
    if len(children) < 2:
        return None
    lost = np.array([can_win_now(child) for child in children])
    values = np.full(len(children), -LOST, np.float64)
    quiet = [child for child, won in zip(children, lost, strict=True) if not won]
    if quiet:
        values[~lost] = [-value for value in shipped_network().points(quiet)]
    return features(boards(children, node.side)), values


def fit(rows: list[tuple[int, np.ndarray, np.ndarray]], ridge: float) -> np.ndarray:
    """Per god of `network.GODS` the weights (a shared row plus the god's own), from
    (god index, features, values) of each node."""
    gods = len(GODS)
    columns = FEATURES * (1 + gods)
    normal = ridge * np.eye(columns)
    moment = np.zeros(columns)
    for god, x, values in rows:
        design = np.zeros((len(x), columns))
        design[:, :FEATURES] = x
        design[:, FEATURES * (1 + god) : FEATURES * (2 + god)] = x
        design -= design.mean(0)
        target = np.clip(values, -CLIP, CLIP)
        normal += design.T @ design
        moment += design.T @ (target - target.mean())
    solved = np.linalg.solve(normal, moment)
    shared = solved[:FEATURES]
    return np.stack([shared + solved[FEATURES * (1 + g) : FEATURES * (2 + g)] for g in range(gods)])


def recall(prior: MovePrior, nodes: list[Position], keep: int) -> float:
    """How often the network's best child of a node wider than `keep` is among the prior's
    best `keep`."""
    hits = wide = 0
    for node in nodes:
        found = labelled(node)
        if found is None or len(found[1]) <= keep:
            continue
        values = found[1]
        kept = prior.best(node, quiet_results(node), keep)
        hits += values[kept].max() >= values.max()
        wide += 1
    return hits / max(wide, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=4357)
    parser.add_argument("--rate", type=float, default=0.2)
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--keep", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    kept: list[Position] = []
    for root in sample(args.positions, args.seed):
        if not can_win_now(root):
            kept += [n for n in nodes_before_horizon(root, args.nodes) if rng.random() < args.rate]
    held_out = kept[::4]
    rows = []
    for index, node in enumerate(kept):
        found = labelled(node) if index % 4 else None
        if found is not None:
            rows.append((GODS.index(node.lineup.gods[node.to_move]), *found))
    weights = fit(rows, args.ridge)
    share = recall(MovePrior(weights), held_out, args.keep)
    print(
        f"{len(rows)} nodes fitted; held-out {len(held_out)}: the network's best child "
        f"among the prior's best {args.keep} in {100 * share:.1f} %"
    )
    names = np.array([god.value if god else "none" for god in GODS])
    np.savez(args.out, weights=weights, gods=names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
