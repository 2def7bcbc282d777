"""The API's error answers: one shape each, documented in the OpenAPI schema.

- 400 unexpected ``Host``, 401 no or wrong token, 403 another seat's token, 404 no such
  game (or not a simulator), 409 the board cannot do that now, 413 body over the limit,
  429 too many submissions from a seat, 503 the journal cannot be written:
  ``{"detail": "..."}``.
- 422 input problems: ``{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}``,
  ``loc`` naming the field; ``input`` is at most a short excerpt of what was sent, so an
  error never echoes a large or hostile body back. A body that cannot be read as JSON
  (not UTF-8, nested too deeply, a number of more than 4,300 digits) is a 422 at
  ``["body"]`` too, its message naming the problem (FastAPI alone answers 400).
"""

from __future__ import annotations

import sys
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException

EXCERPT = 40
"""Characters of the offending input an error may quote."""
MESSAGE = 200
"""Characters of an error message (a validator's message may quote its input)."""


class Problem(BaseModel):
    """Every error but 422."""

    detail: str


class FieldProblem(BaseModel):
    loc: list[str | int]
    """Where: ``["body", "players", 0]``, ``["path", "game_id"]``."""
    msg: str
    type: str
    input: str | None = None
    """A short excerpt of the value sent, when there was one."""


class InvalidInput(BaseModel):
    """422: the request's input is not acceptable; each entry names a field."""

    detail: list[FieldProblem]


def _documented(model: type[BaseModel], description: str) -> dict[str, Any]:
    return {"model": model, "description": description}


EVERY_ROUTE: dict[int | str, dict[str, Any]] = {
    400: _documented(Problem, "Host header not one this daemon answers to"),
    401: _documented(Problem, "token missing or wrong (writes; reads off the loopback)"),
}
WITH_INPUT: dict[int | str, dict[str, Any]] = {
    422: _documented(InvalidInput, "input problem, naming the field"),
}
WRITE: dict[int | str, dict[str, Any]] = {
    **WITH_INPUT,
    409: _documented(Problem, "the board cannot do that now"),
    413: _documented(Problem, "request body over the limit"),
}
GAME: dict[int | str, dict[str, Any]] = {
    **WITH_INPUT,
    404: _documented(Problem, "no such game"),
}
SEAT: dict[int | str, dict[str, Any]] = {
    403: _documented(Problem, "the token is another seat's"),
    429: _documented(Problem, "too many submissions from this seat (see Retry-After)"),
    503: _documented(Problem, "the journal cannot be written: nothing was shown"),
}
SIMULATOR: dict[int | str, dict[str, Any]] = {
    **WRITE,
    404: _documented(Problem, "not running on the simulated board"),
}


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """`value` as text of at most `limit` characters, lone surrogates escaped."""
    text = value if isinstance(value, str) else repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[:limit] + "…"


def invalid(loc: tuple[str | int, ...], message: str) -> RequestValidationError:
    """A 422 naming the field at `loc` (raise it from a route)."""
    return RequestValidationError([{"loc": loc, "msg": message, "type": "value_error"}])


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def invalid_input(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": [_field(e) for e in error.errors()]}, status_code=422)

    @app.exception_handler(HTTPException)  # Starlette's: FastAPI raises it too (body, 405)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        problem = unparsable_body(error)
        if problem is not None:
            field = {"loc": ["body"], "msg": problem, "type": "json_invalid"}
            return JSONResponse({"detail": [field]}, status_code=422)
        return JSONResponse(
            {"detail": excerpt(str(error.detail), MESSAGE)},
            status_code=error.status_code,
            headers=error.headers,
        )


def unparsable_body(error: HTTPException) -> str | None:
    """What was wrong with a body FastAPI could not parse (its 400 "There was an error
    parsing the body" carries the cause), or None for any other error."""
    cause = error.__cause__
    if error.status_code != 400 or cause is None:
        return None
    if isinstance(cause, UnicodeDecodeError):
        return (
            f"the body is not UTF-8 text (byte {cause.object[cause.start]:#04x} at {cause.start})"
        )
    if isinstance(cause, RecursionError):
        return "the body's JSON is nested too deeply"
    if isinstance(cause, ValueError) and "integer string conversion" in str(cause):
        return f"a number in the body has more than {sys.get_int_max_str_digits()} digits"
    return excerpt(f"the body is not usable JSON ({cause})", MESSAGE)


def _field(error: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {
        "loc": [part if isinstance(part, int) else excerpt(part) for part in error["loc"]],
        "msg": excerpt(str(error.get("msg", "")), MESSAGE),
        "type": str(error.get("type", "value_error")),
    }
    if "input" in error and error["input"] is not None and error["type"] != "missing":
        found["input"] = excerpt(error["input"])
    return found
