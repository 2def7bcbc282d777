"""What games against the AlphaZero anchor say beyond our evaluation: prints figures, asserts
nothing.

    .venv/bin/python bench/anchor.py --anchor-git DIR --gods on --games 40 --in-process \\
        --seed S --record games.jsonl   # S = 100-111 and 34 games of 112-113: docs' figures
    .venv/bin/python bench/anchor_probe.py games.jsonl --features neighbour_height \\
        level2_territory

Every recorded position where the player to move cannot win at once (the positions the
search evaluates) gives one row: the evaluation with the named features' weights set to
zero, each named feature (the player to move's minus the opponent's), whether the engine
or the anchor moves, and each side's god; the label is whether the player to move won.
A logistic regression says what each feature is worth in the evaluation's points (its
coefficient over the evaluation's), and a cross-validation over whole games (four folds)
whether the features predict the games better than the evaluation alone. Who moves and
which god is strong in these games is fitted too and left out: it changes no choice of a
turn. This is how the hand-set weights of `neighbour_height` and `level2_territory` were
found (docs/develop/hints.md); the search's own labels cannot find them (they are what
the evaluation already believes).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from santorini_hw.hints.evaluation import (
    FEATURES,
    HAND_SET,
    all_features,
    evaluate,
    load_weights,
    use_weights,
)
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.position_json import position_from_json

RIDGE = 1e-3
"""A small pull of every coefficient towards zero: keeps the fit defined when a god never
appears in a fold."""
FOLDS = 4


class Rows(NamedTuple):
    base: list[list[float]]
    """Per position: the evaluation in hundreds of points, who moves, the gods, 1."""
    probed: list[list[float]]
    """Per position: the probed features, the player to move's minus the opponent's."""
    labels: list[float]
    games: list[int]
    """The game each position comes from (folds keep a game's positions together)."""


def read_rows(paths: Iterable[Path], names: list[str]) -> Rows:
    """The rows of every recorded game, evaluated with `names`' weights set to zero."""
    weights = load_weights()
    base = list(weights.base)
    for name in names:
        base[FEATURES.index(name)] = 0.0
    use_weights(weights._replace(base=tuple(base)))
    indices = [FEATURES.index(name) for name in names]
    gods: dict[str, int] = {}
    raw: list[tuple[float, float, dict[str, float], list[float], float, int]] = []
    game = 0
    try:
        for path in paths:
            for line in path.read_text(encoding="utf-8").splitlines():
                record = json.loads(line)
                game += 1
                for data in record["positions"]:
                    position = position_from_json(data)
                    if can_win_now(position):
                        continue
                    mover = position.side
                    sides = all_features(position)
                    own, other = sides[mover], sides[1 - mover]
                    held = {str(own[0]): 1.0} if own[0] else {}
                    if other[0]:
                        held[str(other[0])] = held.get(str(other[0]), 0.0) - 1.0
                    for god in held:
                        gods.setdefault(god, len(gods))
                    raw.append(
                        (
                            evaluate(position, mover) / 100,
                            1.0 if data["to_move"] == record["engine"] else -1.0,
                            held,
                            [float(own[1][i] - other[1][i]) for i in indices],
                            1.0 if data["to_move"] == record["winner"] else 0.0,
                            game,
                        )
                    )
    finally:
        use_weights(weights)
    rows = Rows([], [], [], [])
    for value, engine, held, probed, label, number in raw:
        god_columns = [0.0] * len(gods)
        for god, sign in held.items():
            god_columns[gods[god]] = sign
        rows.base.append([value, engine, *god_columns, 1.0])
        rows.probed.append(probed)
        rows.labels.append(label)
        rows.games.append(number)
    return rows


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """`matrix` x = `vector` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, size + 1):
                    rows[r][c] -= factor * rows[col][c]
    solution = [0.0] * size
    for r in range(size - 1, -1, -1):
        known = sum(rows[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = (rows[r][size] - known) / rows[r][r]
    return solution


def fit(xs: list[list[float]], ys: list[float], steps: int = 10) -> list[float]:
    """Logistic regression by Newton's method with a small ridge (`RIDGE`)."""
    size = len(xs[0])
    w = [0.0] * size
    for _ in range(steps):
        grad = [RIDGE * wi for wi in w]
        hess = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
        count = len(xs)
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            error, weight = (p - y) / count, p * (1 - p) / count
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += error * xi
                    row, scaled = hess[i], weight * xi
                    for j in range(i + 1):
                        row[j] += scaled * x[j]
        for i in range(size):
            for j in range(i):
                hess[j][i] = hess[i][j]
        w = [wi - step for wi, step in zip(w, _solve(hess, grad), strict=True)]
    return w


def log_loss(xs: list[list[float]], ys: list[float], w: list[float]) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = min(max(_sigmoid(sum(a * b for a, b in zip(w, x, strict=True))), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def held_out(xs: list[list[float]], rows: Rows) -> float:
    """Mean log-loss on each fold of whole games, fitted on the others."""
    losses = []
    for fold in range(FOLDS):
        test = [game % FOLDS == fold for game in rows.games]
        train_x = [x for x, t in zip(xs, test, strict=True) if not t]
        train_y = [y for y, t in zip(rows.labels, test, strict=True) if not t]
        w = fit(train_x, train_y)
        test_x = [x for x, t in zip(xs, test, strict=True) if t]
        test_y = [y for y, t in zip(rows.labels, test, strict=True) if t]
        losses.append(log_loss(test_x, test_y, w))
    return sum(losses) / len(losses)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, nargs="+", help="files of bench/anchor.py --record")
    parser.add_argument(
        "--features",
        nargs="+",
        choices=FEATURES,
        default=[name for name in HAND_SET if name != "unguarded"],
        help="the evaluation's features to probe (default: %(default)s)",
    )
    args = parser.parse_args()
    rows = read_rows(args.games, args.features)
    print(f"{max(rows.games)} games, {len(rows.labels)} positions (no win at once)")
    alone = held_out(rows.base, rows)
    print(f"held-out log-loss, the evaluation without {' '.join(args.features)}: {alone:.4f}")
    for k, name in enumerate(args.features):
        xs = [[*base, probed[k]] for base, probed in zip(rows.base, rows.probed, strict=True)]
        print(f"  with {name}: {held_out(xs, rows):.4f}")
    xs = [[*base, *probed] for base, probed in zip(rows.base, rows.probed, strict=True)]
    print(f"  with all of them: {held_out(xs, rows):.4f}")
    w = fit(xs, rows.labels)
    worth = ", ".join(
        f"{name} {100 * w[len(rows.base[0]) + k] / w[0]:.1f} points"
        for k, name in enumerate(args.features)
    )
    print(f"fitted on every game: {worth} (the evaluation's coefficient {w[0]:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
