"""The live page before the daemon's first state, in headless Chromium: its socket is open
(the badge says live) but the state has not come, so the page cannot know whether a game
is in progress and "Set up a game" might abandon one. Its controls wait for the state
(before, a click in that moment was lost to a script error), then work."""

from __future__ import annotations

import json
import re

from playwright.sync_api import WebSocketRoute, expect

from tests.api.browser import browser_page
from tests.daemon.harness import Daemon
from tests.page.browser import DESKTOP
from tests.page.play import fresh_game


def test_the_controls_wait_for_the_first_state_then_work(board: Daemon) -> None:
    fresh_game(board)
    token = board.auth["Authorization"].removeprefix("Bearer ")
    sockets: list[WebSocketRoute] = []

    def hold(socket: WebSocketRoute) -> None:  # Playwright cannot take a bound builtin
        sockets.append(socket)

    with browser_page(DESKTOP) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        # the page's socket, held open by the test instead of the daemon: no state yet
        page.route_web_socket(re.compile(r"/api/events"), hold)
        page.goto(f"{board.url}/#token={token}")
        expect(page.locator("#connection")).to_have_text("live")
        controls = page.locator("#controls button")
        expect(controls).to_have_count(4)
        for index in range(4):
            expect(controls.nth(index)).to_be_disabled()
        sockets[0].send(json.dumps({"type": "state", "state": board.state()}))
        for index in range(4):
            expect(controls.nth(index)).to_be_enabled()
        page.click("#setup-start")
        board.wait_state(lambda state: state["phase"] == "menu", "the setup's menu")
        assert errors == [], errors
