"""A page of a real daemon in Debian's headless chromium (Playwright, never a downloaded
browser), at a given window size, with the write token in the URL. A script error on the
page fails the test that opened it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page

from tests.api.browser import browser_page
from tests.daemon.harness import Daemon

SERIOUS = ("serious", "critical")
PHONE = (390, 844)
DESKTOP = (1280, 900)


@contextmanager
def open_page(
    daemon: Daemon,
    path: str = "/",
    size: tuple[int, int] = DESKTOP,
    requests: list[str] | None = None,
) -> Iterator[Page]:
    """The page at `path`; `requests`, if given, gets the URL of every request it makes
    from the first one on."""
    token = daemon.auth["Authorization"].removeprefix("Bearer ")
    with browser_page(size) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        if requests is not None:
            page.on("request", lambda request: requests.append(request.url))
        page.goto(f"{daemon.url}{path}#token={token}")
        yield page
        assert errors == [], errors


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    found: dict[str, Any] = Axe().run(page).response
    return [
        f"{v['id']}: {v['help']} ({[n['target'] for n in v['nodes']][:3]})"
        for v in found["violations"]
        if v["impact"] in SERIOUS
    ]


def tap_during_a_redraw(page: Page, target: Locator) -> None:
    """A finger pressed on the middle of `target` while a state lands (the page redraws
    everything that listens to "santorini:state"), then lifted."""
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("document.dispatchEvent(new Event('santorini:state'))")
    page.mouse.up()
