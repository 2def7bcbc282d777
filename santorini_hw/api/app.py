"""The local API: FastAPI routes over a `BoardService`, the event WebSocket and the page.

Reads are open (the API listens on 127.0.0.1 unless told otherwise); every write needs
``Authorization: Bearer TOKEN`` (401 otherwise). Commands the board cannot carry out
now answer 409 with the reason; malformed bodies answer 422 naming the field. The
monitoring page's static files are mounted at ``/`` after the API routes.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, HTTPException, Request, Response, WebSocket
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles

from santorini_hw.api.event_stream import stream_events
from santorini_hw.api.metrics import metrics_text
from santorini_hw.api.models import (
    CellRequest,
    HoldRequest,
    NewGame,
    PlaceRequest,
    PressRequest,
    Resync,
)
from santorini_hw.daemon.service import BoardService
from santorini_hw.daemon.settings import Settings
from santorini_hw.rules.gods import God, parse_god
from santorini_hw.store import StoreError

_T = TypeVar("_T")
_BEARER = HTTPBearer(auto_error=False)
STATIC = Path(__file__).resolve().parent / "static"


def create_app(service: BoardService, settings: Settings, token: str) -> FastAPI:
    app = FastAPI(title="santorini-hw", version="1", docs_url="/api/docs", redoc_url=None)
    hub = service.hub
    requests = [0]

    async def authorised(
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_BEARER)],
    ) -> None:
        given = "" if credentials is None else credentials.credentials
        if not secrets.compare_digest(given.encode(), token.encode()):
            raise HTTPException(
                401,
                "a valid bearer token is needed (santorini-hw token prints it)",
                headers={"WWW-Authenticate": "Bearer"},
            )

    def simulated() -> Any:
        if service.sim is None:
            raise HTTPException(404, "the virtual board exists only in simulator mode (--sim)")
        return service.sim

    write = [Depends(authorised)]

    @app.middleware("http")
    async def count(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        requests[0] += 1
        return await call_next(request)

    @app.exception_handler(ValueError)
    async def conflict(request: Request, error: ValueError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=409)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "alive": service.alive(), "sim": service.sim is not None}

    @app.get("/api/state")
    async def state() -> dict[str, Any]:
        return service.state()

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [info.to_json() for info in service.store.games()]

    @app.get("/api/games/{game_id}")
    async def game(game_id: int) -> dict[str, Any]:
        return _stored(lambda: service.store.export_json(game_id))

    @app.get("/api/games/{game_id}/export.json")
    async def export_json(game_id: int) -> JSONResponse:
        document = _stored(lambda: service.store.export_json(game_id))
        disposition = f'attachment; filename="santorini-game-{game_id}.json"'
        return JSONResponse(document, headers={"Content-Disposition": disposition})

    @app.get("/api/games/{game_id}/export.txt", response_class=PlainTextResponse)
    async def export_text(game_id: int) -> str:
        return _stored(lambda: service.store.export_text(game_id))

    @app.get("/metrics", response_class=PlainTextResponse)
    async def metrics() -> str:
        return metrics_text(service, hub, requests[0])

    @app.post("/api/games", dependencies=write, status_code=201)
    async def new_game(body: NewGame) -> dict[str, Any]:
        game_id = service.new_game(tuple(body.players), _gods(body))
        return {"game_id": game_id, "state": service.state()}

    @app.post("/api/undo", dependencies=write, status_code=202)
    async def undo() -> dict[str, Any]:
        service.press("undo")
        return service.state()

    @app.post("/api/resync", dependencies=write)
    async def resync(body: Resync) -> dict[str, Any]:
        service.adopt() if body.mode == "adopt" else service.restore()
        return service.state()

    @app.post("/api/menu", dependencies=write)
    async def menu() -> dict[str, Any]:
        service.enter_menu()
        return service.state()

    @app.delete("/api/menu", dependencies=write)
    async def leave_menu() -> dict[str, Any]:
        service.leave_menu()
        return service.state()

    @app.post("/api/hint", dependencies=write, status_code=202)
    async def hint() -> dict[str, str]:
        service.request_hint()
        return {"status": "searching"}

    @app.post("/api/sim/lift", dependencies=write)
    async def lift(body: CellRequest) -> dict[str, Any]:
        piece = simulated().lift(body.cell)
        return {"kind": piece.kind, "level": piece.level, "player": piece.player}

    @app.post("/api/sim/place", dependencies=write, status_code=204)
    async def place(body: PlaceRequest) -> None:
        if (body.piece == "worker") != (body.player is not None):
            raise HTTPException(422, "player: given for a worker, and only for a worker")
        simulated().place(body.cell, body.piece, body.player)

    @app.post("/api/sim/press", dependencies=write, status_code=204)
    async def press(body: PressRequest) -> None:
        simulated().press(body.button)

    @app.post("/api/sim/hold", dependencies=write, status_code=204)
    async def hold(body: HoldRequest) -> None:
        await simulated().hold(body.button, body.seconds)

    @app.post("/api/sim/unplug", dependencies=write, status_code=204)
    async def unplug() -> None:
        simulated().unplug()

    @app.post("/api/sim/replug", dependencies=write, status_code=204)
    async def replug() -> None:
        simulated().replug()

    @app.websocket("/api/events")
    async def events(socket: WebSocket) -> None:
        await stream_events(socket, hub, service.state)

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="page")
    return app


def _stored(read: Callable[[], _T]) -> _T:
    try:
        return read()
    except StoreError as error:
        raise HTTPException(404, str(error)) from None


def _gods(body: NewGame) -> tuple[God | None, ...] | None:
    if body.selection == "none":
        if body.gods is not None:
            raise HTTPException(422, 'gods: given only with selection "given"')
        return None
    if body.selection == "random":
        return tuple(random.sample(list(God), len(body.players)))
    if body.gods is None or len(body.gods) != len(body.players):
        raise HTTPException(422, "gods: one name (or null) per player")
    return tuple(None if name is None else parse_god(name) for name in body.gods)
