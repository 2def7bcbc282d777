"""Reading advanced turns in tests: their actions as text and their results as JSON."""

from __future__ import annotations

from typing import Any

from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turns import generate_turns
from tests.rules.helpers import position


def turns_of(
    workers: dict[str, list[str]], **fields: Any
) -> dict[str, tuple[dict[str, Any], str | None]]:
    """Every turn of a position given by its JSON fields: text -> (result JSON, winner)."""
    return outcomes(position(workers, **fields))


def outcomes(start: Position) -> dict[str, tuple[dict[str, Any], str | None]]:
    return {
        actions_text(turn.actions): (position_to_json(turn.result), turn.winner)
        for turn in generate_turns(start)
    }


def first_steps(found: dict[str, tuple[dict[str, Any], str | None]]) -> set[str]:
    return {text.split()[0] for text in found}


def winners(found: dict[str, tuple[dict[str, Any], str | None]]) -> set[str | None]:
    return {winner for _, winner in found.values()}
