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

from santorini_hw.referee.board_view import (
    BoardView,
    CellFix,
    changed_cells,
    differences,
    observed_view,
    position_view,
)
from santorini_hw.referee.chores import pending_blocks, without_workers
from santorini_hw.referee.core import BoardError, RefereeSettings
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expecting import ExpectingReferee
from santorini_hw.referee.recording import stray_pieces
from santorini_hw.referee.rereading import Rereader
from santorini_hw.referee.resync import ResyncError, adopted_position
from santorini_hw.referee.stirring import stirred_cells
from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.referee.undo_wait import UndoRequest, on_the_way_back
from santorini_hw.rules.actions import PASS_ACTION
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, can_end, finish, start_turn
from santorini_hw.sensing.observation import Observation

__all__ = ["BoardError", "Referee", "RefereeSettings"]


class Referee(Rereader, ExpectingReferee):
    """Settled observations, presses and resync requests in; events out."""

    # -- inputs ------------------------------------------------------------------------
    def observe(self, observation: Observation) -> list[RefereeEvent]:
        self._now = observation.time
        view = observed_view(observation, self.settings.polarity)
        track = self._track
        if track.last_view is not None:
            for cell in cells_of(track.last_view.workers ^ view.workers):
                track.touched_at[cell] = observation.time
            for cell in cells_of(changed_cells(track.last_view.buildings, view.buildings)):
                track.built_at[cell] = observation.time
        for cell in cells_of(stirred_cells(track.stirred, observation)):
            track.touched_at[cell] = observation.time
        track.last_view = view
        track.settling = not observation.settled
        track.last_faults = [
            CellFix(cell, "fault", f"{cell_name(cell)}: sensor fault ({seen.fault})")
            for cell, seen in enumerate(observation.cells)
            if seen.fault
        ]
        if not observation.settled:
            return self.tick(observation.time)
        if track.last_faults:
            return self._mismatch(track.last_faults)
        track.pending_removal &= view.workers
        view = without_workers(view, track.pending_removal)
        view, track.pending_blocks = pending_blocks(view, track.pending_blocks, self.game.board)
        events = self._judge(view)
        return events + self._done() if track.done_pending else events

    def press(self, button: str, now: float) -> list[RefereeEvent]:
        """A board button: "done" ends a turn that may end, "undo" asks for a takeback
        (applied once the board is put back; pressed again, it cancels), "hint" asks for
        a hint. "done" also cancels an undo request.

        A done pressed while a reading still settles (the block just put down, as a
        quick hand presses done right after it) counts once the board has settled: the
        block was part of the turn it ends. A press after it then follows it."""
        if button not in ("done", "undo", "hint"):
            raise ValueError(f"unknown button {button!r} (done, undo, hint)")
        self._now = now
        track = self._track
        if button == "done":
            track.done_pending = track.settling
            return [] if track.settling else self._done()
        events = self._done() if track.done_pending else []
        return events + self._press(button)

    def _done(self) -> list[RefereeEvent]:
        """Done: cancel an undo request, or end a turn that may end (Dionysus: pass his
        additional turn), or look again at a finished turn's board."""
        self._track.done_pending = False
        game = self.game
        cancelled = self._undo is not None
        events = self._cancel_undo() if cancelled else []
        if game.player in self.remote:  # a remote seat's turn ends as it stands whole
            return events
        if game.turn is not None and game.turn.actions and game.can_end_turn():
            return events + self._end_turn()
        if (  # (a done that cancels an undo is no pass)
            not cancelled
            and game.turn is not None
            and not game.turn.actions
            and PASS_ACTION in game.legal_actions()
        ):
            game.apply(PASS_ACTION)  # Dionysus declines his additional turns
            return [*events, self._event("action", game.player, "pass"), *self._end_turn()]
        return events + self._reread_when_over()

    def _press(self, button: str) -> list[RefereeEvent]:
        """Undo (ask for a takeback, or cancel the request), or else hint."""
        if button == "undo":
            if self._undo is not None:
                return self._cancel_undo()
            target = self.takeback_target()
            if target is None:
                return []
            self._undo = UndoRequest(target, self._now)
            return self._rejudge()
        return [self._event("hint_requested", self.game.player)]

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
        self._undo = self._amend = self.expected = None
        self.restoring = False
        self._track.clear_chores()
        self._new_turn()
        self._track.last_view = view
        events = [self._event("resync", game.player, "adopted the board")]
        return events + self._clear_error()

    def _rejudge(self) -> list[RefereeEvent]:
        view = self._track.last_view
        return [] if view is None else self._judge(view)

    def _judge(self, view: BoardView) -> list[RefereeEvent]:
        if self._undo is not None:
            return self._judge_undo(view)
        if self.game.player in self.remote and self.game.phase is not Phase.OVER:
            return self._judge_remote(view)
        if self.game.phase is Phase.PLACEMENT:
            return self._judge_placement(view)
        if self.game.phase is Phase.PLAY:
            chores = self._judge_chores(view)
            return self._judge_play(view) if chores is None else chores
        return self._judge_over(view)

    def _judge_chores(self, view: BoardView) -> list[RefereeEvent] | None:
        """A removal the rules made (Bia, Medusa) is done before the next turn begins:
        until then a board that shows that turn begun is an error naming the chore."""
        track = self._track
        track.chores &= track.pending_removal | track.pending_blocks
        turn = self.game.turn
        begun = view != self.expected_view or (turn is not None and bool(turn.actions))
        if not track.chores or not begun or track.last_view is None:
            return None
        fixes = differences(self.expected_view, track.last_view)
        return self._mismatch(sorted(fixes, key=lambda fix: not track.chores >> fix.cell & 1))

    def _judge_undo(self, view: BoardView) -> list[RefereeEvent]:
        """Take back once the board shows the target; wait patiently while pieces go back
        toward it; drop the request when play goes on instead (once the grace period
        since the press is over)."""
        undo = self._undo
        assert undo is not None
        reread = self._reread_undo(undo, view)
        if reread:
            return reread + self._judge_undo(view)
        target = undo.target
        if view == position_view(target, self.settings.polarity):
            while self.game.undo_target() is not None and self.game.position != target:
                self.game.undo()
            if self.game.turn is not None and self.game.turn.actions:
                self.game.undo()
            self._undo = self._amend = None
            self.stray = 0
            self._track.clear_chores()
            self._new_turn()
            return [self._event("undo", self.game.player), *self._clear_error()]
        undo.playing = False
        if on_the_way_back(view, self.game.board, target):
            return self._clear_error()
        if self.game.phase is Phase.PLAY and self._plays_on(view):
            undo.playing = True
            if self._now - undo.pressed < self.settings.grace:
                return self._clear_error()
            return self._cancel_undo()
        return self._mismatch_against(view)

    def _plays_on(self, view: BoardView) -> bool:
        """The board shows the turn going on (or the next one begun), not a takeback."""
        turn = self.game.turn
        assert turn is not None
        indexes = [self._index("current", start_turn(self.game.position))]
        if can_end(turn) and turn.actions:
            indexes.append(self._index("next", start_turn(finish(turn))))
        for index in indexes:
            held = index.holding(view)  # a block down while the worker is in the hand
            if any(state.actions for state in index.matches(view)) or (held and held.actions):
                return True
        return False

    def _cancel_undo(self) -> list[RefereeEvent]:
        self._undo = None
        events = [self._event("undo_cancelled", self.game.player)]
        return events + self._clear_error() + self._rejudge()

    def _judge_over(self, view: BoardView) -> list[RefereeEvent]:
        """After the game: stray pieces left beside the win go out as they are taken off."""
        if not self.stray:
            return []
        left = self.stray & stray_pieces(self.game.board, view)
        if left == self.stray:
            return []
        self.stray = left
        return [self._stray_event()]

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
        if turn.actions and not self.restoring:
            ended = self._ended_by_touch(turn, current, view)
            if ended is not None:
                events = self._accept(turn, ended, could_go_on=True)
                return events + self._handed_over() + self._judge_play(view)
        if can_end(turn) and turn.actions and not self.restoring:
            following = self._index("next", start_turn(finish(turn)))
            match = self._best_match(following, view)
            if match is not None:
                events = self._handed_over()
                if self.game.turn is not None:
                    events += self._accept(
                        self.game.turn, match, self._could_go_on(following, view)
                    )
                return events
        reread = self._reread_for(view, self._next_player_touched)
        if reread is not None:
            return reread + self._handed_over() + self._judge_play(view)
        held = current.holding(view)
        if held is not None and not self.restoring:
            self._track.holding = position_view(held.board).workers & ~view.workers
            self._track.mismatch_since = None
            return self._clear_error()
        return self._mismatch_against(view)

    def _handed_over(self) -> list[RefereeEvent]:
        """End the turn because the next player has started: their touches so far count
        in their turn, and the ended turn may no longer be amended."""
        touched = self._track.touched_at
        start, turn, player = self.game.position, self.game.turn, self.game.player
        events = self._end_turn()
        self._amend = None
        self._track.touched_at = touched
        if turn is not None:
            self._open_rereading(player, start, turn)
        return events

    def _ended_by_touch(
        self, turn: TurnState, current: TurnIndex, view: BoardView
    ) -> TurnState | None:
        """The next player lifted one of their workers: the turn as the board showed it
        just before, read as complete (an optional extra left out), ends now. Pieces no
        reading of this turn explains went down before the lift: the next player's."""
        following = finish(turn)
        if not self._next_player_touched(following, view):
            return None
        shown = position_view(turn.board, self.settings.polarity)
        before = shown._replace(buildings=view.buildings)
        if shown == before and can_end(turn):  # as accepted (Poseidon's builds in order)
            return turn
        complete = [state for state in current.matches(before) if can_end(state)]
        if not complete and can_end(turn):
            return turn
        return self._pick(self.game.position, complete)

    def _next_player_touched(self, following: Position, view: BoardView) -> bool:
        """A worker of the player to move in `following` is up in a hand: that player's
        first touch (it ends an optional extra and closes the amend window)."""
        mine = following.workers[following.side]
        return bool(mine & ~view.workers) and not view.workers & ~following.occupied
