"""The state of a turn in progress: shared by the simple gods' machine (`turn.py`) and
the advanced gods' (`power_turn.py`), which keeps its extra state in `power`."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from santorini_hw.rules.actions import Action
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position

if TYPE_CHECKING:
    from santorini_hw.rules.power_state import PowerTurn


class TurnState(NamedTuple):
    board: Position
    """The board as it stands mid-turn (its `to_move` is still the player on turn)."""
    actions: tuple[Action, ...]
    worker: int
    """Cell of the worker that moved last, -1 before any move."""
    origin: int
    """Where that worker started (Artemis may not move back there)."""
    moves: int
    builds: int
    """Builds after moving (and Hermes' build without moving)."""
    last_build: int
    prebuild: int
    """Prometheus: the cell built on before moving, -1 if none."""
    flat: bool
    """Every move so far kept its level (Hermes may then keep moving both workers)."""
    moved_up: bool
    won: bool
    power: PowerTurn | None = None
    """The advanced gods' part of the state; None when every god is simple."""

    @property
    def god(self) -> God | None:
        return self.board.god

    @property
    def held(self) -> God | None:
        """The power the player on turn holds this turn: the card as printed, Chaos'
        face-up god, Circe's borrowed power (None when she borrows none, and in a
        Dionysus additional turn). What a turn's play depends on, not the name."""
        return self.board.god if self.power is None else self.power.powers.god
