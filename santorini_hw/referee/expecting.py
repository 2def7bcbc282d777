"""The referee's side of a seat not at the board: it waits, then expects one turn.

While a remote seat (`remote`, e.g. the engine) is to move, nobody at the board plays
for it on their own: until its turn is known (`expect`) the board must stay as it is,
and then only that turn is accepted, step by step (`turn_states`), with the forgiveness
of any turn: a worker in a hand, a block down before the worker lands, Apollo's swap
seen once a hand touched both cells. Anything else is an error to put back, one fix at
a time; it is never recorded as that seat's turn. Once the whole turn stands it is
recorded and ended at once (the seat declined what it left out); a person who goes
straight on with their own turn (a premove) has both recorded, in order.
"""

from __future__ import annotations

from collections.abc import Callable
from math import inf

from santorini_hw.referee.board_view import BoardView, changed_cells, position_view
from santorini_hw.referee.chores import standing, with_standing
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expected import ExpectedTurn, checked, turn_states
from santorini_hw.referee.recording import RecordKeeper
from santorini_hw.rules.actions import BUILD, DOME, UNBUILD
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, finish, start_turn

BUILDING = (BUILD, DOME, UNBUILD)


class ExpectingReferee(RecordKeeper):
    remote: frozenset[str] = frozenset()
    """Players not at the board (their turns come from `expect`)."""
    chooses_again: frozenset[str] = frozenset()
    """Remote players who choose their turn again after an undo (people, not the
    engine, whose choice would come back the same): undo may stop where they move."""
    expected: ExpectedTurn | None = None
    _shown_at: float = 0.0
    """When the board began to show `expected`."""
    _states: tuple[TurnState, ...] = ()
    _judge: Callable[[BoardView], list[RefereeEvent]]
    """The referee's judgement of a whole board (`Referee._judge`)."""

    def expect(self, turn: ExpectedTurn) -> list[RefereeEvent]:
        """From now on the board must show `turn` (checked by the rules first)."""
        if not checked(turn).fits(self.game):
            raise ValueError(f"{turn.player}'s turn was chosen for another position")
        self.expected = turn
        self._shown_at = self._now
        self._states = tuple(turn_states(turn))
        lag, self._lags = 0, {}
        for before, after, action in zip(
            self._states, self._states[1:], turn.actions, strict=False
        ):
            lag = standing(before.board, action, after.board, lag)
            if lag:
                self._lags[after] = lag
        view = self._track.last_view
        return [] if view is None else self._judge(view)

    @property
    def awaiting(self) -> ExpectedTurn | None:
        """The turn the board shows to be carried out, while it still fits the game."""
        expected = self.expected
        if expected is None or not expected.fits(self.game):
            return None
        return expected

    @property
    def waiting_for_remote(self) -> bool:
        """A remote seat is to move and its turn is not known yet."""
        game = self.game
        playing = game.phase is not Phase.OVER
        return playing and game.player in self.remote and self.awaiting is None

    def takeback_target(self) -> Position | None:
        """Undo goes back to the last position a player at the board (or a remote person,
        who then chooses again) had to move in: the engine's replies are taken back with
        it."""
        for position in self.game.undo_targets():
            if position.player not in self.remote or position.player in self.chooses_again:
                return position
        return None

    def _judge_remote(self, view: BoardView) -> list[RefereeEvent]:
        expected = self.awaiting
        if expected is None:
            return self._stand_still(view)
        if expected.is_placement:
            return self._judge_expected_placement(view, expected)
        return self._judge_expected_turn(view)

    def _stand_still(self, view: BoardView) -> list[RefereeEvent]:
        """Nothing to carry out yet: the last turn may still be amended, nothing else."""
        if view == self.expected_view:
            return self._clear_error()
        return self._amended_or_mismatch(view)

    def _amended_or_mismatch(self, view: BoardView) -> list[RefereeEvent]:
        """The previous turn (or placement) corrected before this seat's turn was touched
        (the seat then chooses again), or else an error to put back."""
        window = self._amend
        amended = None if window is None else self._amendment(window, view)
        if amended is not None:
            self.expected = None
        return self._mismatch_against(view) if amended is None else amended

    def _judge_expected_turn(self, view: BoardView) -> list[RefereeEvent]:
        turn = self.game.turn
        assert turn is not None
        states = self._states
        polarity = self.settings.polarity
        start = self.game.position
        shown = [
            state
            for state in states
            if view
            in (
                position_view(state.board, polarity),
                position_view(with_standing(state.board, self._standing(state), start), polarity),
            )
        ]
        if len(shown) > 1:  # Apollo's swap looks like no move, Ares' block built and taken
            # off again like no build: believed where hands touched
            touched = [s for s in shown if self._pick(start, [s]) and self._built_by_hand(s)]
            shown = touched or shown[:1]
        if shown:
            match = shown[-1]
            if match.actions:
                self._amend = None
            events = self._accept(turn, match, could_go_on=True)
            if match is states[-1] and self.game.turn is not None:
                events += self._carried_out()
            return events
        full = states[-1]
        if not self.restoring:
            if full.won and any(s.board == full.board for s in self._won_beneath(view)):
                return self._accept(turn, full, could_go_on=True)
            premove = self._premove(turn, full, view)
            if premove is not None:
                return premove
        for state in states:  # the fewest actions: where the hand took the worker from
            lifted = _lifted(position_view(state.board, polarity), view)
            if lifted:
                self._track.holding = lifted
                self._track.mismatch_since = None
                return self._clear_error()
        return self._amended_or_mismatch(view)

    def _built_by_hand(self, state: TurnState) -> bool:
        """Every cell `state` built on and took off again (Ares' removal of the block he
        built) has changed under a hand since the turn was shown: such a step leaves no
        trace, so the board shows it done only once it was seen being done."""
        start = self.game.position
        worked = 0
        for action in state.actions:
            worked |= 1 << action.dst if action.kind in BUILDING else 0
        kept = changed_cells(position_view(start).buildings, position_view(state.board).buildings)
        built_at = self._track.built_at
        return all(built_at.get(c, -inf) >= self._shown_at for c in cells_of(worked & ~kept))

    def _won_beneath(self, view: BoardView) -> list[TurnState]:
        return self._index("current", start_turn(self.game.position)).win_beneath(view)

    def _premove(
        self, turn: TurnState, full: TurnState, view: BoardView
    ) -> list[RefereeEvent] | None:
        """The board shows the whole turn and the next player's turn begun on top."""
        if full.won:
            return None
        following = self._index("next", start_turn(finish(full)))
        match = self._best_match(following, view)
        if match is None or not match.actions:
            return None
        touched = self._track.touched_at
        events = self._accept(turn, full, could_go_on=True) + self._carried_out()
        self._track.touched_at = touched
        return events + self._judge(view)

    def _carried_out(self) -> list[RefereeEvent]:
        """The whole expected turn stands: record it now (nothing more is coming)."""
        events = self._end_turn()
        self._amend = None  # a seat not at the board does not amend its turn
        self.expected = None
        return events

    def _judge_expected_placement(
        self, view: BoardView, expected: ExpectedTurn
    ) -> list[RefereeEvent]:
        game = self.game
        placed = game.position.occupied
        wanted = sum(1 << cell for cell in expected.cells)
        new = view.workers & ~placed
        polarity = self.settings.polarity  # a worker of another colour is no placement of its
        foreign = polarity and any(not self._owned(view, cell) for cell in cells_of(new))
        if any(view.buildings) or view.workers & placed != placed or new & ~wanted or foreign:
            return self._amended_or_mismatch(view)
        events = []
        for cell in cells_of(new):
            player = game.player
            game.place(cell)
            name = cell_name(cell)
            events.append(self._event("worker_placed", player, name, (name,)))
            self._amend = None  # the seat's turn has begun: the last one stands
        if game.phase is not Phase.PLACEMENT:
            events.append(self._event("setup_complete", game.player))
            self._new_turn()
        if not expected.fits(game):
            self.expected = None
        self._track.mismatch_since = None
        return events + self._clear_error()


def _lifted(state: BoardView, view: BoardView, hands: int = 2) -> int:
    """The cells of `state`'s workers up in hands, if `view` is `state` with up to
    `hands` workers lifted (nothing else different); 0 otherwise."""
    if state.buildings != view.buildings or view.workers & ~state.workers:
        return 0
    lifted = state.workers & ~view.workers
    return lifted if 0 < lifted.bit_count() <= hands else 0
