"""A page of a real daemon in Debian's headless chromium (Playwright, never a downloaded
browser), at a given window size, with the write token in the URL. A script error on the
page fails the test that opened it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page

from tests.api.browser import browser_page
from tests.daemon.harness import Daemon

PHONE = (390, 844)
DESKTOP = (1280, 900)


@contextmanager
def open_page(daemon: Daemon, path: str = "/", size: tuple[int, int] = DESKTOP) -> Iterator[Page]:
    token = daemon.auth["Authorization"].removeprefix("Bearer ")
    with browser_page(size) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{daemon.url}{path}#token={token}")
        yield page
        assert errors == [], errors
