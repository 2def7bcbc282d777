"""The referee's core: its state, the events it reports, errors after a grace period,
and matching a board against the states a turn can reach.

`Referee` (referee.py) judges boards and buttons on top of this; `RecordKeeper`
(recording.py) keeps the game's record in step with what it accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from santorini_hw.referee.amend import AmendWindow
from santorini_hw.referee.board_view import (
    BoardView,
    CellFix,
    differences,
    position_view,
)
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.referee.undo_wait import UndoRequest
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Game
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, can_end, legal_actions


@dataclass(frozen=True)
class RefereeSettings:
    grace: float = 1.5
    """Seconds a settled board may match nothing before an error is raised (and play
    may go on after an undo press before the undo is dropped)."""
    polarity: bool = False
    """The worker sensors tell players apart."""


@dataclass
class BoardError:
    """The current error: what differs, fixes in order (the first is shown first)."""

    fixes: list[CellFix]
    since: float

    @property
    def message(self) -> str:
        return "; ".join(fix.message for fix in self.fixes)


@dataclass
class Tracking:
    """Per-turn memory of the physical board."""

    touched_at: dict[int, float] = field(default_factory=dict)
    """When each cell's worker presence last changed, since the turn began."""
    stirred: dict[int, float] = field(default_factory=dict)
    """When the reading of each standing worker's cell began to move (`stirring`)."""
    built_at: dict[int, float] = field(default_factory=dict)
    """When each cell's pieces last changed (which block of a turn went down last)."""
    last_view: BoardView | None = None
    settling: bool = False
    """The latest observation had a reading still settling."""
    done_pending: bool = False
    """Done was pressed while a reading settled: it counts once the board has settled."""
    last_faults: list[CellFix] = field(default_factory=list)
    """The latest scan's sensor faults: what an error must name before any difference."""
    mismatch_since: float | None = None
    holding: int = 0
    """Cells whose worker is up in a hand."""
    pending_removal: int = 0
    """Cells of eliminated or removed (Bia, Medusa) workers still standing on the board."""
    pending_blocks: int = 0
    """Cells where Medusa's petrification block is still to be put down."""
    removing: int = 0
    """Cells of Bia's victims still standing, this turn."""
    chores: int = 0
    """Cells of the removals (Bia, Medusa) to finish before the next turn may begin."""
    indexes: dict[str, TurnIndex] = field(default_factory=dict)

    def clear_chores(self) -> None:
        """The record went back or adopted the board: nothing is left to take off."""
        self.pending_removal = self.pending_blocks = self.removing = self.chores = 0


class RefereeCore:
    def __init__(self, game: Game, settings: RefereeSettings | None = None) -> None:
        self.game = game
        self.settings = settings or RefereeSettings()
        self.error: BoardError | None = None
        self.restoring = False
        self.stray = 0
        """Cells of stray pieces to take off after a win (not part of the record)."""
        self._undo: UndoRequest | None = None
        self._amend: AmendWindow | None = None
        self._track = Tracking()
        self._now = 0.0
        self._lags: dict[TurnState, int] = {}
        """Bia's victims the board may still show, by state of the turn expected of a
        seat not at the board."""

    # -- what the lights and the API read ----------------------------------------------
    @property
    def undo_target(self) -> Position | None:
        """The board an undo press asks for, until it is put back (or cancelled)."""
        return None if self._undo is None else self._undo.target

    @property
    def expected_view(self) -> BoardView:
        return position_view(self.undo_target or self.game.board, self.settings.polarity)

    @property
    def guidance(self) -> list[CellFix]:
        """The fixes the lights show, first first: the error's, or while an undo waits for
        the board to be put back, what still differs from its target (no error)."""
        if self.error is not None:
            return self.error.fixes
        view = self._track.last_view
        if self._undo is None or view is None:
            return []
        return differences(self.expected_view, view)

    @property
    def deadline(self) -> float | None:
        """When the next timer runs out: the grace period of a mismatching board, or of
        play going on after an undo press (None: no timer runs)."""
        times = []
        since = self._track.mismatch_since
        if since is not None and self.error is None:
            times.append(since + self.settings.grace)
        if self._undo is not None and self._undo.playing:
            times.append(self._undo.pressed + self.settings.grace)
        return min(times, default=None)

    @property
    def holding(self) -> tuple[str, ...]:
        return tuple(cell_name(c) for c in cells_of(self._track.holding))

    @property
    def pending_removal(self) -> tuple[str, ...]:
        """Pieces to take off: eliminated workers, stray pieces left beside a win."""
        return tuple(cell_name(c) for c in cells_of(self._track.pending_removal | self.stray))

    @property
    def removals(self) -> tuple[str, ...]:
        """Workers a power removed (Bia, Medusa) still standing: to take off."""
        track = self._track
        return tuple(
            cell_name(c) for c in cells_of((track.removing | track.chores) & track.pending_removal)
        )

    @property
    def pending_blocks(self) -> tuple[str, ...]:
        """Blocks the rules built (Medusa's petrification) still to put down."""
        return tuple(cell_name(c) for c in cells_of(self._track.pending_blocks))

    def tick(self, now: float) -> list[RefereeEvent]:
        """Let timers run: raise the error once the grace period is over."""
        self._now = now
        track = self._track
        late = (
            track.mismatch_since is not None and now - track.mismatch_since >= self.settings.grace
        )
        if self.error is None and late and track.last_view is not None:
            return self._mismatch(
                track.last_faults or differences(self.expected_view, track.last_view)
            )
        return []

    def _index(self, name: str, start: TurnState) -> TurnIndex:
        index = self._track.indexes.get(name)
        if index is None or index.start != start:
            index = TurnIndex(start, self.settings.polarity)
            self._track.indexes[name] = index
        return index

    def _best_match(self, index: TurnIndex, view: BoardView) -> TurnState | None:
        start = self.game.position if self.game.turn is not None else index.start.board
        return self._pick(start, index.matches(view))

    def _pick(self, start: Position, states: list[TurnState]) -> TurnState | None:
        """The state whose worker identities changed only where hands touched the board
        since `start`: fewest actions first, then a complete turn, then the one whose
        changed cells were touched most recently (an earlier touch may have been a
        mistake put right)."""
        touched_at = self._track.touched_at
        best: tuple[int, bool, float] | None = None
        chosen = None
        for state in states:
            swapped = 0
            for before, after in zip(start.workers, state.board.workers, strict=True):
                swapped |= before ^ after
            swapped &= ~self._standing(state)  # a removed worker may stand untouched
            times = [touched_at.get(cell) for cell in cells_of(swapped)]
            if None in times:
                continue
            oldest = min((t for t in times if t is not None), default=float("inf"))
            rank = (len(state.actions), not can_end(state), -oldest)
            if best is None or rank < best:
                best, chosen = rank, state
        return chosen

    def _standing(self, state: TurnState) -> int:
        """Cells of workers `state` removed (Bia) that the board may still show."""
        found = self._lags.get(state, 0)
        for index in self._track.indexes.values():
            found |= index.standing(state)
        return found

    def _could_go_on(self, index: TurnIndex, view: BoardView) -> bool:
        """Another reading of this board is a turn still in progress (e.g. Prometheus'
        build before a move looks like a move and its build): then the turn does not end
        by itself, but when the player presses done or the next player starts."""
        return any(legal_actions(state) for state in index.matches(view))

    def _new_turn(self) -> None:
        track = self._track
        track.touched_at = {}
        track.holding = 0
        track.mismatch_since = None
        track.done_pending = False  # a turn that ended by itself needs no done
        track.indexes.clear()

    def _mismatch_against(self, view: BoardView) -> list[RefereeEvent]:
        return self._mismatch(differences(self.expected_view, view))

    def _mismatch(self, fixes: list[CellFix]) -> list[RefereeEvent]:
        track = self._track
        if not fixes:  # it looks as expected while a cell still settles: nothing to raise
            track.mismatch_since = None
            return []
        if self.error is not None:
            if [f.message for f in fixes] != [f.message for f in self.error.fixes]:
                self.error.fixes = fixes
                return [self._error_event("error_updated")]
            return []
        if track.mismatch_since is None:
            track.mismatch_since = self._now
        if self.restoring or self._now - track.mismatch_since >= self.settings.grace:
            return self._raise(fixes)
        return []

    def _raise(self, fixes: list[CellFix]) -> list[RefereeEvent]:
        self.error = BoardError(fixes, self._now)
        return [self._error_event("error_raised")]

    def _error_event(self, kind: str) -> RefereeEvent:
        assert self.error is not None
        cells = tuple(dict.fromkeys(cell_name(fix.cell) for fix in self.error.fixes))
        return self._event(kind, self.game.player, self.error.message, cells)

    def _clear_error(self) -> list[RefereeEvent]:
        self._track.mismatch_since = None
        if self.error is None:
            return []
        self.error = None
        return [self._event("error_cleared", self.game.player)]

    def _event(
        self, kind: str, player: str | None, text: str = "", cells: tuple[str, ...] = ()
    ) -> RefereeEvent:
        return RefereeEvent(kind, self._now, player, text, cells)
