"""Fit the evaluation's weights from games the engine plays against itself.

    .venv/bin/python tools/fit_evaluation.py --seed 16    # the shipped weights (defaults)

1. Self-play: two-player games from random openings (every other game with two random
   gods), both sides the engine at a node budget (deterministic), with a random turn now
   and then in the first turns so the games differ. Every position where the player to
   move cannot win at once (the positions the search evaluates) is kept with the game's
   result. The first round plays with `tools/start_weights.json` (hand-set); each
   further round plays with the weights fitted so far, and every fit uses all the games.
2. Fit: logistic regression of "the player to move wins" on the difference between the
   two sides' features (`evaluation.side_features`, plus each god's own copy of
   `GOD_FEATURES`), with L2 regularisation, by mini-batch Adam from a fixed seed. The
   gods' own weights are pulled hard towards the shared ones (`--god-l2`): each god has a
   tenth of the positions, and weakly regularised god weights fitted noise that lost
   games (against the engine of da828ca, 100 god games at 0.1 s a turn on the same
   openings: 57 % with the earlier god weights, 75 % with them set to zero).
   The intercept is the tempo bonus. Weights are written in points (100 × the coefficient).
   The hand-set weights (`evaluation.HAND_SET`) and the saved powers' weights
   (`evaluation.Weights.powers`, set by hand from games) are kept as shipped by every fit.
3. The result goes to santorini_hw/hints/weights.json with the seed, the games, the
   fit's log-loss and the commit whose engine played the games, so anyone can reproduce
   it: at that commit, the same arguments write the same file. (The fit never reads the
   shipped weights, so committing them does not change what the command produces; a
   later change to the search or the evaluation does, hence the commit. The tool refuses
   to run with uncommitted changes under santorini_hw/ unless told `--dirty`.)

`--new-gods-only` (the advanced gods' weights, issue 27) plays with the shipped weights,
every game with two gods drawn from all thirty, and fits only the twenty advanced gods'
own weights from them: the shared weights, the tempo and the simple gods' weights are
kept as shipped, so the play of games without advanced gods does not change.

`--labels search` labels each position by a search of `--label-nodes` with the shipped
weights instead of its game's result (`label`: the chance of winning its score
says), in one round of self-play with the shipped weights, positions after the
first turn only. It fits the shared weights and the tempo (`--no-gods`: from games
without gods), or with `--new-gods-only` the advanced gods' own weights from zero (the
power-blind start), from positions with an advanced god, or with `--simple-gods-only`
the ten simple gods' own weights from the shipped ones, from games of two simple gods
(the gods AlphaZero plays, issue 30). Weights of features no position
has (level 3, trapped: the search decides those) are kept. The labels depend on the
shipped weights, so such a fit is reproduced at the commit it names, weights included.

Every fit bounds the gods' own weights (`keep_signs`): a god's side values moves,
climbs and threats less than the shared weights do or not at all, never negatively.
`--keep-signs` applies that bound to the shipped file alone, without a fit.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from santorini_hw.hints.evaluation import (
    FEATURES,
    GOD_FEATURES,
    HAND_SET,
    Weights,
    all_features,
    load_weights,
    use_weights,
)
from santorini_hw.hints.match import openings
from santorini_hw.hints.search import UNPROVEN, best_turn
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turn

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "santorini_hw" / "hints" / "weights.json"
START = Path(__file__).resolve().parent / "start_weights.json"
KEEP_SIGNS = "tools/fit_evaluation.py --keep-signs"
GODS: list[God | None] = [None, *God]
SIZE = len(FEATURES) + len(GODS) * len(GOD_FEATURES)
Sample = tuple[dict[int, float], float]
"""A position's features (`sample_of`) and the chance that the player to move wins."""
Played = tuple[Position, dict[int, float], int]
"""A position of a self-play game, its features and 1 if the player to move won."""
Fitted = tuple[list[Sample], float, dict[str, object]]
"""The samples, the fit's log-loss and the weights document."""


def expanded(god: God | None, features: list[int]) -> dict[int, float]:
    """The features with the god's own copies, as index -> value (non-zero only)."""
    values = {i: float(v) for i, v in enumerate(features) if v}
    offset = len(FEATURES) + GODS.index(god) * len(GOD_FEATURES)
    for k, name in enumerate(GOD_FEATURES):
        value = features[FEATURES.index(name)]
        if value:
            values[offset + k] = float(value)
    return values


def sample_of(position: Position) -> dict[int, float]:
    """Features of the player to move minus the opponent's."""
    sides = all_features(position)
    mover = position.side
    god, own = sides[mover]
    other_god, other = sides[1 - mover]
    x = expanded(god, own)
    for index, value in expanded(other_god, other).items():
        x[index] = x.get(index, 0.0) - value
    return x


def self_play(
    games: int, nodes: int, seed: int, explore: float, gods: str, *, searched: bool = False
) -> list[Played]:
    """Games of the engine against itself, with gods in every other game (`gods`
    "alternate"), in all of them ("all"), two simple gods in all ("simple") or none
    ("none"). `searched`: only positions
    after the first turn (the placement is random, not chosen), with an advanced god's
    card when every game has gods: what `--labels search` labels."""
    rng = random.Random(seed)
    samples: list[Played] = []
    started = time.monotonic()
    for game in range(games):
        with_gods = gods in ("all", "simple") or (gods == "alternate" and game % 2 == 1)
        pool = SIMPLE_GODS if gods == "simple" else tuple(God)
        position = next(openings(rng, gods=with_gods, pool=pool))
        seen: list[tuple[Position, dict[int, float]]] = []
        winner = -1
        for number in range(200):
            wanted = not searched or (number >= 1 and (gods != "all" or position.cards is not None))
            if wanted and not can_win_now(position):
                seen.append((position, sample_of(position)))
            if number < 6 and rng.random() < explore:
                turn = random_turn(position, rng)
            else:
                turn = best_turn(position, node_budget=nodes, seed=rng.getrandbits(32)).turn
            if turn is None:
                winner = 1 - position.to_move
                break
            if turn.winner is not None:  # Chronus may win on the other player's turn
                winner = position.lineup.players.index(turn.winner)
                break
            position = turn.result
        if winner < 0:
            continue
        samples += [(p, x, 1 if p.to_move == winner else 0) for p, x in seen]
        if (game + 1) % 25 == 0:
            print(
                f"{game + 1} games, {len(samples)} positions, {time.monotonic() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    return samples


def label(position: Position, nodes: int) -> float:
    """The chance that the player to move wins, by a search of `nodes` nodes (its score:
    100 points are odds of e to 1; a decided or nearly decided score is a 1 or a 0).

    A game's result says little about one position in it (one bit, decided by many turns
    later, through the weak play of self-play at a small budget); a deeper search says
    what the engine itself would see by looking ahead, which is what the evaluation at
    the horizon should guess. Reproducible: a node budget and a fixed seed."""
    score = best_turn(position, node_budget=nodes, seed=1).score
    if abs(score) >= UNPROVEN:  # decided, or nearly (a pruned node's)
        return 1.0 if score > 0 else 0.0
    return 1 / (1 + math.exp(-score / 100))


def labelled(positions: list[Position], nodes: int, jobs: int) -> list[float]:
    """`label` of every position, in order, on `jobs` processes."""
    with Pool(jobs) as pool:
        return pool.map(partial(label, nodes=nodes), positions, chunksize=20)


def fit(
    samples: list[Sample],
    seed: int,
    epochs: int,
    l2: float,
    god_l2: float,
    *,
    initial: tuple[list[float], set[int]] | None = None,
) -> tuple[list[float], float]:
    """Logistic regression by mini-batch Adam; returns coefficients (the last is the
    intercept) and the final mean log-loss. `initial`: coefficients to begin from and the
    only ones to fit (the others stay as they are)."""
    rng = random.Random(seed)
    w = [0.0] * (SIZE + 1) if initial is None else list(initial[0])
    frozen = set() if initial is None else set(range(SIZE + 1)) - initial[1]
    m = [0.0] * (SIZE + 1)
    v = [0.0] * (SIZE + 1)
    rate, beta1, beta2, step = 0.02, 0.9, 0.999, 0
    order = list(range(len(samples)))
    for _ in range(epochs):
        rng.shuffle(order)
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            grad = [(l2 if j < len(FEATURES) else god_l2) * wi for j, wi in enumerate(w)]
            grad[SIZE] = 0.0
            for i in batch:
                x, y = samples[i]
                z = w[SIZE] + sum(w[j] * value for j, value in x.items())
                error = (1 / (1 + math.exp(-max(-30.0, min(30.0, z)))) - y) / len(batch)
                grad[SIZE] += error
                for j, value in x.items():
                    grad[j] += error * value
            step += 1
            for j in frozen:
                grad[j] = 0.0
            for j in range(SIZE + 1):
                m[j] = beta1 * m[j] + (1 - beta1) * grad[j]
                v[j] = beta2 * v[j] + (1 - beta2) * grad[j] ** 2
                m_hat = m[j] / (1 - beta1**step)
                v_hat = v[j] / (1 - beta2**step)
                w[j] -= rate * m_hat / (math.sqrt(v_hat) + 1e-8)
    return w, log_loss(samples, w)


def log_loss(samples: list[Sample], w: list[float]) -> float:
    total = 0.0
    for x, y in samples:
        z = w[SIZE] + sum(w[j] * value for j, value in x.items())
        p = min(max(1 / (1 + math.exp(-max(-30.0, min(30.0, z)))), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def weights_document(w: list[float]) -> dict[str, object]:
    """The weights file's fields, in points; the no-god copies folded into the base, the
    saved powers' weights as shipped."""
    base = [round(100 * wi, 1) for wi in w[: len(FEATURES)]]
    gods = {}
    for index, god in enumerate(GODS):
        if god is not None:
            start = len(FEATURES) + index * len(GOD_FEATURES)
            gods[god.value] = [round(100 * wi, 1) for wi in w[start : start + len(GOD_FEATURES)]]
    none_start = len(FEATURES)
    for k, name in enumerate(GOD_FEATURES):
        plain = round(100 * w[none_start + k], 1)
        base[FEATURES.index(name)] = round(base[FEATURES.index(name)] + plain, 1)
        for values in gods.values():
            values[k] = round(values[k] - plain, 1)
    keep_signs(base, gods)
    return {
        "features": list(FEATURES),
        "god_features": list(GOD_FEATURES),
        "base": base,
        "gods": gods,
        "tempo": round(100 * w[SIZE], 1),
        "powers": load_weights().powers_json(),
    }


def keep_signs(base: list[float], gods: dict[str, list[float]]) -> None:
    """Bound each god's own weights so that its side still values every `GOD_FEATURES`
    feature the way the shared weights do, or not at all: a power can make moves or
    climbs worth less, never worth avoiding. Fitted freely, Selene's, Zeus' and
    Morpheus' own mobility weights (-15.3, -10.6 and -9.5 a cell, with 3.4 shared) made
    those sides wall themselves in: they won 14 and 16 of 40 games against the
    power-blind engine, and 20 and 24 of the same 40 with the bound
    (docs/develop/advanced-gods.md). A position's features are not its causes: a side
    doming around itself is often winning, which a free fit reads as mobility losing."""
    for k, name in enumerate(GOD_FEATURES):
        shared = base[FEATURES.index(name)]
        for values in gods.values():
            if shared * (shared + values[k]) < 0:
                values[k] = -shared


def shipped_with_signs_kept() -> dict[str, Any]:
    """The shipped weights file with `keep_signs` applied and said in its `source`: how
    weights fitted before the bound existed get it without a refit."""
    document: dict[str, Any] = json.loads(WEIGHTS.read_text())
    keep_signs(document["base"], document["gods"])
    if KEEP_SIGNS not in document["source"]:
        document["source"] += f"; then {KEEP_SIGNS}"
    return document


def coefficients(weights: Weights) -> list[float]:
    """The coefficients `weights_document` turns into `weights` (no-god copies zero)."""
    w = [0.0] * (SIZE + 1)
    w[: len(FEATURES)] = [value / 100 for value in weights.base]
    for index, god in enumerate(GODS):
        if god is not None:
            start = len(FEATURES) + index * len(GOD_FEATURES)
            own = weights.gods.get(god, (0.0,) * len(GOD_FEATURES))
            w[start : start + len(GOD_FEATURES)] = [value / 100 for value in own]
    w[SIZE] = weights.tempo / 100
    return w


def new_gods_coefficients(simple: bool = False) -> set[int]:
    """Indices of the advanced gods' own weights (`--new-gods-only` fits only these), or
    with `simple` the ten simple gods' (`--simple-gods-only`)."""
    found: set[int] = set()
    for index, god in enumerate(GODS):
        if god is not None and god.is_simple == simple:
            start = len(FEATURES) + index * len(GOD_FEATURES)
            found.update(range(start, start + len(GOD_FEATURES)))
    return found


def shared_coefficients(samples: list[Sample]) -> set[int]:
    """Indices of the shared weights (with the no-god copies) that some sample has, and
    the tempo's, hand-set weights left out: what a fit from search labels changes."""
    shared = set(range(len(FEATURES) + len(GOD_FEATURES))) - hand_set_coefficients()
    return {index for index in shared if any(x.get(index) for x, _ in samples)} | {SIZE}


def hand_set_coefficients() -> set[int]:
    """Indices of the weights no fit changes (`evaluation.HAND_SET`)."""
    return {FEATURES.index(name) for name in HAND_SET}


def from_zero_but_hand_set(weights: Weights) -> tuple[list[float], set[int]]:
    """A fit of every weight from zero, except the hand-set ones, kept as in `weights`."""
    w = [0.0] * (SIZE + 1)
    kept = hand_set_coefficients()
    for index in kept:
        w[index] = weights.base[index] / 100
    return w, set(range(SIZE + 1)) - kept


def engine_commit(dirty_ok: bool) -> str:
    """The commit whose engine plays the games; refuses uncommitted engine changes (the
    weights file must name code anyone can check out) unless `dirty_ok`."""
    git = ["git", "-C", str(ROOT)]
    commit = subprocess.run(
        [*git, "rev-parse", "--short", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    changed = subprocess.run(
        [*git, "status", "--porcelain", "--", "santorini_hw", ":!santorini_hw/hints/weights.json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    if not changed:
        return commit
    if not dirty_ok:
        raise SystemExit(f"uncommitted changes under santorini_hw/ (commit them first):\n{changed}")
    return f"{commit} with uncommitted changes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000, help="self-play games per round")
    parser.add_argument("--nodes", type=int, default=120, help="engine node budget per turn")
    parser.add_argument("--explore", type=float, default=0.3, help="chance of a random turn early")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument(
        "--god-l2",
        type=float,
        default=1.0,
        help="for the gods' own weights (strong: few games each)",
    )
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--dirty", action="store_true", help="allow uncommitted engine changes")
    parser.add_argument(
        "--new-gods-only",
        action="store_true",
        help="start from the shipped weights and fit only the advanced gods' own ones,"
        " from games that all have gods",
    )
    parser.add_argument(
        "--labels",
        choices=("results", "search"),
        default="results",
        help="what a position is labelled with: its game's result, or the score of a"
        " search of --label-nodes (one round, from the shipped weights)",
    )
    parser.add_argument(
        "--simple-gods-only",
        action="store_true",
        help="with --labels search: fit only the ten simple gods' own weights, from games"
        " of two simple gods",
    )
    parser.add_argument("--label-nodes", type=int, default=4357)
    parser.add_argument("--no-gods", action="store_true", help="every game without gods")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the label searches")
    parser.add_argument(
        "--keep-signs",
        action="store_true",
        help="no fit: bound the shipped weights' own god weights (`keep_signs`) and write them",
    )
    args = parser.parse_args()
    if args.keep_signs:
        args.out.write_text(json.dumps(shipped_with_signs_kept(), indent=2) + "\n")
        return
    if args.simple_gods_only and args.labels != "search":
        parser.error("--simple-gods-only needs --labels search")
    commit = engine_commit(args.dirty)
    gods = "all" if args.new_gods_only else "none" if args.no_gods else "alternate"
    gods = "simple" if args.simple_gods_only else gods
    if args.labels == "search":
        samples, loss, document = search_fit(args, gods)
    else:
        samples, loss, document = results_fit(args, gods)
    document["source"] = (
        f"tools/fit_evaluation.py --rounds {args.rounds} --games {args.games}"
        f" --nodes {args.nodes} --explore {args.explore} --epochs {args.epochs}"
        f" --l2 {args.l2} --god-l2 {args.god_l2} --seed {args.seed}"
        + (" --new-gods-only" if args.new_gods_only else "")
        + (" --simple-gods-only" if args.simple_gods_only else "")
        + (" --no-gods" if args.no_gods else "")
        + (f" --labels search --label-nodes {args.label_nodes}" if args.labels == "search" else "")
    )
    document["positions"] = len(samples)
    document["log_loss"] = round(loss, 4)
    document["engine"] = f"self-play by the engine of commit {commit}"
    document["hand_set"] = {name: HAND_SET_NOTE for name in HAND_SET}
    args.out.write_text(json.dumps(document, indent=2) + "\n")
    print(json.dumps(document, indent=2))


HAND_SET_NOTE = (
    "kept by every fit: set by hand from games against the AlphaZero anchor (docs/develop/hints.md)"
)


def results_fit(args: argparse.Namespace, gods: str) -> Fitted:
    """Rounds of self-play labelled by the games' results, each fitted on all so far."""
    keep = args.new_gods_only
    shipped = load_weights()
    use_weights(shipped if keep else Weights.from_json(json.loads(START.read_text())))
    if keep:
        start = (coefficients(shipped), new_gods_coefficients())
    else:
        start = from_zero_but_hand_set(shipped)
    samples: list[Sample] = []
    document: dict[str, object] = {}
    loss = 0.0
    for round_ in range(args.rounds):
        played = self_play(args.games, args.nodes, args.seed + round_, args.explore, gods)
        samples += [(x, y) for _, x, y in played]
        w, loss = fit(samples, args.seed, args.epochs, args.l2, args.god_l2, initial=start)
        document = weights_document(w)
        use_weights(Weights.from_json(document))
        print(f"round {round_ + 1}: {len(samples)} positions, log-loss {loss:.4f}", flush=True)
    return samples, loss, document


def search_fit(args: argparse.Namespace, gods: str) -> Fitted:
    """One round of self-play with the shipped weights, its positions labelled by searches
    with them; fitted from the shipped weights: the advanced gods' own weights
    (`--new-gods-only`, from zero: the power-blind start), the simple gods' own
    (`--simple-gods-only`, from the shipped ones), else the shared weights and the tempo
    (the gods' own kept). Weights of features no position has are kept."""
    shipped = load_weights()
    use_weights(shipped)
    played = self_play(args.games, args.nodes, args.seed, args.explore, gods, searched=True)
    positions = [position for position, _, _ in played]
    labels = labelled(positions, args.label_nodes, args.jobs)
    samples = [(x, y) for (_, x, _), y in zip(played, labels, strict=True)]
    w = coefficients(shipped)
    if args.new_gods_only:
        free = new_gods_coefficients()
        for index in free:
            w[index] = 0.0
    elif args.simple_gods_only:
        free = new_gods_coefficients(simple=True)
    else:
        free = shared_coefficients(samples)
    w, loss = fit(samples, args.seed, args.epochs, args.l2, args.god_l2, initial=(w, free))
    print(f"{len(samples)} positions labelled by searches, log-loss {loss:.4f}", flush=True)
    return samples, loss, weights_document(w)


if __name__ == "__main__":
    main()
