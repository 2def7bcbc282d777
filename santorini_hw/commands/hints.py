"""`santorini-hw rules best` (the hint for position JSON on stdin) and `santorini-hw match`.

`rules best` answers one line per input position, like `rules moves`, with the chosen
turn in the `rules moves` format plus its score, the depth reached and the nodes
searched. Bad input exits with status 2 and a one-line message.

The engine (and numpy under it) is imported by the handlers that search, not by the
parsers: every `santorini-hw` command line builds them, and `rules moves` should not pay
for a search it never runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from santorini_hw.commands.position_io import answer_each, turn_json

if TYPE_CHECKING:
    from santorini_hw.hints.budget import SearchResult
    from santorini_hw.rules.position import Position


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "match", help="play two engine configurations or baselines against each other"
    )
    parser.add_argument("first", help="random, greedy, engine or engine:nodes=N,time=S,depth=D")
    parser.add_argument("second", help="the opponent, in the same form")
    parser.add_argument("--games", type=_positive_int, default=20, help="rounded up to pairs")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--gods", action="store_true", help="two random gods in every game")
    parser.set_defaults(handler=_match)


def add_best_verb(verbs: Any) -> None:
    """The `best` verb of `santorini-hw rules` (registered by the rules command)."""
    best = verbs.add_parser("best", help="the engine's turn for the player to move (a hint)")
    best.add_argument(
        "--time",
        type=_positive_float,
        metavar="SECONDS",
        help="time budget (default: 1 s when no budget is given)",
    )
    best.add_argument("--nodes", type=_positive_int, metavar="N", help="node budget")
    best.add_argument("--depth", type=_positive_int, metavar="D", help="turns to look ahead")
    best.add_argument("--seed", type=int, default=0, metavar="S", help="varies equal turns")
    best.set_defaults(handler=_best)


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) == 0:
        raise argparse.ArgumentTypeError(f"a whole number above 0, not {text!r}")
    return int(text)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text!r}")
    return value


def _best(args: argparse.Namespace) -> int:
    from santorini_hw.hints.search import best_turn

    def answer(position: Position) -> str:
        result = best_turn(
            position,
            time_budget=args.time,
            node_budget=args.nodes,
            depth=args.depth,
            seed=args.seed,
        )
        return json.dumps(result_json(result), separators=(",", ":"))

    return answer_each(answer)


def result_json(result: SearchResult) -> dict[str, Any]:
    """The answer of `rules best`: the turn (None if there is none) and how it was found."""
    turn = result.turn
    return {
        "turn": None if turn is None else turn_json(turn),
        "score": result.score,
        "mate_in": result.mate_in,
        "depth": result.depth,
        "nodes": result.nodes,
    }


def _match(args: argparse.Namespace) -> int:
    from santorini_hw.hints.match import PlayerSpecError, parse_player, play_match

    try:
        first, second = parse_player(args.first), parse_player(args.second)
    except PlayerSpecError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    result = play_match(first, second, games=args.games, seed=args.seed, gods=args.gods)
    print(f"{args.first} vs {args.second}: {result.summary()}")
    return 0
