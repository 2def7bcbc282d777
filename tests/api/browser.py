"""Debian's chromium, headless, driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import (
    Browser,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 30_000
expect.set_options(timeout=TIMEOUT_MS)  # a loaded CI machine is slow; never a flaky 5 s
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _Chromium:
    """One headless chromium for a test module, started at its first page and closed at
    the end of the module (`tests/conftest.py`): a launch costs 1.6 s, a context 50 ms."""

    playwright: Playwright | None = None
    browser: Browser | None = None
    runtime: str | None = None

    @classmethod
    def started(cls) -> Browser:
        if cls.browser is None:
            # Sound (the page's optional cues) makes chromium open PulseAudio's runtime
            # folder: a private one, removed when the browser closes.
            cls.runtime = tempfile.mkdtemp(prefix="chromium-runtime-")
            cls.playwright = sync_playwright().start()
            cls.browser = cls.playwright.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                args=FLAGS,
                env={**os.environ, "XDG_RUNTIME_DIR": cls.runtime},
            )
        return cls.browser

    @classmethod
    def close(cls) -> None:
        if cls.browser is not None:
            cls.browser.close()
        if cls.playwright is not None:
            cls.playwright.stop()
        if cls.runtime is not None:
            shutil.rmtree(cls.runtime, ignore_errors=True)
        cls.playwright = cls.browser = cls.runtime = None


close_browser = _Chromium.close


@contextmanager
def browser_page(size: tuple[int, int] | None = None) -> Iterator[Page]:
    """A page in a fresh browser context (its own cookies, storage, cache and service
    workers, as a fresh profile), in a window of `size` (width, height) if given."""
    viewport = None if size is None else ViewportSize(width=size[0], height=size[1])
    context = _Chromium.started().new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        yield page
    finally:
        context.close()
