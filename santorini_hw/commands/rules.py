"""`santorini-hw rules moves|perft N`: the rules core on position JSON from stdin.

One answer line per input position (one JSON object per line, or one pretty-printed
document). Bad input exits with status 2 and a one-line message naming the field.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import PositionError, parse_position, position_to_json
from santorini_hw.rules.turns import Turn, generate_turns, perft


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("rules", help="legal turns and perft for position JSON on stdin")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    moves = verbs.add_parser("moves", help="every complete legal turn of the player to move")
    moves.set_defaults(handler=lambda args: answer_each(_moves))
    counting = verbs.add_parser("perft", help="count distinct outcomes N turns deep")
    counting.add_argument("depth", type=_depth, metavar="N")
    counting.set_defaults(handler=lambda args: answer_each(lambda p: str(perft(p, args.depth))))
    from santorini_hw.commands.hints import add_best_verb  # it imports this module's helpers

    add_best_verb(verbs)


def _depth(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"N must be a whole number, not {text!r}")
    return int(text)


def turn_json(turn: Turn) -> dict[str, Any]:
    """One turn in the `rules moves` format."""
    return {
        "actions": [action.text() for action in turn.actions],
        "result": position_to_json(turn.result),
        "winner": turn.winner,
    }


def turns_json(position: Position) -> dict[str, Any]:
    return {"turns": [turn_json(turn) for turn in generate_turns(position)]}


def _moves(position: Position) -> str:
    return json.dumps(turns_json(position), separators=(",", ":"))


def input_documents(text: str) -> Iterator[tuple[int, str]]:
    """(line number, JSON text) for each position: one document, or one per line."""
    try:
        json.loads(text)
    except json.JSONDecodeError:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield number, line
        return
    yield 1, text


def answer_each(answer: Callable[[Position], str]) -> int:
    text = sys.stdin.read()
    if not text.strip():
        print("error: no position on stdin (expected position JSON)", file=sys.stderr)
        return 2
    for number, document in input_documents(text):
        try:
            position = parse_position(document)
        except PositionError as error:
            print(f"error: line {number}: {error}", file=sys.stderr)
            return 2
        print(answer(position), flush=True)
    return 0
