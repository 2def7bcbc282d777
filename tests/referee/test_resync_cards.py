"""Adopting the board keeps what the advanced gods' cards hold: Chaos' power and deck,
Morpheus' blocks, and Selene's female worker (her worker now nearest where she was)."""

from __future__ import annotations

from santorini_hw.referee.board_view import position_view
from santorini_hw.referee.resync import adopted_position
from santorini_hw.rules.position_json import position_from_json, position_to_json


def test_adopting_the_board_keeps_the_cards_and_follows_selenes_female() -> None:
    recorded = position_from_json(
        {
            "workers": {"A": ["b2", "e5"], "B": ["a5", "e1"]},
            "gods": {"A": "Selene", "B": "Chaos"},
            "to_move": "A",
            "female": {"A": "b2"},
            "chaos": {"B": {"power": "Pan", "deck": ["Atlas"]}},
        }
    )
    moved = position_from_json(
        {"workers": {"A": ["c2", "e5"], "B": ["a5", "e1"]}, "to_move": "A", "heights": {"d4": 1}}
    )
    adopted = position_to_json(adopted_position(recorded, position_view(moved)))
    assert adopted["female"] == {"A": "c2"} and adopted["heights"] == {"d4": 1}
    assert adopted["chaos"] == {"B": {"power": "Pan", "deck": ["Atlas"]}}
