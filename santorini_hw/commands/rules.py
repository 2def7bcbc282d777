"""`santorini-hw rules moves|perft N`: the rules core on position JSON from stdin.

One answer line per input position (one JSON object per line, or one pretty-printed
document). Bad input exits with status 2 and a one-line message naming the field.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from santorini_hw.commands.hints import add_best_verb
from santorini_hw.commands.position_io import answer_each, turn_json
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import generate_turns, perft


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("rules", help="legal turns and perft for position JSON on stdin")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    moves = verbs.add_parser("moves", help="every complete legal turn of the player to move")
    moves.set_defaults(handler=lambda args: answer_each(_moves))
    counting = verbs.add_parser("perft", help="count distinct outcomes N turns deep")
    counting.add_argument("depth", type=_depth, metavar="N")
    counting.set_defaults(handler=lambda args: answer_each(lambda p: str(perft(p, args.depth))))
    add_best_verb(verbs)


def _depth(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"N must be a whole number, not {text!r}")
    return int(text)


def turns_json(position: Position) -> dict[str, Any]:
    return {"turns": [turn_json(turn) for turn in generate_turns(position)]}


def _moves(position: Position) -> str:
    return json.dumps(turns_json(position), separators=(",", ":"))
