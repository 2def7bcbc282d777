"""The API's front door: an ASGI middleware that answers before any route runs.

In order: a request whose ``Host`` is not this daemon's is refused (400; DNS rebinding
sends a stranger's name to our address); a write without the token gets 401 before its
body is read; a body over `BODY_LIMIT` gets 413 (by its length header, or once the
bytes read pass the limit); reads need the token too when `private_reads` (the daemon
listens beyond the loopback). A WebSocket from a page of another origin, or without the
token when reads are private, is refused (403). A remote seat's token (`seat_of`) stands
in for the owner's on reads and on that seat's own writes (`SEAT_WRITES`: its turn, its
takeback request), whose routes then check that it is that seat's. Every answer carries a
Content-Security-Policy (the page runs only its own scripts and styles) and its Date,
stamped here when it is sent (uvicorn would refresh its own on a timer that wakes the
idle daemon ten times a second).
"""

from __future__ import annotations

import ipaddress
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from email.utils import formatdate

from starlette.datastructures import Headers, QueryParams
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

BODY_LIMIT = 64 * 1024
"""Bytes a request body may have."""
PUBLIC_PATHS = ("/api/health",)
"""Reads that stay open even when reads are private (a liveness probe)."""
PRIVATE_PREFIXES = ("/api/", "/metrics", "/openapi.json")
"""Reads that need the token when reads are private (the page's files do not)."""
DOCS = "/api/docs"
"""The API's documentation page (docs_page.py): private like the reads it documents."""
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
_READS = ("GET", "HEAD", "OPTIONS")
TOKEN_NEEDED = "a valid bearer token is needed (santorini-hw token)"
SEAT_TOKEN_NEEDED = "a valid seat token is needed (the invitation's, or the board's)"
SEAT_WRITES = re.compile(r"/api/seats/[^/]+/(turn|takeback)")
"""The writes a seat token may make (the route checks the seat is the token's)."""


@dataclass
class Traffic:
    """What the guard counts, for /metrics."""

    requests: int = 0


def token_matches(authorization: str | None, token: str) -> bool:
    """``Authorization: Bearer TOKEN`` with the right token (compared in constant time)."""
    scheme, _, given = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and secrets.compare_digest(
        given.strip().encode(), token.encode()
    )


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, if that is what it is."""
    scheme, _, given = (authorization or "").partition(" ")
    return given.strip() if scheme.lower() == "bearer" and given.strip() else None


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port (``[::1]:8000`` -> ``::1``)."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else ""
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    def __init__(
        self,
        app: ASGIApp,
        *,
        token: str,
        private_reads: bool,
        host_names: Iterable[str],
        traffic: Traffic,
        body_limit: int = BODY_LIMIT,
        seat_of: Callable[[str], str | None] = lambda token: None,
    ) -> None:
        self.app = app
        self.token = token
        self.seat_of = seat_of
        self.private_reads = private_reads
        self.host_names = frozenset(name.lower() for name in host_names)
        self.body_limit = body_limit
        self.traffic = traffic

    def host_allowed(self, host: str) -> bool:
        """An address (a rebinding attack always uses a name) or one of our names."""
        name = host_name(host).lower()
        return bool(name) and (is_ip(name) or name in self.host_names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send, headers)
            return
        self.traffic.requests += 1
        send = _with_security_headers(send, scope["path"])
        if not self.host_allowed(headers.get("host", "")):
            await _problem(400, "unexpected Host header")(scope, receive, send)
            return
        writing = scope["method"] not in _READS
        path = scope["path"]
        seat_write = writing and bool(SEAT_WRITES.fullmatch(path))
        if (writing or self._private(path)) and not self._admitted(
            headers.get("authorization"), seat=seat_write or not writing
        ):
            unauthorised = _problem(401, SEAT_TOKEN_NEEDED if seat_write else TOKEN_NEEDED)
            unauthorised.headers["WWW-Authenticate"] = "Bearer"
            await unauthorised(scope, receive, send)
            return
        if writing:
            body = await self._body(headers, receive)
            if body is None:
                await _problem(413, f"request body over {self.body_limit} bytes")(
                    scope, receive, send
                )
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, send)

    def _admitted(self, authorization: str | None, *, seat: bool) -> bool:
        """The owner's token, or (`seat`: where one may) a remote seat's."""
        if token_matches(authorization, self.token):
            return True
        given = bearer(authorization)
        return seat and given is not None and self.seat_of(given) is not None

    def _private(self, path: str) -> bool:
        if not self.private_reads or path in PUBLIC_PATHS:
            return False
        return path.startswith(PRIVATE_PREFIXES) or path == DOCS

    async def _body(self, headers: Headers, receive: Receive) -> bytes | None:
        """The whole body, or None when it is over the limit."""
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > self.body_limit:
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)  # the client left: the route will see that
            chunk: bytes = message.get("body", b"")
            size += len(chunk)
            if size > self.body_limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def _websocket(
        self, scope: Scope, receive: Receive, send: Send, headers: Headers
    ) -> None:
        host = headers.get("host", "")
        scheme = "https" if scope.get("scheme") == "wss" else "http"
        origin = headers.get("origin")
        given = (
            headers.get("authorization")
            or f"Bearer {QueryParams(scope['query_string']).get('token', '')}"
        )
        refused = (
            not self.host_allowed(host)
            or (origin is not None and origin != f"{scheme}://{host}")
            or (self.private_reads and not self._admitted(given, seat=True))
        )
        if refused:
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})
            return
        await self.app(scope, receive, send)


def _problem(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body already read, then whatever comes next."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def _with_security_headers(send: Send, path: str) -> Send:
    extra = [*_HEADERS, (b"content-security-policy", CSP.encode())]

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            date = (b"date", formatdate(usegmt=True).encode())
            message = {**message, "headers": [*message.get("headers", []), *extra, date]}
        await send(message)

    return sending
