"""Seats on the service: who plays each colour, journalled with the game, and the engine
seats' turns handed to the referee and shown.

`BoardService` mixes `SeatControl` in. A new game's seats and its seed are journalled
as one `EventKind.SEATS` event (a restart reads the last one back, so the engine shows
the same turn again: its choice depends only on the position and that seed). After
every batch of referee events `_seat_events` lets the engine seats start thinking; a
chosen turn goes to the referee (`expect`) and out as a `turn_shown` event.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Protocol

from santorini_hw.daemon.menu_control import CommandError
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.lights.carry_scene import carry_marks
from santorini_hw.lights.scenes import Mark
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.cells import cell_name
from santorini_hw.seats.engine_seat import EngineSeats, awaiting_json
from santorini_hw.seats.model import NO_SEATS, Seats, SeatsError, parse_seats, seats_json
from santorini_hw.store import EventKind, Store

_log = logging.getLogger(__name__)
DEMONSTRATION_UNDO = (
    "the engine plays every colour: there is no person's turn to take back"
    " (a long press of done starts the demonstration again)"
)
NOTHING_PLAYED = "nothing has been played yet: there is no turn to take back"
NO_PERSONS_TURN = (
    "no person at the board has played yet: the engine's turns are taken back only with"
    " the person's turn before them"
)


class SeatHost(Protocol):
    """What the seats need of the service they are mixed into."""

    referee: Referee
    store: Store
    game_id: int
    hardware: BoardHardware
    engines: EngineSeats

    def _after(self, events: list[RefereeEvent]) -> None: ...


def stored_seats(store: Store, game_id: int, players: tuple[str, ...]) -> tuple[Seats, int]:
    """The seats and seed journalled with a game (none: every seat a person)."""
    for event in reversed(store.events(game_id)):
        if event.kind == EventKind.SEATS:
            try:
                return parse_seats(event.payload["seats"], players), int(event.payload["seed"])
            except (SeatsError, KeyError, TypeError, ValueError) as error:
                _log.warning("game %d: stored seats unreadable (%s): persons", game_id, error)
                break
    return NO_SEATS, 0


class SeatControl:
    engines: EngineSeats

    def _seat_game(self: SeatHost, seats: Seats | None) -> None:
        """Seat the game just started (`seats`, journalled with a new seed) or restored
        (None: read back from the journal)."""
        players = self.referee.game.lineup.players
        if seats is None:
            seats, seed = stored_seats(self.store, self.game_id, players)
        else:
            seed = random.randrange(1 << 31)
            payload = {"seats": seats_json(seats, players), "seed": seed}
            self.store.append_event(EventKind.SEATS, payload, self.game_id)
        if hasattr(self, "engines"):  # the last game's searches no longer count
            self.engines.close()
        self.referee.remote = seats.remote
        self.referee.chooses_again = seats.of_kind("remote")
        self.engines = EngineSeats(
            seats, seed, lambda turn: _shown(self, turn), progressed=lambda: _progressed(self)
        )

    def _seat_events(self: SeatHost) -> list[RefereeEvent]:
        """`engine_thinking` when an engine seat starts its search (and, from
        `_progressed`, again while it thinks: how far it got)."""
        return self.engines.update(self.referee, self.hardware.clock.monotonic())

    def _check_undo(self: SeatHost) -> None:
        """Undo takes back to a person's previous turn. With none to go back to (nothing
        played yet, only the engine played, or the engine plays every colour: a
        demonstration, which then plays on) it is refused with the reason: the API's 409,
        the board's `command_failed`, the page's message. A press that cancels a pending
        undo always goes through."""
        referee = self.referee
        if referee.undo_target is not None or referee.takeback_target() is not None:
            return
        if self.engines.seats.of_kind("engine") >= set(referee.game.lineup.players):
            raise CommandError(DEMONSTRATION_UNDO)
        played = referee.game.undo_target() is not None
        raise CommandError(NO_PERSONS_TURN if played else NOTHING_PLAYED)

    def seats_state(self: SeatHost) -> dict[str, Any]:
        """The state's `seats`, `awaiting` (with `next`: the cells the board lights for its
        next step, as the page draws them) and `thinking`."""
        engines = self.engines
        players = self.referee.game.lineup.players
        expected = self.referee.awaiting
        awaiting = awaiting_json(expected, engines.seats)
        if awaiting is not None and expected is not None:
            awaiting["next"] = [
                {"cell": cell_name(cell), "kind": mark.kind.value, "player": _player(players, mark)}
                for cell, mark in carry_marks(self.referee, expected)
            ]
        return {
            "seats": seats_json(engines.seats, players),
            "awaiting": awaiting,
            "thinking": engines.thinking,
        }


def _player(players: tuple[str, ...], mark: Mark) -> str | None:
    return None if mark.player is None else players[mark.player]


def _progressed(host: SeatHost) -> None:
    """The search got further (at most four times a second): the page redraws it."""
    thinking = host.engines.thinking
    if thinking is not None:
        now = host.hardware.clock.monotonic()
        text = host.engines.progress_text()
        host._after([RefereeEvent("engine_thinking", now, thinking["player"], text)])


def _shown(host: SeatHost, turn: ExpectedTurn) -> None:
    """The engine chose: the referee expects it, the board shows it."""
    now = host.hardware.clock.monotonic()
    try:
        events = host.referee.expect(turn)
    except ValueError as error:  # the game moved on in between: think again
        _log.warning("the engine's turn no longer fits: %s", error)
        return
    shown = RefereeEvent("turn_shown", now, turn.player, " ".join(turn.steps()))
    host._after([shown, *events])
