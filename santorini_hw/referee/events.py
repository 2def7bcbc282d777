"""What the referee reports: one small value per thing that happened on the board."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RefereeEvent:
    kind: str
    """One of: worker_placed, setup_complete, action, turn_complete, eliminated, game_over,
    error_raised, error_updated, error_cleared, undo, resync, hint_requested."""
    time: float
    player: str | None = None
    text: str = ""
    """The action or turn in notation, the error message, or the winner."""
    cells: tuple[str, ...] = ()
