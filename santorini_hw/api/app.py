"""The local API: FastAPI routes over a `BoardService`, the event WebSocket and the page.

`guard.Guard` stands in front of every route: the ``Host`` check, the token for writes
(and for reads when they are private), the body limit and the security headers. Input
problems answer 422 naming the field; commands the board cannot carry out now answer
409 with the reason; the error shapes are in `errors` and in the OpenAPI schema. The
monitoring page's static files are mounted at ``/`` after the API routes.
"""

from __future__ import annotations

import random
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, HTTPException, Response, WebSocket
from fastapi import Path as PathParameter
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BeforeValidator

from santorini_hw.api.docs_page import add_docs_page
from santorini_hw.api.errors import (
    EVERY_ROUTE,
    GAME,
    SIMULATOR,
    WRITE,
    install_error_handlers,
    invalid,
)
from santorini_hw.api.event_stream import stream_events
from santorini_hw.api.guard import TOKEN_NEEDED, Guard, Traffic, token_matches
from santorini_hw.api.methods import PageFiles
from santorini_hw.api.metrics import metrics_text
from santorini_hw.api.models import (
    CellRequest,
    HoldRequest,
    MenuChoice,
    MenuNames,
    MenuSeats,
    NewGame,
    PlaceRequest,
    PressRequest,
    Resync,
    plain_id,
)
from santorini_hw.api.seat_routes import seat_routes
from santorini_hw.api.sim_board import sim_board_routes
from santorini_hw.clock import Clock, SystemClock
from santorini_hw.daemon.analyst import analysis_json
from santorini_hw.daemon.menu_control import CommandError
from santorini_hw.daemon.service import BoardService
from santorini_hw.daemon.settings import Settings
from santorini_hw.referee.game_clock import parse_time_control
from santorini_hw.rules.gods import God, parse_board_god
from santorini_hw.rules.setup import SetupError, random_gods
from santorini_hw.seats.model import SeatsError, parse_seats
from santorini_hw.store import UnknownGameError

_T = TypeVar("_T")
_BEARER = HTTPBearer(auto_error=False)
STATIC = Path(__file__).resolve().parent / "static"
GameId = Annotated[
    int, BeforeValidator(plain_id), PathParameter(ge=1, le=2**63 - 1, description="a game's id")
]
"""SQLite's integers are 64-bit: a larger id is an input error, not a server one."""


def create_app(
    service: BoardService, settings: Settings, token: str, clock: Clock | None = None
) -> FastAPI:
    """The app; `clock` is the seats' rate limit's (the system's by default)."""
    app = FastAPI(
        title="santorini-hw",
        version="1",
        docs_url=None,
        redoc_url=None,
        responses=EVERY_ROUTE,
    )
    hub = service.hub
    install_error_handlers(app)
    traffic = Traffic()

    async def authorised(
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_BEARER)],
    ) -> None:
        """The guard has checked already; this documents the scheme in the schema."""
        given = None if credentials is None else f"Bearer {credentials.credentials}"
        if not token_matches(given, token):
            raise HTTPException(401, TOKEN_NEEDED)

    def simulated() -> Any:
        if service.sim is None:
            raise HTTPException(404, "the virtual board exists only in simulator mode (--sim)")
        return service.sim

    write: dict[str, Any] = {"dependencies": [Depends(authorised)], "responses": WRITE}
    sim: dict[str, Any] = {**write, "responses": SIMULATOR}

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        links = {name: report() for name, report in service.reports.items()}
        return {
            "status": "ok",
            "alive": service.alive(),
            "sim": service.sim is not None,
            "scan_errors": {
                "count": service.counters["scan_errors"],
                "last": service.scan.last_error,
            },
            **links,
        }

    @app.get("/api/state")
    async def state() -> dict[str, Any]:
        return service.state()

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [info.to_json() for info in service.store.games()]

    @app.get("/api/games/{game_id}", responses=GAME)
    async def game(game_id: GameId) -> dict[str, Any]:
        return _stored(lambda: service.store.export_json(game_id))

    @app.get("/api/games/{game_id}/analysis", responses=GAME)
    async def analysis(game_id: GameId) -> dict[str, Any]:
        return _stored(lambda: analysis_json(service.store, game_id))

    @app.get("/api/games/{game_id}/export.json", responses=GAME)
    async def export_json(game_id: GameId) -> JSONResponse:
        document = _stored(lambda: service.store.export_json(game_id))
        disposition = f'attachment; filename="santorini-game-{game_id}.json"'
        return JSONResponse(document, headers={"Content-Disposition": disposition})

    @app.get("/api/games/{game_id}/export.txt", **_text(GAME))
    async def export_text(game_id: GameId) -> Response:
        return PlainTextResponse(_stored(lambda: service.store.export_text(game_id)))

    @app.get("/metrics", **_text({}))
    async def metrics() -> Response:
        return PlainTextResponse(metrics_text(service, hub, traffic.requests))

    @app.post("/api/games", status_code=201, **write)
    async def new_game(body: NewGame) -> dict[str, Any]:
        gods = _gods(body, service.settings.god_pool)
        clock = parse_time_control(body.clock)
        try:
            seats = parse_seats(body.model_dump()["seats"], tuple(body.players))
        except SeatsError as error:  # a seat for a stranger, an engine without its level
            raise invalid(("body", "seats"), str(error)) from None
        try:
            game_id = service.new_game(tuple(body.players), gods, clock, seats=seats)
        except CommandError as error:  # a clock for more than two sides
            raise invalid(("body", "clock"), str(error)) from None
        except ValueError as error:  # an impossible lineup (GameError)
            raise invalid(("body", "gods"), str(error)) from None
        return {"game_id": game_id, "state": service.state()}

    @app.post("/api/undo", status_code=202, **write)
    async def undo() -> dict[str, Any]:
        _board_permitting(lambda: service.press("undo"))
        return service.state()

    @app.post("/api/resync", **write)
    async def resync(body: Resync) -> dict[str, Any]:
        _board_permitting(service.adopt if body.mode == "adopt" else service.restore)
        return service.state()

    @app.post("/api/menu", **write)
    async def menu() -> dict[str, Any]:
        service.enter_menu()
        return service.state()

    @app.post("/api/menu/choose", **write)
    async def choose(body: MenuChoice) -> dict[str, Any]:
        _board_permitting(lambda: service.choose_option(body.option))
        return service.state()

    @app.post("/api/menu/seats", **write)
    async def menu_seats(body: MenuSeats) -> dict[str, Any]:
        _board_permitting(lambda: service.choose_seats(body.model_dump()["seats"]))
        return service.state()

    @app.post("/api/menu/names", **write)
    async def menu_names(body: MenuNames) -> dict[str, Any]:
        _board_permitting(lambda: service.choose_names(body.names))
        return service.state()

    @app.post("/api/menu/confirm", **write)
    async def confirm() -> dict[str, Any]:
        _board_permitting(service.confirm_menu)
        return service.state()

    @app.delete("/api/menu", **write)
    async def leave_menu() -> dict[str, Any]:
        _board_permitting(service.leave_menu)
        return service.state()

    @app.post("/api/hint", status_code=202, **write)
    async def hint() -> dict[str, str]:
        _board_permitting(service.request_hint)
        return {"status": "searching"}

    @app.post("/api/sim/lift", **sim)
    async def lift(body: CellRequest) -> dict[str, Any]:
        piece = _board_permitting(lambda: simulated().lift(body.cell))
        return {"kind": piece.kind, "level": piece.level, "player": piece.player}

    @app.post("/api/sim/place", status_code=204, **sim)
    async def place(body: PlaceRequest) -> None:
        if (body.piece == "worker") != (body.player is not None):
            raise invalid(("body", "player"), "given for a worker, and only for a worker")
        _board_permitting(lambda: simulated().place(body.cell, body.piece, body.player))

    @app.post("/api/sim/press", status_code=204, **sim)
    async def press(body: PressRequest) -> None:
        _board_permitting(lambda: simulated().press(body.button))

    @app.post("/api/sim/hold", status_code=204, **sim)
    async def hold(body: HoldRequest) -> None:
        await simulated().hold(body.button, body.seconds)

    @app.post("/api/sim/unplug", status_code=204, **sim)
    async def unplug() -> None:
        simulated().unplug()

    @app.post("/api/sim/replug", status_code=204, **sim)
    async def replug() -> None:
        simulated().replug()

    @app.websocket("/api/events")
    async def events(socket: WebSocket) -> None:
        await stream_events(socket, hub, service.state)

    def owner(given: str) -> bool:
        return token_matches(f"Bearer {given}", token)

    app.include_router(seat_routes(service, write, owner, clock or SystemClock()))
    add_docs_page(app, str(STATIC))
    if service.sim is not None:
        app.include_router(sim_board_routes(service, service.sim), **sim)
    app.mount("/", PageFiles(app, StaticFiles(directory=STATIC, html=True)), name="page")
    names = (*settings.allowed_hosts, *_own_names())
    app.add_middleware(
        Guard,
        token=token,
        private_reads=settings.private_reads,
        host_names=names,
        traffic=traffic,
        seat_of=service.seat_of,
    )

    return app


def _text(responses: dict[int | str, Any]) -> dict[str, Any]:
    """A route answering text/plain (its errors stay JSON, as documented)."""
    text = {"description": "text", "content": {"text/plain": {"schema": {"type": "string"}}}}
    return {"response_class": Response, "responses": {200: text, **responses}}


def _own_names() -> tuple[str, ...]:
    """localhost and this machine's name (also as NAME.local, mDNS)."""
    name = socket.gethostname().lower()
    return ("localhost", name, f"{name}.local")


def _stored(read: Callable[[], _T]) -> _T:
    try:
        return read()
    except UnknownGameError as error:
        raise HTTPException(404, str(error)) from None


def _board_permitting(command: Callable[[], _T]) -> _T:
    """Run a command whose inputs are valid: a ValueError now means the board's state
    does not permit it (CommandError, ResyncError, GameError, the simulator's hand)."""
    try:
        return command()
    except ValueError as error:
        raise HTTPException(409, str(error)) from None


def _gods(body: NewGame, pool: str) -> tuple[God | None, ...] | None:
    if body.selection == "none":
        if body.gods is not None:
            raise invalid(("body", "gods"), 'given only with selection "given"')
        return None
    if body.selection == "random":
        try:
            return random_gods(body.pool or pool, len(body.players), random.Random())
        except SetupError as error:  # the advanced gods for four players
            raise invalid(("body", "pool"), str(error)) from None
    if body.gods is None or len(body.gods) != len(body.players):
        raise invalid(("body", "gods"), "one name (or null) per player")
    return tuple(None if name is None else parse_board_god(name) for name in body.gods)
