"""The remote seats' routes: the owner's invitations, and a seat token's turns.

The owner (the board's token) invites someone to a remote seat: `POST
/api/seats/{player}/invite` answers the seat token once, the page's address that plays
with it and that address as a QR code (SVG, a data URI the page shows as an image);
`DELETE` revokes it. With the seat token (or the owner's), `GET .../turns` lists the
legal turns and `POST .../turn` submits one, which the board then shows (the daemon's
`submit_remote_turn`); `POST .../takeback` asks the person at the board for a
takeback. Codes: 401 no or unknown token (the guard's), 403 another seat's token, 409
the board cannot take it now, 422 malformed or illegal (naming `actions`), 429 too many
submissions with that seat's token (`Retry-After`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

import segno
from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi import Path as PathParameter
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from santorini_hw.api.errors import SEAT, WRITE, invalid
from santorini_hw.api.guard import SEAT_TOKEN_NEEDED
from santorini_hw.api.models import RemoteTurn
from santorini_hw.api.turn_listing import TurnListing
from santorini_hw.clock import Clock
from santorini_hw.daemon.menu_control import CommandError
from santorini_hw.daemon.service import BoardService
from santorini_hw.rules.player_names import PLAYER_NAME_PATTERN
from santorini_hw.seats.rate_limit import RateLimit
from santorini_hw.seats.remote_seat import ILLEGAL, RemoteTurnRefused

_T = TypeVar("_T")
_BEARER = HTTPBearer(auto_error=False)
Player = Annotated[str, PathParameter(max_length=16, pattern=PLAYER_NAME_PATTERN)]
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_BEARER)]
JSON = "application/json"
_TURNS = {
    "description": "The seat's legal turns now (`[]` while it may send none), and `awaiting`",
    "content": {JSON: {"example": {"turns": [["c3", "d4"]], "player": "B", "awaiting": None}}},
}


def seat_routes(
    service: BoardService, owner: dict[str, Any], is_owner: Callable[[str], bool], clock: Clock
) -> APIRouter:
    """The routes; `owner` the keyword arguments of an owner-only route, `is_owner` the
    test of a bearer token for the owner's, `clock` the rate limit's."""
    router = APIRouter(prefix="/api/seats/{player}")
    limit = RateLimit(clock)
    listing = TurnListing()

    def seat(player: Player, credentials: Credentials) -> str:
        """The seat's own token (or the owner's); the player."""
        given = None if credentials is None else credentials.credentials
        if given is None or (not is_owner(given) and service.seat_of(given) is None):
            raise HTTPException(401, SEAT_TOKEN_NEEDED, {"WWW-Authenticate": "Bearer"})
        opened = None if is_owner(given) else service.seat_of(given)
        if opened is not None and opened != player:
            raise HTTPException(403, f"this token is for {opened}'s seat, not {player}'s")
        return player

    def limited(credentials: Credentials, player: str = Depends(seat)) -> str:
        """The seat's submissions, limited (the owner's are not: that token can do all)."""
        if credentials is not None and is_owner(credentials.credentials):
            return player
        wait = limit.wait(player)
        if wait:
            seconds = str(math.ceil(wait))
            message = f"too many submissions from {player}'s seat: wait {seconds} s"
            raise HTTPException(429, message, {"Retry-After": seconds})
        return player

    @router.post("/invite", status_code=201, **owner)
    async def invite(player: Player, request: Request) -> dict[str, Any]:
        token = _permitting(lambda: service.invite_seat(player))
        base = str(request.base_url)
        url = f"{base}play.html#seat={quote(player)}&token={token}"
        qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
        return {"player": player, "token": token, "url": url, "qr": qr}

    @router.delete("/invite", status_code=204, **owner)
    async def revoke(player: Player) -> None:
        service.revoke_invite(player)

    @router.get("/turns", responses={200: _TURNS, **SEAT}, response_class=Response)
    async def turns(player: str = Depends(seat)) -> Response:
        request = service.turn_list(player)
        rest = json.dumps({"player": player, "awaiting": service.seats_state()["awaiting"]})
        listed = await listing.encoded(request)  # the two taken at once, before the wait
        return Response(b'{"turns":' + listed + b"," + rest[1:].encode(), media_type=JSON)

    @router.post("/turn", responses={**WRITE, **SEAT})
    async def turn(body: RemoteTurn, player: str = Depends(limited)) -> dict[str, Any]:
        try:
            return service.submit_remote_turn(player, body.actions)
        except RemoteTurnRefused as refused:
            if refused.status == ILLEGAL:
                raise invalid(("body", "actions"), refused.reason) from None
            raise HTTPException(refused.status, refused.reason) from None

    @router.post("/takeback", status_code=202, responses={**WRITE, **SEAT})
    async def takeback(player: str = Depends(limited)) -> dict[str, Any]:
        _permitting(lambda: service.request_takeback(player))
        return {"takeback_request": service.takeback_request}

    return router


def _permitting(command: Callable[[], _T]) -> _T:
    try:
        return command()
    except CommandError as error:
        raise HTTPException(409, str(error)) from None
