"""The monitoring page in a real headless browser (Debian's chromium via Playwright)
against a real daemon: load it, play by clicking the virtual board, see it update."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.api.browser import TIMEOUT_MS, browser_page
from tests.daemon.harness import Daemon


def test_play_turns_by_clicking_the_virtual_board(daemon: Daemon) -> None:
    token = daemon.auth["Authorization"].removeprefix("Bearer ")
    with browser_page() as page:
        page.goto(f"{daemon.url}/#token={token}")
        expect(page.locator("#connection")).to_have_text("live")
        expect(page.locator("#turn-cue")).to_contain_text("A places a worker")
        for placed, cell in enumerate(("a1", "d1", "c3", "e5"), start=1):  # A, A, B, B
            page.click(f'[data-cell="{cell}"]')
            # One at a time, as hands do: four workers landing in one scan would
            # not say whose they are (presence sensors).
            _wait_for_placements(daemon, placed)
        expect(page.locator("#turn-cue")).to_contain_text("A to play")
        expect(page.locator('[data-cell="e5"] .worker')).to_have_attribute("data-player", "B")
        # B's colour (--p1), set through the style object: the CSP forbids style attributes
        expect(page.locator('[data-cell="e5"] .worker')).to_have_css(
            "background-color", "rgb(86, 180, 233)"
        )
        _turn(page, "d1", "d2", "c1")
        expect(page.locator("#moves li").last).to_have_text("A: d1-d2 c1")
        expect(page.locator("#turn-cue")).to_contain_text("B to play")
        expect(page.locator('[data-cell="c1"] .level')).to_have_text("1")
        expect(page.locator('[data-cell="d2"] .worker')).to_have_attribute("data-player", "A")
        _turn(page, "c3", "b3", "b2")
        expect(page.locator("#moves li").last).to_have_text("B: c3-b3 b2")
        page.check('input[name=tool][value="dome"]')
        page.click('[data-cell="e3"]')  # a dome out of turn: the referee objects
        expect(page.locator("#error")).to_contain_text("e3")
        expect(page.locator('[data-cell="e3"] .dome')).to_have_text("X")
        page.check('input[name=tool][value="remove"]')
        page.click('[data-cell="e3"]')
        expect(page.locator("#error")).to_be_hidden()
        page.click("[data-button=hint]")
        expect(page.locator("#hint")).to_contain_text("Hint for A")
    assert [line["text"] for line in daemon.state()["record"]][-2:] == ["d1-d2 c1", "c3-b3 b2"]


def _wait_for_placements(daemon: Daemon, count: int) -> None:
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        workers = daemon.state()["position"]["workers"]
        if sum(len(cells) for cells in workers.values()) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"the referee did not record {count} placed workers")


def _turn(page: Page, source: str, destination: str, build: str) -> None:
    page.click(f'[data-cell="{source}"]')
    expect(page.locator("#hand")).to_contain_text("In the hand")
    page.click(f'[data-cell="{destination}"]')
    page.click(f'[data-cell="{build}"]')
