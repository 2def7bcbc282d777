"""Keeping the record in step with the board: accepting actions (retracting those the
players took back), ending turns, placements, and amending the last turn or placement
while its amend window is open.
"""

from __future__ import annotations

from santorini_hw.referee.amend import AmendWindow, amended_placement, amended_turn
from santorini_hw.referee.board_view import (
    BoardView,
    position_view,
)
from santorini_hw.referee.chores import petrified
from santorini_hw.referee.core import RefereeCore
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.rules.actions import Action, actions_text
from santorini_hw.rules.cells import cell_name, cells_of
from santorini_hw.rules.game import Phase
from santorini_hw.rules.placement import allowed_cells, female_placed
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, start_turn


class RecordKeeper(RefereeCore):
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
        events += self._removed(player, match)
        self.restoring = False
        self._track.holding = 0
        self._track.mismatch_since = None
        events += self._clear_error()
        if game.phase is Phase.OVER:
            view = self._track.last_view
            self.stray = 0 if view is None else stray_pieces(match.board, view)
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

    def _stray_event(self) -> RefereeEvent:
        cells = tuple(cell_name(c) for c in cells_of(self.stray))
        text = "; ".join(f"{c}: take off the stray piece" for c in cells)
        return self._event("stray_pieces", self.game.winner, text, cells)

    def _amendment(self, window: AmendWindow, view: BoardView) -> list[RefereeEvent] | None:
        """The last turn (or placement) corrected before the next player touched."""
        game = self.game
        if window.ended is None:
            lineup = game.lineup
            owner = lineup.members(lineup.sides[lineup.index_of(window.player)])[0]
            polarity = self.settings.polarity
            found = amended_placement(window, game.position, view, owner if polarity else None)
            if found is None or not self._place_instead(window, *found):
                return None
            old, cell = found
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

    def _place_instead(self, window: AmendWindow, gone: int, cell: int) -> bool:
        """Take back the window's placements and place them again with `cell` for
        `gone` (False, and nothing changed, if the rules do not allow `cell` there)."""
        game = self.game
        placed = [*cells_of(window.together), window.placed]
        for _ in placed:
            game.undo()
        kept = [c for c in placed if c != gone]
        for c in kept:
            game.place(c)
        allowed = bool(allowed_cells(game.position) >> cell & 1)
        for _ in kept if not allowed else ():
            game.undo()
        for c in placed if not allowed else [cell]:
            game.place(c)
        if allowed:
            window.placed, window.together = cell, sum(1 << c for c in kept)
        return allowed

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
        track = self._track
        track.chores |= track.removing & track.pending_removal
        track.removing = 0
        events += self._petrified(player, turn.board)
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

    def _removed(self, player: str, match: TurnState) -> list[RefereeEvent]:
        """Bia's victims still standing: lit to be taken off (the move stands)."""
        view = self._track.last_view
        cells = self._standing(match) & ~self._track.pending_removal
        cells &= 0 if view is None else view.workers
        if not cells:
            return []
        self._track.pending_removal |= cells
        self._track.removing |= cells
        names = tuple(cell_name(cell) for cell in cells_of(cells))
        text = "; ".join(f"{name}: take the worker off" for name in names)
        return [self._event("removed", player, text, names)]

    def _petrified(self, player: str, before: Position) -> list[RefereeEvent]:
        """Medusa's victims: to take off the board, a block put down in their place."""
        cells = petrified(before, self.game.board)
        if not cells:
            return []
        view = self._track.last_view
        self._track.pending_removal |= cells & (0 if view is None else view.workers)
        self._track.pending_blocks |= cells
        self._track.chores |= cells
        names = tuple(cell_name(cell) for cell in cells_of(cells))
        text = "; ".join(f"{name}: take the worker off, put a block there" for name in names)
        return [self._event("petrified", player, text, names)]

    def _judge_placement(self, view: BoardView) -> list[RefereeEvent]:
        game = self.game
        placed = game.position.occupied
        new = view.workers & ~placed
        if any(view.buildings) or view.workers & placed != placed:
            window = self._amend
            amended = None if window is None else self._amendment(window, view)
            if amended is None and window is not None:
                amended = self._placed_again(window, view)
            return self._mismatch_against(view) if amended is None else amended
        if not new:
            self._track.mismatch_since = None
            return self._clear_error()
        side = game.position.side
        missing = 2 - game.position.workers[side].bit_count()
        if new.bit_count() > missing and not self.settings.polarity:
            return self._mismatch_against(view)
        events: list[RefereeEvent] = []
        seen: set[int] = set()  # the cells placed from this scan
        while new and game.phase is Phase.PLACEMENT:
            mine = [c for c in cells_of(new) if not self.settings.polarity or self._owned(view, c)]
            if not mine:
                break
            for cell in mine[: 2 - game.position.workers[game.position.side].bit_count()]:
                if not game.placements() >> cell & 1:  # Eros' worker off his edges
                    return events + self._mismatch_against(view)
                player = game.player
                game.place(cell)
                earlier = self._amend
                together = 0
                if earlier is not None and earlier.player == player and earlier.placed in seen:
                    together = earlier.together | 1 << earlier.placed
                self._amend = AmendWindow(player, placed=cell, together=together)
                seen.add(cell)
                new &= ~(1 << cell)
                name = cell_name(cell)
                events.append(self._event("worker_placed", player, name, (name,)))
                if female_placed(game.position, cell):
                    text = f"{name}: Selene's female worker"
                    events.append(self._event("female_worker", player, text, (name,)))
        if game.phase is not Phase.PLACEMENT:
            events.append(self._event("setup_complete", game.player))
            self._new_turn()
        self._track.mismatch_since = None
        return events + self._clear_error()

    def _placed_again(self, window: AmendWindow, view: BoardView) -> list[RefereeEvent] | None:
        """The last placed worker moved, and the next worker put down before the board
        settled on the move (a quick hand): the last placement is taken back and the new
        workers read as placements from there. Nothing changes unless every new worker is
        then placed."""
        game = self.game
        placed = game.position.occupied
        gone = 1 << window.placed if window.ended is None and window.placed >= 0 else 0
        new = view.workers & ~placed
        if not gone or view.workers & placed != placed & ~gone or new.bit_count() < 2:
            return None
        before, error, since = placed.bit_count() - 1, self.error, self._track.mismatch_since
        game.undo()
        events = self._judge_placement(view)
        if game.position.occupied & view.workers != view.workers:  # not all of them: as it was
            while game.position.occupied.bit_count() > before:
                game.undo()
            game.place(window.placed)
            self._amend, self.error, self._track.mismatch_since = window, error, since
            return None
        first = next(e for e in events if e.kind == "worker_placed")  # the moved worker
        names = (cell_name(window.placed), first.text)
        amended = self._event("placement_amended", first.player, first.text, names)
        return [amended if event is first else event for event in events]

    def _owned(self, view: BoardView, cell: int) -> bool:
        """The sensors say the worker on `cell` belongs to the player placing now."""
        placer = self.game.lineup.members(self.game.position.side)[0]
        return any(player == placer and mask >> cell & 1 for player, mask in view.owners)


def _common_start(have: tuple[Action, ...], want: tuple[Action, ...]) -> int:
    """How many actions the two sequences share from their start."""
    common = 0
    for a, b in zip(have, want, strict=False):
        if a != b:
            break
        common += 1
    return common


def stray_pieces(board: Position, view: BoardView) -> int:
    """Cells where `view` shows pieces `board` does not have (stray pieces)."""
    stray = 0
    for built, found in zip(position_view(board).buildings, view.buildings, strict=True):
        stray |= found & ~built
    return stray
