"""A whole game: worker placement, turns action by action, eliminations, the result, undo.

The referee, the API and the terminal game all drive this one class; it holds the
record of everything played so that a game can be printed, replayed and taken back.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from santorini_hw.rules.actions import Action
from santorini_hw.rules.cards import dealt_cards
from santorini_hw.rules.cards_json import check_lineup
from santorini_hw.rules.gods import God
from santorini_hw.rules.placement import allowed_cells, first_placer, refusal
from santorini_hw.rules.position import Lineup, Position, make_lineup
from santorini_hw.rules.position_errors import UnsupportedPositionError
from santorini_hw.rules.turn import (
    IllegalActionError,
    TurnState,
    can_end,
    completable,
    legal_actions,
    outcome,
    play,
    start_turn,
)


class Phase(Enum):
    PLACEMENT = "placement"
    PLAY = "play"
    OVER = "over"


class RecordLine(NamedTuple):
    """One line of the game record: a placement, a turn or an elimination."""

    player: str
    kind: str
    """"place", "turn", "eliminated", "resync" or "time" (the player lost on time)."""
    actions: tuple[Action, ...] = ()
    cells: tuple[int, ...] = ()
    position: Position | None = None
    """The board adopted by a resync."""


class _Snapshot(NamedTuple):
    position: Position
    record_length: int
    last_line: tuple[RecordLine, ...]
    """The record's last line then (a second placement joins the first's line)."""
    winner: str | None
    in_play: bool


class GameError(ValueError):
    """A request the game cannot honour in its current phase."""


class Game:
    def __init__(self, lineup: Lineup, chaos_deck: tuple[God, ...] | None = None) -> None:
        """`chaos_deck`: Chaos' cards as the board dealt them, face-up power first (None:
        the rules' default order)."""
        if len(lineup.players) == 3 and not all(lineup.gods):
            raise GameError("three-player games need a god for every player")
        try:
            check_lineup(lineup)
            cards = dealt_cards(lineup.gods, chaos_deck)
        except UnsupportedPositionError as error:
            raise GameError(error.reason) from None
        self.lineup = lineup
        self.chaos_deck = chaos_deck
        empty = (0,) * lineup.side_count
        placer = first_placer(lineup)
        self.position = Position(0, 0, 0, 0, empty, placer, -1, 0, lineup, cards)
        self.turn: TurnState | None = None
        self.record: list[RecordLine] = []
        self.winner: str | None = None
        self.lost_on_time: str | None = None
        self._history: list[_Snapshot] = []

    @classmethod
    def new(
        cls,
        players: tuple[str, ...] = ("A", "B"),
        gods: tuple[God | None, ...] | None = None,
        teams: tuple[tuple[str, ...], ...] | None = None,
        chaos_deck: tuple[God, ...] | None = None,
    ) -> Game:
        if len(players) == 4 and teams is None:
            teams = ((players[0], players[2]), (players[1], players[3]))
        return cls(make_lineup(players, gods, teams), chaos_deck)

    @classmethod
    def from_position(cls, position: Position) -> Game:
        """A game that starts mid-play at `position` (no placement, empty record)."""
        game = cls(position.lineup)
        game.position = position
        game._begin_turn()
        return game

    # -- reading -----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if self.winner is not None:
            return Phase.OVER
        return Phase.PLAY if self.turn is not None else Phase.PLACEMENT

    @property
    def player(self) -> str:
        """Whose move (or placement) it is."""
        return self.position.player

    @property
    def board(self) -> Position:
        """The board as it stands now, mid-turn included."""
        return self.turn.board if self.turn is not None else self.position

    @property
    def winners(self) -> tuple[str, ...]:
        """The winning player, or both members of the winning team."""
        if self.winner is None:
            return ()
        return self.lineup.members(self.lineup.sides[self.lineup.index_of(self.winner)])

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.turn) if self.turn is not None else []

    def can_end_turn(self) -> bool:
        return self.turn is not None and can_end(self.turn)

    def must_end_turn(self) -> bool:
        """The turn is complete and nothing more may be done in it."""
        return self.can_end_turn() and not self.legal_actions()

    def placements(self) -> int:
        """Bitboard of cells where the current placer may put a worker (Eros: on
        opposite edges)."""
        if self.phase is not Phase.PLACEMENT:
            return 0
        return allowed_cells(self.position)

    # -- placement ---------------------------------------------------------------------
    def place(self, cell: int) -> None:
        """The current placer puts one worker on `cell` (two each, start player first)."""
        if self.phase is not Phase.PLACEMENT:
            raise GameError("workers are placed only before the first turn")
        position = self.position
        if not self.placements() >> cell & 1:
            raise IllegalActionError(refusal(position, cell))
        side = position.side
        self._push()
        workers = position.workers[side] | 1 << cell
        position = position.with_workers(side, workers)
        if position.cards is not None and position.god is God.SELENE and workers == 1 << cell:
            position = position._replace(cards=position.cards._replace(female=cell))
        line = self.record[-1] if self.record and self.record[-1].kind == "place" else None
        if line is not None and line.player == position.player and len(line.cells) == 1:
            self.record[-1] = line._replace(cells=(*line.cells, cell))
        else:
            self.record.append(RecordLine(position.player, "place", cells=(cell,)))
        if workers.bit_count() == 2:
            position = self._next_placer(position)
        self.position = position
        if self.turn is None and all(w.bit_count() == 2 for w in position.workers):
            self.position = position._replace(to_move=0)
            self._begin_turn()

    def _next_placer(self, position: Position) -> Position:
        """Teammates share workers: the next placer is the next player of a new side."""
        count = len(self.lineup.players)
        player = position.to_move
        for _ in range(count):
            player = (player + 1) % count
            if position.workers[self.lineup.sides[player]] == 0:
                return position._replace(to_move=player)
        return position

    # -- playing -----------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """One action of the current turn; raises `IllegalActionError` saying why not."""
        if self.turn is None:
            raise GameError(f"no turn in progress (the game is in {self.phase.value})")
        if not self.turn.actions:
            self._push()
        self.turn = play(self.turn, action)
        if self.turn.won:
            self.end_turn()

    def end_turn(self) -> None:
        """Close the current turn (the player pressed done, or it cannot continue)."""
        if self.turn is None or not can_end(self.turn):
            raise GameError("the turn is not complete yet")
        turn = self.turn
        self.record.append(RecordLine(self.player, "turn", turn.actions))
        self.position, winner = outcome(turn)
        if winner is not None:
            self._game_over(winner)
            return
        self._begin_turn()

    def play_turn(self, actions: tuple[Action, ...]) -> None:
        """A whole turn at once; it must be complete (optional extras may be left out)."""
        start = len(self._history)
        try:
            for action in actions:
                self.apply(action)
            if self.turn is not None and self.turn.actions:
                self.end_turn()
            elif not actions:
                raise GameError("a turn needs at least one action")
        except (IllegalActionError, GameError):
            while len(self._history) > start:
                self._pop()
            raise

    def _begin_turn(self) -> None:
        """Start the next turn, eliminating or ending the game for a trapped player."""
        while True:
            state = start_turn(self.position)
            if completable(state):
                self.turn = state
                return
            trapped = self.position.to_move
            self.record.append(RecordLine(self.position.player, "eliminated"))
            if len(self.lineup.players) != 3:  # two players or teams: trapped loses
                self.turn = None
                self._game_over(self.lineup.players[self.position.next_player()])
                return
            self.position = self.position.eliminated(trapped)
            alive = [p for p in range(3) if self.position.alive(p)]
            if len(alive) == 1:
                self.turn = None
                self._game_over(self.lineup.players[alive[0]])
                return

    def lose_on_time(self, player: str) -> None:
        """`player`'s clock ran out: the other side wins (two players or two teams)."""
        if self.phase is Phase.OVER:
            raise GameError("the game is over already")
        lineup = self.lineup
        if lineup.side_count != 2:
            raise GameError("a loss on time needs two sides (two players or two teams)")
        side = lineup.sides[lineup.index_of(player)]
        winner = next(p for p in lineup.players if lineup.sides[lineup.index_of(p)] != side)
        self._push()
        self.record.append(RecordLine(player, "time"))
        self.lost_on_time = player
        self._game_over(winner)

    def _game_over(self, winner: str) -> None:
        self.winner = winner
        self.turn = None

    # -- undo --------------------------------------------------------------------------
    def _push(self) -> None:
        in_play = self.turn is not None
        snapshot = _Snapshot(
            self.position, len(self.record), tuple(self.record[-1:]), self.winner, in_play
        )
        self._history.append(snapshot)

    def _pop(self) -> None:
        """Back to the last snapshot, always taken at a turn's start or before a placement."""
        snapshot = self._history.pop()
        self.position = snapshot.position
        del self.record[snapshot.record_length :]
        self.record[len(self.record) - len(snapshot.last_line) :] = snapshot.last_line
        self.winner = snapshot.winner
        self.lost_on_time = None
        self.turn = start_turn(snapshot.position) if snapshot.in_play else None

    def undo_target(self) -> Position | None:
        """The position `undo` would go back to, or None when there is nothing to undo."""
        return self._history[-1].position if self._history else None

    def undo_targets(self) -> list[Position]:
        """Every position repeated `undo` goes back to, the nearest first."""
        return [snapshot.position for snapshot in reversed(self._history)]

    def adopt(self, position: Position) -> None:
        """Resync: the board as it physically stands becomes the game (undoable)."""
        if self.turn is None:
            raise GameError(f"only a game in play can adopt a board (it is in {self.phase.value})")
        self._push()
        self.record.append(RecordLine(self.player, "resync", position=position))
        self.position = position
        self._begin_turn()

    def undo(self) -> None:
        """Take back the current partial turn, or else the last turn (or placement)."""
        if not self._history:
            raise GameError("nothing to undo")
        self._pop()
