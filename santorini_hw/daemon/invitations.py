"""Invitations to remote seats, and a remote player's takeback request, on the service.

`BoardService` mixes `InviteControl` in. The owner invites someone to a remote seat of
the game in progress (`invite_seat`: a new seat token, returned once); the tokens'
hashes are journalled with the game (a `seat_invites` event, the whole set each time),
so a restart keeps them and a new game revokes them all. `seat_of` says which seat a
token opens. A remote player cannot undo: `request_takeback` shows their request on
the page (the state's `takeback_request`, a `takeback_requested` event) for the person
at the board to accept with undo; it lapses at the next undo, turn or new game.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from santorini_hw.daemon.menu_control import CommandError
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.rules.game import Game, Phase
from santorini_hw.seats.engine_seat import EngineSeats
from santorini_hw.seats.seat_tokens import SeatTokens
from santorini_hw.store import EventKind, Store

_log = logging.getLogger(__name__)
LAPSING = ("undo", "turn_complete", "new_game", "resync")
"""Events after which a takeback request no longer stands."""


class _Host(Protocol):
    store: Store
    game_id: int
    hardware: BoardHardware
    engines: EngineSeats
    invites: SeatTokens
    takeback_request: dict[str, Any] | None

    @property
    def game(self) -> Game: ...

    def _after(self, events: list[RefereeEvent]) -> None: ...


def stored_invites(store: Store, game_id: int) -> SeatTokens:
    """The invitations journalled last with the game (none for a new one)."""
    for event in reversed(store.events(game_id)):
        if event.kind == EventKind.SEAT_INVITES:
            hashes = event.payload.get("hashes")
            if isinstance(hashes, dict):
                return SeatTokens({str(p): str(h) for p, h in hashes.items()})
            _log.warning("game %d: stored invitations unreadable: none kept", game_id)
            break
    return SeatTokens()


class InviteControl:
    invites: SeatTokens
    takeback_request: dict[str, Any] | None = None

    def invite_seat(self: _Host, player: str) -> str:
        """A new token for `player`'s remote seat (the last one stops working); the token
        is returned once and never kept."""
        _remote(self, player)
        token = self.invites.invite(player)
        _journal(self)
        return token

    def revoke_invite(self: _Host, player: str) -> bool:
        """`player`'s token stops working; False if they had none."""
        revoked = self.invites.revoke(player)
        if revoked:
            _journal(self)
        return revoked

    def seat_of(self: _Host, token: str) -> str | None:
        """The remote seat `token` opens in the game in progress, if any."""
        return self.invites.seat_of(token)

    def request_takeback(self: _Host, player: str) -> None:
        """`player` (remote) asks the person at the board to take back the last turn."""
        _remote(self, player)
        if self.game.phase is Phase.OVER or self.game.undo_target() is None:
            raise CommandError("there is nothing to take back")
        now = self.hardware.clock.monotonic()
        self.takeback_request = {"player": player, "since": now}
        self._after([RefereeEvent("takeback_requested", now, player)])

    def _lapse_takeback(self, events: list[RefereeEvent]) -> None:
        """A takeback request no longer stands once the game has moved (see `LAPSING`)."""
        if any(event.kind in LAPSING for event in events):
            self.takeback_request = None


def _remote(host: _Host, player: str) -> None:
    if host.engines.seats[player].kind != "remote":
        known = player in host.game.lineup.players
        raise CommandError(f"{player} is {'not a remote seat' if known else 'no player'} here")


def _journal(host: _Host) -> None:
    payload = {"hashes": host.invites.hashes}
    host.store.append_event(EventKind.SEAT_INVITES, payload, host.game_id)
