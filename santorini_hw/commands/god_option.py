"""The `--gods` option shared by commands that start a two-player game."""

from __future__ import annotations

import random

from santorini_hw.rules.gods import SIMPLE_GODS, God, UnknownGodError, parse_board_god

GODS_HELP = "'none', 'random', or two names like Apollo,Pan (A's first)"


def two_gods(text: str, rng: random.Random) -> tuple[God | None, God | None]:
    """`none`, `random` (two different gods) or `First,Second`; raises UnknownGodError."""
    if text == "none":
        return (None, None)
    if text == "random":
        first, second = rng.sample(SIMPLE_GODS, 2)
        return (first, second)
    names = text.split(",")
    if len(names) != 2:
        raise UnknownGodError(f"--gods: two names separated by a comma, not {text!r}")
    try:
        return (parse_board_god(names[0]), parse_board_god(names[1]))
    except UnknownGodError as error:
        raise UnknownGodError(f"--gods: {error}") from None
