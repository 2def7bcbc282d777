"""What the referee reports: one small value per thing that happened on the board."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RefereeEvent:
    kind: str
    """One of: worker_placed, female_worker, placement_amended, setup_complete, action,
    action_retracted, turn_complete, turn_amended, turn_reread, removed, petrified,
    eliminated, game_over, stray_pieces, error_raised, error_updated, error_cleared, undo,
    undo_cancelled, resync, hint_requested (the daemon adds its own, e.g. chaos_power)."""
    time: float
    player: str | None = None
    text: str = ""
    """The action or turn in notation, the error message, or the winner."""
    cells: tuple[str, ...] = ()
