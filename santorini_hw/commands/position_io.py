"""Position JSON in, one answer line out: the stdin protocol shared by `rules moves`,
`rules perft` and `rules best`, and the turn format of their answers."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import (
    PositionError,
    UnsupportedPositionError,
    parse_position,
    position_to_json,
)
from santorini_hw.rules.turns import Turn


def turn_json(turn: Turn) -> dict[str, Any]:
    """One turn in the `rules moves` format."""
    return {
        "actions": [action.text() for action in turn.actions],
        "result": position_to_json(turn.result),
        "winner": turn.winner,
    }


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
        except UnsupportedPositionError as error:  # well formed, but refused by the rules
            print(json.dumps({"error": error.reason}), flush=True)
            print(f"error: line {number}: {error}", file=sys.stderr)
            return 2
        except PositionError as error:
            print(f"error: line {number}: {error}", file=sys.stderr)
            return 2
        print(answer(position), flush=True)
    return 0
