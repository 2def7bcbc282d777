"""Remote seats on the service: the one entry point for a turn sent from elsewhere.

`BoardService` mixes `RemoteControl` in. The API's seat routes (a phone) and the board
link (another board over MQTT) call the same two methods: `legal_turns` (what the seat
may send now) and `submit_remote_turn` (send it). A submitted turn is checked by the
rules core, then shown exactly as the engine's is: the referee expects it, the lights
show its next step, `awaiting` says `"kind": "remote"`, and a `remote_turn_shown`
event goes out. It is recorded in the game once the hands at the table have carried it
out. Until then it is journalled as a `remote_turn` event, so a restarted daemon shows
the same turn again instead of losing it.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from santorini_hw.daemon.new_game import Clearing
from santorini_hw.daemon.seating import SeatHost
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.rules.game import Game
from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.seats.remote_seat import (
    STALE,
    RemoteTurnRefused,
    TurnList,
    listed,
    read_turn,
    remote_turn,
    turn_list,
)
from santorini_hw.store import EventKind, StoreError

_log = logging.getLogger(__name__)


class _Host(SeatHost, Protocol):
    menu: BoardMenu | None
    _clearing: Clearing | None

    @property
    def game(self) -> Game: ...

    def seats_state(self) -> dict[str, Any]: ...


class RemoteControl:
    def legal_turns(self: _Host, player: str) -> list[list[str]]:
        """Every turn (or placement) `player`'s remote seat may submit now, in the rules
        notation; [] while it may submit nothing (see `submit_remote_turn`)."""
        request = RemoteControl.turn_list(self, player)
        return [] if request is None else listed(request)

    def turn_list(self: _Host, player: str) -> TurnList | None:
        """What `legal_turns` lists, taken now (the API lists it off the event loop);
        None while the seat may submit nothing."""
        if _refusal(self, player) is not None:
            return None
        return turn_list(self.game, player)

    def submit_remote_turn(self: _Host, player: str, actions: list[str]) -> dict[str, Any]:
        """Show `player`'s turn (a placement: its cells) on the board to be carried out;
        the state's `awaiting` for it. `RemoteTurnRefused` with status 409 when the board
        cannot take it now (not a remote seat, not its turn, a turn being carried out, an
        undo, the menu, the game over), 422 when it is malformed or illegal."""
        refused = _refusal(self, player)
        if refused is not None:
            raise refused
        expected = remote_turn(self.game, player, actions)
        _journal(self, expected, actions)
        _show(self, expected)
        awaiting: dict[str, Any] = self.seats_state()["awaiting"]
        return awaiting


def _refusal(host: _Host, player: str) -> RemoteTurnRefused | None:
    """Why the board cannot take a turn from `player`'s remote seat now, if it cannot."""
    if host.engines.seats[player].kind != "remote":
        players = host.game.lineup.players
        known = "no player" if player not in players else "not a remote seat"
        return RemoteTurnRefused(STALE, f"{player} is {known} in this game")
    referee = host.referee
    reason = None
    if host.menu is not None:
        reason = "the board is in the setup menu"
    elif host._clearing is not None:
        reason = "the board is being cleared for the new game"
    elif referee.undo_target is not None:
        reason = "the board is being put back for an undo"
    elif referee.awaiting is not None and referee.awaiting.player == player:
        reason = f"the board is still carrying out {player}'s turn"
    return None if reason is None else RemoteTurnRefused(STALE, reason)


def _journal(host: _Host, expected: ExpectedTurn, actions: list[str]) -> None:
    """The turn sent, before it is shown: a restart shows it again (`resume_remote_turn`)."""
    payload: dict[str, Any] = {"player": expected.player, "actions": actions}
    payload |= {"start": position_to_json(expected.start), "placement": expected.is_placement}
    try:
        payload["moves"] = len(host.store.game(host.game_id).moves)
        host.store.append_event(EventKind.REMOTE_TURN, payload, host.game_id)
    except StoreError as error:
        raise RemoteTurnRefused(503, f"the journal cannot be written: {error}") from None


def _show(host: _Host, expected: ExpectedTurn) -> None:
    events = host.referee.expect(expected)
    now = host.hardware.clock.monotonic()
    shown = RefereeEvent("remote_turn_shown", now, expected.player, " ".join(expected.steps()))
    host._after([shown, *events])


def resume_remote_turn(host: _Host) -> None:
    """After a restart: the remote turn journalled last, shown again while the game
    still stands where it was sent and no move was journalled since (it was not carried
    out, nor taken back and played again)."""
    for event in reversed(host.store.events(host.game_id)):
        if event.kind != EventKind.REMOTE_TURN:
            continue
        payload = event.payload
        try:
            start = position_from_json(payload["start"])
            expected = read_turn(start, bool(payload["placement"]), list(payload["actions"]))
        except (KeyError, TypeError, ValueError) as error:
            _log.warning("game %d: journalled remote turn unreadable: %s", host.game_id, error)
            return
        moved = payload.get("moves") != len(host.store.game(host.game_id).moves)
        if not moved and expected.fits(host.game):  # nothing journalled since it was sent
            host.referee.expect(expected)
        return
