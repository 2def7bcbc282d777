"""What an API path answers to: ``OPTIONS`` and a wrong method get the route's own methods.

The page's static files are mounted at ``/`` and match every path, so a request that no
API route took (``OPTIONS /api/games``, ``PUT /api/state``) reached them and got their
405 with ``Allow: GET, HEAD``: the methods of a file, not of the route. `PageFiles` is
what is mounted instead: on the API's paths it answers ``OPTIONS`` with 204 and
``Allow`` naming the methods of the routes whose path matches, any other method with
405 and the same ``Allow``, and a path no route has with 404; elsewhere the page's
files answer as before. Mounted last, it sees only what every route declined, however
many routes are added before it.
"""

from __future__ import annotations

from fastapi import FastAPI
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

API_PATHS = ("/api/", "/metrics", "/openapi.json")
"""Paths of the API's routes (the page's files live elsewhere)."""


def allowed_methods(app: FastAPI, path: str) -> set[str]:
    """The methods of every HTTP route of `app` whose path matches `path`."""
    found: set[str] = set()
    for route in app.router.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.match(path):
            found |= route.methods
    return found


class PageFiles:
    """The page's files at ``/``; on an API path, the routes' methods (module doc)."""

    def __init__(self, app: FastAPI, files: ASGIApp) -> None:
        self.app = app
        self.files = files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        if scope["type"] != "http" or not path.startswith(API_PATHS):
            await self.files(scope, receive, send)
            return
        methods = allowed_methods(self.app, path)
        if not methods:
            raise HTTPException(404, "Not Found")
        allow = {"Allow": ", ".join(sorted(methods | {"OPTIONS"}))}
        if scope["method"] != "OPTIONS":
            raise HTTPException(405, "Method Not Allowed", headers=allow)
        await Response(status_code=204, headers=allow)(scope, receive, send)
