"""A page of a real daemon in Debian's headless chromium (Playwright, never a downloaded
browser), at a given window size, with the write token in the URL."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, sync_playwright

from tests.api.test_page_browser import CHROMIUM, FLAGS, TIMEOUT_MS
from tests.daemon.harness import Daemon

PHONE = (390, 844)
DESKTOP = (1280, 900)


@contextmanager
def open_page(daemon: Daemon, path: str = "/", size: tuple[int, int] = DESKTOP) -> Iterator[Page]:
    token = daemon.auth["Authorization"].removeprefix("Bearer ")
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": size[0], "height": size[1]},
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{daemon.url}{path}#token={token}")
            yield page
        finally:
            browser.close()
