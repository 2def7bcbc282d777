"""The `--gods` option shared by commands that start a two-player game."""

from __future__ import annotations

import random

from santorini_hw.rules.gods import God, UnknownGodError, parse_board_god
from santorini_hw.rules.setup import GOD_POOLS, random_gods

GODS_HELP = (
    "'none', 'random' (two simple gods), 'random:advanced', 'random:all', "
    "or two names like Apollo,Pan (A's first)"
)


def two_gods(text: str, rng: random.Random) -> tuple[God | None, God | None]:
    """`none`, `random[:POOL]` (two different gods of the pool that play together) or
    `First,Second`; raises UnknownGodError."""
    if text == "none":
        return (None, None)
    if text == "random" or text.startswith("random:"):
        pool = text.partition(":")[2] or "simple"
        if pool not in GOD_POOLS:
            raise UnknownGodError(f"--gods: random:{pool}? (pools: {', '.join(GOD_POOLS)})")
        first, second = random_gods(pool, 2, rng)
        return (first, second)
    names = text.split(",")
    if len(names) != 2:
        raise UnknownGodError(f"--gods: two names separated by a comma, not {text!r}")
    try:
        return (parse_board_god(names[0]), parse_board_god(names[1]))
    except UnknownGodError as error:
        raise UnknownGodError(f"--gods: {error}") from None
