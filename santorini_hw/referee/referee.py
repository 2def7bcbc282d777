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

from santorini_hw.referee.amend import AmendWindow, amended_placement, amended_turn
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
from santorini_hw.referee.undo_wait import UndoRequest, on_the_way_back
from santorini_hw.rules.actions import Action, actions_text
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, can_end, finish, legal_actions, start_turn
from santorini_hw.sensing.observation import Observation


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
        self.restoring = False
        self.stray = 0
        """Cells of stray pieces to take off after a win (not part of the record)."""
        self._undo: UndoRequest | None = None
        self._amend: AmendWindow | None = None
        self._track = _Tracking()
        self._now = 0.0

    # -- what the lights and the API read ----------------------------------------------
    @property
    def undo_target(self) -> Position | None:
        """The board an undo press asks for, until it is put back (or cancelled)."""
        return None if self._undo is None else self._undo.target

    @property
    def expected_view(self) -> BoardView:
        return position_view(self.undo_target or self.game.board, self.settings.polarity)

    @property
    def deadline(self) -> float | None:
        """When the next timer runs out: the grace period of a mismatching board, or of
        play going on after an undo press (None: no timer runs)."""
        times = []
        since = self._track.mismatch_since
        if since is not None and self.error is None:
            times.append(since + self.settings.grace)
        if self._undo is not None and self._undo.play_since is not None:
            times.append(self._undo.play_since + self.settings.grace)
        return min(times, default=None)

    @property
    def holding(self) -> tuple[str, ...]:
        return tuple(cell_name(c) for c in cells_of(self._track.holding))

    @property
    def pending_removal(self) -> tuple[str, ...]:
        """Pieces to take off: eliminated workers, stray pieces left beside a win."""
        return tuple(cell_name(c) for c in cells_of(self._track.pending_removal | self.stray))

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
        return self._judge(view)

    def tick(self, now: float) -> list[RefereeEvent]:
        """Let timers run: raise the error once the grace period is over."""
        self._now = now
        track = self._track
        late = (
            track.mismatch_since is not None and now - track.mismatch_since >= self.settings.grace
        )
        if self.error is None and late and track.last_view is not None:
            return self._raise(differences(self.expected_view, track.last_view))
        return []

    def press(self, button: str, now: float) -> list[RefereeEvent]:
        """A board button: "done" ends a turn that may end, "undo" asks for a takeback
        (applied once the board is put back; pressed again, it cancels), "hint" asks for
        a hint. "done" also cancels an undo request."""
        self._now = now
        game = self.game
        if button == "done":
            events = self._cancel_undo() if self._undo is not None else []
            if game.turn is not None and game.turn.actions and game.can_end_turn():
                return events + self._end_turn()
            return events
        if button == "undo":
            if self._undo is not None:
                return self._cancel_undo()
            target = game.undo_target()
            if target is None:
                return []
            self._undo = UndoRequest(target)
            return self._rejudge()
        if button == "hint":
            return [self._event("hint_requested", game.player)]
        raise ValueError(f"unknown button {button!r} (done, undo, hint)")

    def restore_record(self) -> list[RefereeEvent]:
        """Resync toward the record: guide the players until the board matches it."""
        self._undo = None
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
        self._undo = self._amend = None
        self.restoring = False
        self._new_turn()
        self._track.last_view = view
        events = [self._event("resync", game.player, "adopted the board")]
        return events + self._clear_error()

    # -- judging -----------------------------------------------------------------------
    def _rejudge(self) -> list[RefereeEvent]:
        view = self._track.last_view
        return [] if view is None else self._judge(view)

    def _judge(self, view: BoardView) -> list[RefereeEvent]:
        if self._undo is not None:
            return self._judge_undo(view)
        if self.game.phase is Phase.PLACEMENT:
            return self._judge_placement(view)
        if self.game.phase is Phase.PLAY:
            return self._judge_play(view)
        return self._judge_over(view)

    def _judge_undo(self, view: BoardView) -> list[RefereeEvent]:
        """Take back once the board shows the target; wait patiently while pieces go back
        toward it; drop the request when play goes on instead for the grace period."""
        undo = self._undo
        assert undo is not None
        target = undo.target
        if view == position_view(target, self.settings.polarity):
            while self.game.undo_target() is not None and self.game.position != target:
                self.game.undo()
            if self.game.turn is not None and self.game.turn.actions:
                self.game.undo()
            self._undo = self._amend = None
            self.stray = 0
            self._new_turn()
            return [self._event("undo", self.game.player), *self._clear_error()]
        if on_the_way_back(view, self.game.board, target):
            undo.play_since = None
            return self._clear_error()
        if self.game.phase is Phase.PLAY and self._plays_on(view):
            undo.play_since = self._now if undo.play_since is None else undo.play_since
            if self._now - undo.play_since < self.settings.grace:
                return []
            return self._cancel_undo()
        undo.play_since = None
        return self._mismatch_against(view)

    def _plays_on(self, view: BoardView) -> bool:
        """The board shows the turn going on (or the next one begun), not a takeback."""
        turn = self.game.turn
        assert turn is not None
        current = self._index("current", start_turn(self.game.position))
        if any(state.actions for state in current.matches(view)):
            return True
        if can_end(turn) and turn.actions:
            following = self._index("next", start_turn(finish(turn)))
            return any(state.actions for state in following.matches(view))
        return False

    def _cancel_undo(self) -> list[RefereeEvent]:
        self._undo = None
        events = [self._event("undo_cancelled", self.game.player)]
        return events + self._clear_error() + self._rejudge()

    def _judge_over(self, view: BoardView) -> list[RefereeEvent]:
        """After the game: stray pieces left beside the win go out as they are taken off."""
        if not self.stray:
            return []
        built = position_view(self.game.board).buildings
        left = 0
        for cell in cells_of(self.stray):
            if any((high & ~low) >> cell & 1 for low, high in zip(built, view.buildings, strict=True)):
                left |= 1 << cell
        if left == self.stray:
            return []
        self.stray = left
        return [self._stray_event()]

    def _stray_event(self) -> RefereeEvent:
        cells = tuple(cell_name(c) for c in cells_of(self.stray))
        text = "; ".join(f"{c}: take off the stray piece" for c in cells)
        return self._event("stray_pieces", self.game.winner, text, cells)

    def _judge_play(self, view: BoardView) -> list[RefereeEvent]:
        turn = self.game.turn
        assert turn is not None
        window = self._amend
        if window is not None and self._next_player_touched(self.game.position, view):
            window = self._amend = None
        # What follows on from the actions already accepted comes first; then any other
        # way through this turn (the players rearranged it).
        current = self._index("current", start_turn(self.game.position))
        onward = self._index("onward", turn) if turn.actions else current
        match = self._best_match(onward, view) or self._best_match(current, view)
        if match is not None:
            if match.actions:
                self._amend = None
            return self._accept(turn, match, self._could_go_on(current, view))
        if window is not None:
            amended = self._amendment(window, view)
            if amended is not None:
                return amended
        win = self._pick(self.game.position, current.win_beneath(view))
        if win is not None and not self.restoring:
            return self._accept(turn, win, False)
        if can_end(turn) and turn.actions and not self.restoring:
            following = self._index("next", start_turn(finish(turn)))
            if self._next_player_touched(finish(turn), view):
                touched = self._track.touched_at
                events = self._end_turn()
                self._track.touched_at = touched
                return events + self._judge_play(view)
            match = self._best_match(following, view)
            if match is not None:
                touched = self._track.touched_at
                events = self._end_turn()
                self._amend = None  # the next player has acted
                self._track.touched_at = touched  # the next player's hands already moved
                if self.game.turn is not None:
                    events += self._accept(
                        self.game.turn, match, self._could_go_on(following, view)
                    )
                return events
        held = current.holding(view)
        if held is not None and not self.restoring:
            self._track.holding = position_view(held.board).workers & ~view.workers
            self._track.mismatch_since = None
            return self._clear_error()
        return self._mismatch_against(view)

    def _next_player_touched(self, following: Position, view: BoardView) -> bool:
        """A worker of the player to move in `following` is up in a hand: that player's
        first touch (it ends an optional extra and closes the amend window)."""
        mine = following.workers[following.side]
        return bool(mine & ~view.workers) and not view.workers & ~following.occupied

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
        events = self._retract_to(turn.actions, match.actions)
        kept = len(game.turn.actions) if game.turn is not None else 0
        new_actions = match.actions[kept:]
        events += [self._event("action", player, a.text()) for a in new_actions]
        record_length = len(game.record)
        for action in new_actions:
            game.apply(action)
        self.restoring = False
        self._track.holding = 0
        self._track.mismatch_since = None
        events += self._clear_error()
        if game.phase is Phase.OVER:
            self.stray = self._stray_cells(match)
            events += self._finished_turn(player, match, record_length)
            return events + ([self._stray_event()] if self.stray else [])
        if game.must_end_turn() and not could_go_on:
            events += self._end_turn()
        return events

    def _retract_to(self, have: tuple[Action, ...], want: tuple[Action, ...]) -> list[RefereeEvent]:
        """Take back the accepted actions `want` does not start with (the players
        rearranged the turn), each an `action_retracted` event, last first."""
        common = _common_start(have, want)
        if common == len(have):
            return []
        events = self._retractions(self.game.player, have[common:])
        self.game.undo()
        for action in want[:common]:
            self.game.apply(action)
        return events

    def _retractions(self, player: str, actions: tuple[Action, ...]) -> list[RefereeEvent]:
        return [self._event("action_retracted", player, a.text()) for a in reversed(actions)]

    def _stray_cells(self, win: TurnState) -> int:
        view = self._track.last_view
        if view is None:
            return 0
        built = position_view(win.board).buildings
        stray = 0
        for low, high in zip(built, view.buildings, strict=True):
            stray |= high & ~low
        return stray

    def _amendment(self, window: AmendWindow, view: BoardView) -> list[RefereeEvent] | None:
        """The last turn (or placement) corrected before the next player touched."""
        game = self.game
        if window.ended is None:
            lineup = game.lineup
            owner = lineup.members(lineup.sides[lineup.index_of(window.player)])[0]
            polarity = self.settings.polarity
            cell = amended_placement(window, game.position, view, owner if polarity else None)
            if cell is None:
                return None
            old = window.placed
            game.undo()
            game.place(cell)
            window.placed = cell
            self._new_turn()
            names = (cell_name(old), cell_name(cell))
            return [
                self._event("placement_amended", window.player, cell_name(cell), names),
                *self._clear_error(),
            ]
        state = amended_turn(window, view)
        if state is None:
            return None
        recorded = window.ended.actions
        common = _common_start(recorded, state.actions)
        events = self._retractions(window.player, recorded[common:])
        events += [self._event("action", window.player, a.text()) for a in state.actions[common:]]
        game.undo()  # back to the start of the amended turn, then play it as it stands
        for action in state.actions:
            game.apply(action)
        game.end_turn()
        window.ended = state
        self._new_turn()
        events.append(self._event("turn_amended", window.player, actions_text(state.actions)))
        return events + self._clear_error()

    def _end_turn(self) -> list[RefereeEvent]:
        """End the turn at once; it may still be amended until the next player's touch."""
        game = self.game
        turn = game.turn
        assert turn is not None
        player = game.player
        record_length = len(game.record)
        index = self._index("current", start_turn(game.position))
        game.end_turn()
        events = self._finished_turn(player, turn, record_length)
        ended_alone = game.record[-1].kind == "turn"  # no elimination followed it
        self._amend = AmendWindow(player, turn, index) if ended_alone else None
        return events

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
            window = self._amend
            amended = None if window is None else self._amendment(window, view)
            return self._mismatch_against(view) if amended is None else amended
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
                self._amend = AmendWindow(player, placed=cell)
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


def _common_start(have: tuple[Action, ...], want: tuple[Action, ...]) -> int:
    """How many actions the two sequences share from their start."""
    common = 0
    for a, b in zip(have, want, strict=False):
        if a != b:
            break
        common += 1
    return common
