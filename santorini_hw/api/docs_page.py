"""The API's documentation page, served whole from the daemon's own files.

FastAPI's stock page loads Swagger UI from a CDN; a board at a club or in a cellar has
no internet, so the page here takes Swagger UI's files (version 5: it reads OpenAPI 3.1)
from the `fastapi-offline` package's static folder and its start-up from our own script
(no inline script: the page's CSP holds there too).
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from santorini_hw.api.guard import DOCS

ASSETS = f"{DOCS}/assets"
SWAGGER_UI = Path(fastapi_offline.__file__).resolve().parent / "static"
"""swagger-ui-bundle.js, swagger-ui.css and favicon.png."""


def add_docs_page(app: FastAPI, static: str) -> None:
    """`/api/docs` (the page, from `static`/api-docs.html) and Swagger UI's files."""
    page = f"{static}/api-docs.html"

    @app.get(DOCS, include_in_schema=False)
    async def docs() -> FileResponse:
        return FileResponse(page, media_type="text/html")

    app.mount(ASSETS, StaticFiles(directory=SWAGGER_UI), name="swagger-ui")
