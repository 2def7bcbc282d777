"""What the board service keeps of its pair: read by the lights and the game clock,
written by the board link (`board_sync.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class PairStatus:
    problem: str | None = None
    """The paired board holds another game: lit (`link_problem`), never merged."""
    players: frozenset[str] = field(default_factory=frozenset)
    """The players of the linked game at the paired board: their time runs there."""
