"""What an API path answers to: ``OPTIONS`` and a wrong method get the route's own methods.

The page's static files are mounted at ``/`` and match every path, so without this an
``OPTIONS /api/games`` or a ``PUT /api/state`` reached them and got their 405 with
``Allow: GET, HEAD``, the methods of a file rather than of the route. A fallback after
the API routes answers instead: ``OPTIONS`` with 204 and ``Allow`` naming the methods of
the routes whose path matches, any other method those routes do not take with 405 and
the same ``Allow``, and a path no route has with 404.
"""

from __future__ import annotations

from fastapi import FastAPI, HTTPException, Request, Response
from starlette.routing import Route

PREFIXES = ("/api/{rest:path}", "/metrics", "/openapi.json")
"""The paths the fallback covers: every API route (the page's files keep their own)."""
FALLBACK = "method_fallback"
_EVERY = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def allowed_methods(app: FastAPI, path: str) -> set[str]:
    """The methods of every HTTP route of `app` matching `path` (the fallback aside)."""
    found: set[str] = set()
    for route in app.router.routes:
        if (
            isinstance(route, Route)
            and route.name != FALLBACK
            and route.methods
            and route.path_regex.match(path)
        ):
            found |= route.methods
    return found


def install_method_fallback(app: FastAPI) -> None:
    """Answer ``OPTIONS`` and wrong methods on API paths. Call it after the last API
    route: a route added later under ``/api/`` would never be reached."""

    async def fallback(request: Request) -> Response:
        methods = allowed_methods(app, request.scope["path"]) - {"OPTIONS"}
        if not methods:
            raise HTTPException(404, "Not Found")
        allow = {"Allow": ", ".join(sorted(methods | {"OPTIONS"}))}
        if request.method == "OPTIONS":
            return Response(status_code=204, headers=allow)
        raise HTTPException(405, "Method Not Allowed", headers=allow)

    for path in PREFIXES:
        app.add_api_route(path, fallback, methods=_EVERY, name=FALLBACK, include_in_schema=False)
