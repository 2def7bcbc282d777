"""The referee: settled observations and button presses in, game actions and events out.

Each settled observation is matched against every state the current turn can reach
(`TurnIndex`): an exact match is accepted (the actions leading to it are applied to the
`Game`), a match with workers missing is a hand holding them (nothing to judge yet),
and anything else starts a grace period, after which an error names the cells that
differ and guides the fix one cell at a time. With presence-only worker sensors, which
worker is which is tracked through the history: a state that swaps identities (Apollo,
Minotaur) is only believed where the players actually touched the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from santorini_hw.referee.board_view import (
    BoardView,
    CellFix,
    differences,
    observed_view,
    position_view,
)
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.resync import ResyncError, adopted_position
from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, can_end, finish, legal_actions, start_turn
from santorini_hw.sensing.observation import Observation


@dataclass(frozen=True)
class RefereeSettings:
    grace: float = 1.5
    """Seconds a settled board may match nothing before an error is raised."""
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
class _Tracking:
    """Per-turn memory of the physical board."""

    touched_at: dict[int, float] = field(default_factory=dict)
    """When each cell's worker presence last changed, since the turn began."""
    last_view: BoardView | None = None
    mismatch_since: float | None = None
    holding: int = 0
    """Cells whose worker is up in a hand."""
    pending_removal: int = 0
    """Cells of eliminated workers still standing on the board."""
    indexes: dict[str, TurnIndex] = field(default_factory=dict)


class Referee:
    def __init__(self, game: Game, settings: RefereeSettings | None = None) -> None:
        self.game = game
        self.settings = settings or RefereeSettings()
        self.error: BoardError | None = None
        self.undo_target: Position | None = None
        self.restoring = False
        self._track = _Tracking()
        self._now = 0.0

    # -- what the lights and the API read ----------------------------------------------
    @property
    def expected_view(self) -> BoardView:
        return position_view(self.undo_target or self.game.board, self.settings.polarity)

    @property
    def deadline(self) -> float | None:
        """When the grace period of a mismatching board runs out (None: no timer runs)."""
        since = self._track.mismatch_since
        return None if since is None or self.error is not None else since + self.settings.grace

    @property
    def holding(self) -> tuple[str, ...]:
        return tuple(cell_name(c) for c in cells_of(self._track.holding))

    @property
    def pending_removal(self) -> tuple[str, ...]:
        return tuple(cell_name(c) for c in cells_of(self._track.pending_removal))

    # -- inputs ------------------------------------------------------------------------
    def observe(self, observation: Observation) -> list[RefereeEvent]:
        self._now = observation.time
        view = observed_view(observation, self.settings.polarity)
        track = self._track
        if track.last_view is not None:
            for cell in cells_of(track.last_view.workers ^ view.workers):
                track.touched_at[cell] = observation.time
        track.last_view = view
        if not observation.settled:
            return self.tick(observation.time)
        if not observation.valid:
            faults = [
                CellFix(cell, "fault", f"{cell_name(cell)}: sensor fault ({seen.fault})")
                for cell, seen in enumerate(observation.cells)
                if seen.fault
            ]
            return self._mismatch(faults)
        track.pending_removal &= view.workers
        view = view._replace(workers=view.workers & ~track.pending_removal)
        if self.undo_target is not None:
            return self._judge_undo(view) or self._mismatch_against(view)
        if self.game.phase is Phase.PLACEMENT:
            return self._judge_placement(view)
        if self.game.phase is Phase.PLAY:
            return self._judge_play(view)
        return []  # game over: only an undo changes anything

    def tick(self, now: float) -> list[RefereeEvent]:
        """Let timers run: raise the error once the grace period is over."""
        self._now = now
        track = self._track
        late = (
            track.mismatch_since is not None and now - track.mismatch_since >= self.settings.grace
        )
        if self.error is None and late and track.last_view is not None:
            return self._mismatch_against(track.last_view)
        return []

    def press(self, button: str, now: float) -> list[RefereeEvent]:
        """A board button: "done" ends a turn that may end, "undo" asks for a takeback
        (applied once the board is put back), "hint" asks for a hint."""
        self._now = now
        game = self.game
        if button == "done":
            if game.turn is not None and game.turn.actions and game.can_end_turn():
                return self._end_turn()
            return []
        if button == "undo":
            target = game.undo_target()
            if target is None:
                return []
            self.undo_target = target
            return self._rejudge()
        if button == "hint":
            return [self._event("hint_requested", game.player)]
        raise ValueError(f"unknown button {button!r} (done, undo, hint)")

    def restore_record(self) -> list[RefereeEvent]:
        """Resync toward the record: guide the players until the board matches it."""
        self.undo_target = None
        self.restoring = True
        return self._rejudge()

    def adopt_board(self, observation: Observation) -> list[RefereeEvent]:
        """Resync toward the board: the settled board as it stands becomes the game."""
        game = self.game
        if game.phase is not Phase.PLAY:
            raise ResyncError(f"only a game in play can adopt the board ({game.phase.value})")
        if not observation.valid:
            raise ResyncError(f"sensor faults: {observation.faults()}")
        view = observed_view(observation, self.settings.polarity)
        position = adopted_position(game.position, view)
        game.adopt(position)
        self.undo_target = None
        self.restoring = False
        self._new_turn()
        self._track.last_view = view
        events = [self._event("resync", game.player, "adopted the board")]
        return events + self._clear_error()

    # -- judging -----------------------------------------------------------------------
    def _rejudge(self) -> list[RefereeEvent]:
        view = self._track.last_view
        if view is None:
            return []
        if self.undo_target is not None:
            return self._judge_undo(view) or self._mismatch_against(view)
        return self._judge_play(view) if self.game.phase is Phase.PLAY else []

    def _judge_undo(self, view: BoardView) -> list[RefereeEvent]:
        target = self.undo_target
        if target is None or view != position_view(target, self.settings.polarity):
            return []
        while self.game.undo_target() is not None and self.game.position != target:
            self.game.undo()
        if self.game.turn is not None and self.game.turn.actions:
            self.game.undo()
        self.undo_target = None
        self._new_turn()
        return [self._event("undo", self.game.player), *self._clear_error()]

    def _judge_play(self, view: BoardView) -> list[RefereeEvent]:
        turn = self.game.turn
        assert turn is not None
        # What follows on from the actions already accepted comes first; then any other
        # way through this turn (the players rearranged it).
        current = self._index("current", start_turn(self.game.position))
        onward = self._index("onward", turn) if turn.actions else current
        match = self._best_match(onward, view) or self._best_match(current, view)
        if match is not None:
            return self._accept(turn, match, self._could_go_on(current, view))
        if can_end(turn) and turn.actions and not self.restoring:
            following = self._index("next", start_turn(finish(turn)))
            match = self._best_match(following, view)
            if match is not None:
                touched = self._track.touched_at
                events = self._end_turn()
                self._track.touched_at = touched  # the next player's hands already moved
                if self.game.turn is not None:
                    events += self._accept(
                        self.game.turn, match, self._could_go_on(following, view)
                    )
                return events
        held = current.holding(view)
        if held is None and "next" in self._track.indexes:
            held = self._track.indexes["next"].holding(view)
        if held is not None and not self.restoring:
            self._track.holding = position_view(held.board).workers & ~view.workers
            self._track.mismatch_since = None
            return self._clear_error()
        return self._mismatch_against(view)

    def _index(self, name: str, start: TurnState) -> TurnIndex:
        index = self._track.indexes.get(name)
        if index is None or index.start != start:
            index = TurnIndex(start, self.settings.polarity)
            self._track.indexes[name] = index
        return index

    def _best_match(self, index: TurnIndex, view: BoardView) -> TurnState | None:
        """The matching state whose worker identities changed only where hands touched
        the board since the turn began: fewest actions first, then a complete turn, then
        the one whose changed cells were touched most recently (an earlier touch may have
        been a mistake put right)."""
        start = self.game.position if self.game.turn is not None else index.start.board
        touched_at = self._track.touched_at
        best: tuple[int, bool, float] | None = None
        chosen = None
        for state in index.matches(view):
            swapped = 0
            for before, after in zip(start.workers, state.board.workers, strict=True):
                swapped |= before ^ after
            times = [touched_at.get(cell) for cell in cells_of(swapped)]
            if None in times:
                continue
            oldest = min((t for t in times if t is not None), default=float("inf"))
            rank = (len(state.actions), not can_end(state), -oldest)
            if best is None or rank < best:
                best, chosen = rank, state
        return chosen

    def _could_go_on(self, index: TurnIndex, view: BoardView) -> bool:
        """Another reading of this board is a turn still in progress (e.g. Prometheus'
        build before a move looks like a move and its build): then the turn does not end
        by itself, but when the player presses done or the next player starts."""
        return any(legal_actions(state) for state in index.matches(view))

    def _accept(self, turn: TurnState, match: TurnState, could_go_on: bool) -> list[RefereeEvent]:
        game = self.game
        player = game.player
        if match.actions[: len(turn.actions)] != turn.actions:
            game.undo()  # the players rearranged this turn: replay it from its start
            new_actions = match.actions
        else:
            new_actions = match.actions[len(turn.actions) :]
        events = [self._event("action", player, a.text()) for a in new_actions]
        record_length = len(game.record)
        for action in new_actions:
            game.apply(action)
        self.restoring = False
        self._track.holding = 0
        self._track.mismatch_since = None
        events += self._clear_error()
        if game.phase is Phase.OVER:
            return events + self._finished_turn(player, match, record_length)
        if game.must_end_turn() and not could_go_on:
            events += self._end_turn()
        return events

    def _end_turn(self) -> list[RefereeEvent]:
        game = self.game
        turn = game.turn
        assert turn is not None
        player = game.player
        record_length = len(game.record)
        game.end_turn()
        return self._finished_turn(player, turn, record_length)

    def _finished_turn(
        self, player: str, turn: TurnState, record_length: int
    ) -> list[RefereeEvent]:
        """Report the turn and what followed it; eliminated workers must now leave."""
        game = self.game
        events = [self._event("turn_complete", player, actions_text(turn.actions))]
        lineup = turn.board.lineup
        for line in game.record[record_length:]:
            if line.kind == "eliminated":
                side = lineup.sides[lineup.index_of(line.player)]
                if len(lineup.players) == 3:
                    self._track.pending_removal |= turn.board.workers[side]
                events.append(self._event("eliminated", line.player))
        if game.winner is not None:
            events.append(self._event("game_over", game.winner, game.winner))
        self._new_turn()
        return events

    def _new_turn(self) -> None:
        track = self._track
        track.touched_at = {}
        track.holding = 0
        track.mismatch_since = None
        track.indexes.clear()

    # -- placement ---------------------------------------------------------------------
    def _judge_placement(self, view: BoardView) -> list[RefereeEvent]:
        game = self.game
        placed = game.position.occupied
        new = view.workers & ~placed
        if any(view.buildings) or view.workers & placed != placed:
            return self._mismatch_against(view)
        if not new:
            self._track.mismatch_since = None
            return self._clear_error()
        side = game.position.side
        missing = 2 - game.position.workers[side].bit_count()
        if new.bit_count() > missing and not self.settings.polarity:
            return self._mismatch_against(view)
        events = []
        while new and game.phase is Phase.PLACEMENT:
            mine = [c for c in cells_of(new) if not self.settings.polarity or self._owned(view, c)]
            if not mine:
                break
            for cell in mine[: 2 - game.position.workers[game.position.side].bit_count()]:
                player = game.player
                game.place(cell)
                new &= ~(1 << cell)
                events.append(
                    self._event("worker_placed", player, cell_name(cell), (cell_name(cell),))
                )
        if game.phase is not Phase.PLACEMENT:
            events.append(self._event("setup_complete", game.player))
            self._new_turn()
        self._track.mismatch_since = None
        return events + self._clear_error()

    def _owned(self, view: BoardView, cell: int) -> bool:
        """The sensors say the worker on `cell` belongs to the player placing now."""
        placer = self.game.lineup.members(self.game.position.side)[0]
        return any(player == placer and mask >> cell & 1 for player, mask in view.owners)

    # -- errors ------------------------------------------------------------------------
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
