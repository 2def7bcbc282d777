"""Debian's chromium, headless, driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, expect, sync_playwright

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


@contextmanager
def browser_page(size: tuple[int, int] | None = None) -> Iterator[Page]:
    """A page in a fresh profile (Playwright passes it to chromium as --user-data-dir),
    in a window of `size` (width, height) if given."""
    viewport = None if size is None else {"width": size[0], "height": size[1]}
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        # Sound (the page's optional cues) makes chromium open PulseAudio's runtime folder:
        # inside the profile, it goes when the profile goes.
        environment = {**os.environ, "XDG_RUNTIME_DIR": profile}
        browser = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport=viewport,
            env=environment,
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            yield page
        finally:
            browser.close()
