"""Small builders so rule tests read like the rule book."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.rules.turns import Turn, generate_turns, random_turn


def position(
    workers: dict[str, list[str]],
    heights: dict[str, int] | None = None,
    gods: dict[str, str] | None = None,
    domes: list[str] | None = None,
    to_move: str | None = None,
    **extra: Any,
) -> Position:
    document: dict[str, Any] = {"workers": workers, "to_move": to_move or next(iter(workers))}
    if heights:
        document["heights"] = heights
    if gods:
        document["gods"] = gods
    if domes:
        document["domes"] = domes
    document.update(extra)
    return position_from_json(document)


def playable(gods: tuple[God | None, ...]) -> bool:
    """The rules play these gods together (no advanced god twice, no refused pairing)."""
    return accepted(gods)


ANY_GOD = st.sampled_from([None, *God])
GOD_PAIRS = st.tuples(ANY_GOD, ANY_GOD).filter(playable)
"""Two gods from all thirty (or none) that may meet in a two-player game."""


def midgame(seed: int, gods: tuple[God | None, God | None], plies: int) -> Position:
    """A two-player position after `plies` random turns (fewer if the game ends)."""
    rng = random.Random(seed)
    position = random_placement(("A", "B"), gods, rng)
    for _ in range(plies):
        turn = random_turn(position, rng)
        if turn is None or turn.winner:
            break
        position = turn.result
    return position


def turns_by_text(start: Position) -> dict[str, Turn]:
    return {actions_text(turn.actions): turn for turn in generate_turns(start)}


def worker_cells(result: Position, player: str) -> list[str]:
    document = position_to_json(result)
    return sorted(document["workers"][player])
