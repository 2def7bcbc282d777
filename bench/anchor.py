"""Our engine against the public AlphaZero engine for Santorini: prints figures, asserts nothing.

    .venv/bin/python bench/anchor.py --anchor-git DIR                # 40 games a setting
    .venv/bin/python bench/anchor.py --anchor-git DIR --nodes 4357 1600 --sims 400 \\
        --gods both --games 40

DIR is a git directory of cestpasphoto/alpha-zero-general (the search tool's `fetch`
gives one). The first run unpacks the anchor's `santorini/` code and networks into a
cache folder outside the repository and makes the bench-only venv `bench/.venv-anchor`
(docs/develop/anchor-benchmark.md). For each node budget and each of "no gods" and
"two random simple gods", `santorini-hw rules best --nodes N` (or, with `--in-process`,
the same search in this process: several times faster) plays the anchor at
`--sims` MCTS simulations a move, each opening from both seats, every turn checked
against `santorini-hw rules moves`. Printed: each game, then per setting the engine's
wins, the Elo difference with its 95 % interval, and both sides' time a move.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from pathlib import Path

from alphazero.install import (
    DEFAULT_VENV,
    Anchor,
    AnchorSetupError,
    default_cache,
    ensure_venv,
    unpack,
)
from alphazero.match import Game, Tally, play_setting, recorder
from alphazero.players import (
    AnchorProcess,
    AnchorStoppedError,
    InProcessRules,
    OurSide,
    RulesCommand,
    default_executable,
)

GOD_MODES = {"off": (False,), "on": (True,), "both": (False, True)}


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--anchor-git",
        type=Path,
        required=True,
        metavar="DIR",
        help="git directory of cestpasphoto/alpha-zero-general",
    )
    parser.add_argument("--revision", default="HEAD", help="the anchor's commit to play")
    parser.add_argument(
        "--cache",
        type=Path,
        default=default_cache(),
        help="where the anchor is unpacked (default: %(default)s)",
    )
    parser.add_argument(
        "--venv",
        type=Path,
        default=DEFAULT_VENV,
        help="the anchor's venv, made on first use (default: %(default)s)",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        nargs="+",
        default=[4357],
        help="our engine's node budgets (default: 4357, a Pi 4's second)",
    )
    parser.add_argument("--sims", type=int, default=400, help="the anchor's MCTS simulations")
    parser.add_argument("--gods", choices=sorted(GOD_MODES), default="both")
    parser.add_argument("--games", type=int, default=40, help="per setting, rounded up to pairs")
    parser.add_argument("--seed", type=int, default=0, help="openings and the engine's seeds")
    parser.add_argument(
        "--backend", choices=("onnx", "torch"), default="onnx", help="the anchor's network runtime"
    )
    parser.add_argument(
        "--santorini-hw",
        type=Path,
        default=default_executable(),
        help="our command (default: the one beside this Python)",
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="search in this process instead of one command a move (same games, faster)",
    )
    parser.add_argument(
        "--prior-keep",
        type=int,
        metavar="K",
        help="with --in-process: nodes one turn from the horizon search only the move "
        "prior's best K turns, 0: all (default: the engine's, prior.PRIOR_KEEP)",
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="append every finished game to FILE, one JSON line each (bench/anchor_probe.py)",
    )
    args = parser.parse_args()
    if min(args.nodes) < 1 or args.sims < 1 or args.games < 1:
        parser.error("--nodes, --sims and --games must be positive")
    if args.prior_keep is not None and not args.in_process:
        parser.error("--prior-keep needs --in-process (the command line has no such option)")
    if args.prior_keep is not None and args.prior_keep < 0:
        parser.error("--prior-keep must be 0 (off) or positive")
    return args


def summary(title: str, tally: Tally, timed: str) -> str:
    engine_seconds, nodes = tally.engine.per_move()
    anchor_seconds, round_trip = tally.anchor.per_move()
    lines = [
        f"{title}: {tally.result.summary()}",
        f"  engine: {engine_seconds:.3f} s a move ({timed}),"
        f" {nodes:.0f} nodes a move, {tally.engine.moves} moves",
        f"  anchor: {anchor_seconds:.3f} s a move (its search), {round_trip:.3f} s a move"
        f" (round trip), {tally.anchor.moves} moves",
    ]
    lines += tally.by_god_lines()
    if tally.stopped:
        lines.append(f"  {len(tally.stopped)} games STOPPED (not counted)")
    return "\n".join(lines)


def main() -> int:
    args = arguments()
    try:
        python = ensure_venv(args.venv)
        anchors = {
            gods: unpack(args.anchor_git, args.cache, gods=gods, revision=args.revision)
            for gods in GOD_MODES[args.gods]
        }
    except AnchorSetupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rules: OurSide
    if args.in_process:
        rules = InProcessRules(prior_keep=args.prior_keep)
        print("our engine searches in the bench's process (the same search, no process start)")
        if args.prior_keep is not None:
            print(f"the move prior keeps {args.prior_keep} turns one turn from the horizon")
    else:
        rules = RulesCommand(args.santorini_hw)
        start = {"workers": {"A": ["b2", "d4"], "B": ["b4", "d2"]}, "to_move": "A"}
        overhead = min(rules.best(start, nodes=1, seed=0).seconds for _ in range(3))
        print(f"our command's own cost (rules best --nodes 1, best of 3): {overhead:.3f} s")
    results: list[tuple[str, Tally]] = []
    try:
        for gods, anchor in anchors.items():
            results += play_mode(args, rules, python, anchor, gods=gods)
    except AnchorStoppedError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    lines = [summary(title, tally, rules.timed) for title, tally in results]
    print("\n".join(["", "summary:", *lines]))
    return 1 if any(tally.stopped for _, tally in results) else 0


def play_mode(
    args: argparse.Namespace, rules: OurSide, python: Path, anchor: Anchor, *, gods: bool
) -> list[tuple[str, Tally]]:
    """Every node budget against the anchor's network with or without gods."""
    results = []
    with closing(AnchorProcess(python, anchor, gods=gods, backend=args.backend)) as process:
        print(f"anchor {anchor.commit[:12]} ({anchor.network.name}): {process.settings}")
        for nodes in args.nodes:
            title = (
                f"{'two random gods' if gods else 'no gods'}: engine {nodes} nodes"
                f" vs AlphaZero {args.sims} simulations"
            )
            print(title, flush=True)
            game = Game(
                rules,
                process,
                nodes=nodes,
                sims=args.sims,
                tally=Tally(),
                record=recorder(args.record, seed=args.seed, nodes=nodes, gods=gods),
            )
            tally = play_setting(
                game,
                games=args.games,
                seed=args.seed,
                report=lambda line: print(f"  {line}", flush=True),
            )
            print(summary(title, tally, rules.timed), flush=True)
            results.append((title, tally))
    return results


if __name__ == "__main__":
    sys.exit(main())
