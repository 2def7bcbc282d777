"""Re-reading an optional extra as the next player's early build.

Demeter builds once and leaves her second build; the next player, by habit, puts their
block down first and then moves. Where that block is also a legal second build it is
read as Demeter's, her turn ends by itself, and the next player's move then reads as a
turn still owing its build. A careful referee re-reads once the next player shows their
turn is over (they press done, or the player after them starts, or the board fits only
the other reading): the piece was the next player's build, put down early. Both turns
are then recorded as played: the first amended (without the piece), the second complete.

The same holds for every optional extra that ends a turn by itself: Hephaestus' second
block, Hestia's second build, and Prometheus' build before the move (a move and its build
read as a build, a move and a second build); and for one that the next player's first
touch ended, the piece put down just before it (Poseidon's builds, Morpheus' tokens).
While the next player might still build, the first reading stands, so a real second
build is never taken away. Done pressed on a turn that cannot
end as read also takes another reading of the same turn that ends it (Prometheus' block
put down first, then a move not up: the build after the move, not before).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from santorini_hw.referee.board_view import (
    BoardView,
    changed_cells,
    position_view,
    without_top_piece,
)
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.recording import RecordKeeper, _common_start
from santorini_hw.referee.undo_wait import UndoRequest, on_the_way_back
from santorini_hw.rules.actions import Action, actions_text
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Phase, RecordLine
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, apply_action, can_end, finish, start_turn

Touched = Callable[[Position, BoardView], bool]
"""Whether the board shows the first touch of the player to move in a position."""


@dataclass(frozen=True)
class Rereading:
    """A turn that ended by itself on one piece put down after it could already end."""

    player: str
    line: RecordLine
    """The record line of that turn, as recorded (with the piece)."""
    shorter: TurnState
    """That turn without the piece: complete, as the board showed it before."""
    cell: int
    """Where the piece went down."""


def rereading_of(
    player: str, line: RecordLine, before: TurnState, after: TurnState
) -> Rereading | None:
    """The window a turn opens when it ended on one piece and could end without it."""
    if not before.actions or not can_end(before) or before.board.workers != after.board.workers:
        return None
    old, new = position_view(before.board), position_view(after.board)
    changed = changed_cells(old.buildings, new.buildings)
    if changed.bit_count() != 1:
        return None
    return Rereading(player, line, before, cells_of(changed)[0])


class Rereader(RecordKeeper):
    """The record keeper that re-reads an optional extra when the next turn needs it."""

    _reread: Rereading | None = None

    def _accept(self, turn: TurnState, match: TurnState, could_go_on: bool) -> list[RefereeEvent]:
        game = self.game
        player, length = game.player, len(game.record)
        events = super()._accept(turn, match, could_go_on)
        ended = len(game.record) > length and game.phase is Phase.PLAY
        if ended and game.record[-1].kind == "turn":
            self._reread = rereading_of(player, game.record[-1], turn, match)
        return events

    def _open_rereading(self, player: str, start: Position, turn: TurnState) -> None:
        """A turn the next player's touch ended (Poseidon's, Morpheus' or Hestia's extra
        build left open): its last piece may have been that player's early build too."""
        game = self.game
        if game.phase is not Phase.PLAY or not game.record or len(turn.actions) < 2:
            return
        before = start_turn(start)
        for action in turn.actions[:-1]:
            before = apply_action(before, action)
        index = self._index("handed_over", start_turn(start))
        views = [position_view(before.board, self.settings.polarity)]
        last = self._last_piece(start, turn)  # the piece that went down last, not the
        if last is not None:  # last in the rules' order (Poseidon builds after the move)
            shown = position_view(turn.board, self.settings.polarity)
            views.insert(0, shown._replace(buildings=without_top_piece(shown.buildings, last)))
        if last is not None or not can_end(before):  # (or Ares' block built, taken off)
            whole = (s for view in views for s in index.matches(view) if _whole(s))
            before = next(whole, before)
        self._reread = rereading_of(player, game.record[-1], before, turn)

    def _last_piece(self, start: Position, turn: TurnState) -> int | None:
        """The cell of the turn's pieces that went down last, by the board's clock."""
        built = changed_cells(position_view(start).buildings, position_view(turn.board).buildings)
        times = self._track.built_at
        return max(cells_of(built), key=lambda cell: times.get(cell, 0.0), default=None)

    def _reading(self) -> tuple[Rereading, TurnState] | None:
        """The open window and the current turn as the other reading has it (complete,
        the piece its build), while the current turn has begun and cannot end as it
        stands."""
        window, game, turn = self._reread, self.game, self.game.turn
        if window is None or not _stuck(turn) or self.restoring:
            return None
        assert turn is not None
        if not game.record or game.record[-1] is not window.line:
            self._reread = None
            return None
        start = finish(window.shorter)
        index = self._index("reread", start_turn(start))
        view = position_view(turn.board, self.settings.polarity)
        state = self._pick(start, [s for s in index.matches(view) if _whole(s)])
        return None if state is None else (window, state)

    def _reread_when_over(self) -> list[RefereeEvent]:
        """Done pressed on a turn that cannot end as read: another reading of the board
        that ends this turn (a block put down first, then a move: Prometheus' build
        before the move read as the build after it), else the other reading of the turn
        before's extra."""
        game, turn = self.game, self.game.turn
        if not _stuck(turn) or self.restoring:
            return []
        assert turn is not None
        current = self._index("current", start_turn(game.position))
        view = position_view(turn.board, self.settings.polarity)
        whole = self._pick(game.position, [s for s in current.matches(view) if _whole(s)])
        if whole is not None:
            return self._accept(turn, whole, could_go_on=True) + self._end_turn()
        found = self._reading()
        return [] if found is None else self._take_reading(*found) + self._end_turn()

    def _reread_undo(self, undo: UndoRequest, view: BoardView) -> list[RefereeEvent]:
        """Undo pressed on a turn that cannot end as read, and the board put back toward
        that turn's start as the other reading has it (the early piece taken off too):
        the other reading taken, and the undo aimed at that start."""
        found = self._reading()
        if found is None:
            return []
        board, target = self.game.board, finish(found[0].shorter)
        if on_the_way_back(view, board, undo.target) or not on_the_way_back(view, board, target):
            return []
        events = self._take_reading(*found) + self._end_turn()
        undo.target = target
        return events

    def _reread_for(self, view: BoardView, touched: Touched) -> list[RefereeEvent] | None:
        """The board fits no reading of the current turn, but fits the other reading with
        the player after starting (`touched`: a worker of theirs lifted, or their turn
        begun): the other reading taken, the current turn left to be ended (its player
        has handed over) and the board judged again."""
        found = self._reading()
        if found is None:
            return None
        following = finish(found[1])
        index = self._index("reread_next", start_turn(following))
        held = index.holding(view)
        begun = index.matches(view) or (held is not None and held.actions)
        if not (touched(following, view) or begun):
            return None
        return self._take_reading(*found)

    def _take_reading(self, window: Rereading, state: TurnState) -> list[RefereeEvent]:
        """The turn that took the piece played again without it, and the current turn
        played as the other reading has it (not yet ended)."""
        game = self.game
        turn = game.turn
        assert turn is not None
        player = game.player
        events = self._retractions(player, turn.actions)
        game.undo()
        game.undo()  # the turn that took the piece, played again without it
        shorter = window.shorter.actions
        events += self._replayed(window.player, window.line.actions, shorter)
        game.end_turn()
        events.append(self._event("turn_amended", window.player, actions_text(shorter)))
        events += self._replayed(player, (), state.actions)
        name = cell_name(window.cell)
        text = f"{name}: {player}'s build, put down before the move"
        events.append(self._event("turn_reread", player, text, (name,)))
        self._reread = None
        return events

    def _replayed(
        self, player: str, had: tuple[Action, ...], actions: tuple[Action, ...]
    ) -> list[RefereeEvent]:
        """Play `actions` in the current turn; events for what differs from `had`."""
        common = _common_start(had, actions)
        events = self._retractions(player, had[common:])
        for action in actions:
            self.game.apply(action)
        return events + [self._event("action", player, a.text()) for a in actions[common:]]


def _stuck(turn: TurnState | None) -> bool:
    """A turn begun that cannot end as it stands."""
    return turn is not None and bool(turn.actions) and not can_end(turn)


def _whole(state: TurnState) -> bool:
    """A reading that ends a turn without winning it (a win is taken when it is seen)."""
    return can_end(state) and not state.won
