"""The remote player's phone page against a real daemon on the simulated board: an invited
page at phone width (390 px, in Debian's headless chromium) plays a whole game as B by
touch, the board's hand carries out each of its turns (`POST /api/sim/carry_out`), and
the seat routes refuse a wrong token, the other seat's turn, a stale turn and an illegal
one with their documented codes, changing nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.api.browser import browser_page
from tests.daemon.harness import Daemon
from tests.page.browser import PHONE, open_page, serious_violations

PLACEMENTS = {"A": ["a1", "b4"], "B": ["c3", "e1"]}
GAME: list[tuple[str, list[str]]] = [
    ("A", ["a1-b1", "b2"]),
    ("B", ["c3-b2", "a1"]),
    ("A", ["b1-a2", "a1"]),
    ("B", ["b2-a1", "b1"]),
    ("A", ["a2-b1", "a2"]),
    ("B", ["e1-d1", "c1"]),
    ("A", ["b1-c1", "b1"]),
    ("B", ["a1-b1", "a1"]),
    ("A", ["c1-b2", "c1"]),
    ("B", ["b1-a1"]),
]
"""A short game the rules allow in which B climbs to a1 on level 3 and wins."""


@contextmanager
def phone(url: str) -> Iterator[Page]:
    """The invited page at phone width; a script error or a CSP refusal fails the test."""
    with browser_page(PHONE) as page:
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on(
            "console",
            lambda message: problems.append(message.text) if message.type == "error" else None,
        )
        page.goto(url)
        yield page
        assert problems == [], problems


def invite(daemon: Daemon) -> dict[str, Any]:
    daemon.post("games", {"players": ["A", "B"], "seats": {"B": {"kind": "remote"}}})
    return daemon.post("seats/B/invite").json()  # type: ignore[no-any-return]


def tap_turn(page: Page, actions: list[str]) -> None:
    """Build the turn by touch once the page knows it is B's turn (taps before that are
    ignored, as on a phone): a move is its worker then its destination, a build its cell."""
    expect(page.locator("#status .step")).to_have_text("Your turn: pick a worker")
    for action in actions:
        for cell in action.split("-"):
            page.click(f'[data-cell="{cell}"]')
    expect(page.locator("#so-far")).to_have_text(f" so far: {' '.join(actions)}")
    page.click("#send")


def carried_out(daemon: Daemon, player: str, actions: list[str], placing: bool) -> None:
    """The board shows the phone's turn; the hand at the table carries it out."""
    daemon.wait_state(
        lambda s: s["awaiting"] is not None and s["awaiting"]["turn"]["actions"] == actions,
        f"{player}'s turn shown",
    )
    daemon.post("sim/carry_out")
    if placing:
        daemon.wait_state(lambda s: s["phase"] == "play" and not s["awaiting"], "B placed")
    else:
        text = " ".join(actions)
        daemon.wait_state(lambda s: s["record"][-1]["text"] == text, f"{player}: {text}")


def snapshot(daemon: Daemon) -> dict[str, Any]:
    state = daemon.state()
    return {key: state[key] for key in ("position", "record", "awaiting", "turn", "to_move")}


def submit(daemon: Daemon, player: str, token: str, actions: list[str]) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"}
    return daemon.http.post(f"/api/seats/{player}/turn", json={"actions": actions}, headers=headers)


def test_an_invited_phone_plays_a_whole_game_against_the_board(daemon: Daemon) -> None:
    invitation = invite(daemon)
    with phone(invitation["url"]) as page:
        expect(page.locator("#title")).to_have_text("Santorini: playing B")
        daemon.place_workers({"A": PLACEMENTS["A"]})
        expect(page.locator("#status .step")).to_have_text("Place your workers: 2 more")
        for cell in PLACEMENTS["B"]:
            page.click(f'[data-cell="{cell}"]')
        page.click("#send")
        carried_out(daemon, "B", PLACEMENTS["B"], placing=True)
        for player, actions in GAME:
            if player == "A":
                daemon.turn("A", *actions)
                continue
            tap_turn(page, actions)
            carried_out(daemon, "B", actions, placing=False)
        expect(page.locator("#status .step")).to_have_text("You won!")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        assert serious_violations(page) == []
    state = daemon.state()
    assert state["winner"] == "B" and state["phase"] == "over"
    assert [line["text"] for line in state["record"] if line["kind"] == "turn"] == [
        " ".join(actions) for _, actions in GAME
    ]


def test_each_bad_submission_is_refused_with_its_code_and_changes_nothing(
    daemon: Daemon,
) -> None:
    token = invite(daemon)["token"]
    daemon.place_workers({"A": PLACEMENTS["A"]})
    before = snapshot(daemon)
    assert submit(daemon, "B", "not-the-token", ["c3", "e1"]).status_code == 401
    assert submit(daemon, "A", token, ["c3", "e1"]).status_code == 403
    illegal = submit(daemon, "B", token, ["a1", "e1"])
    assert illegal.status_code == 422
    assert illegal.json()["detail"][0]["msg"] == "a placement on an occupied cell"
    assert snapshot(daemon) == before
    assert submit(daemon, "B", token, PLACEMENTS["B"]).status_code == 200
    carried_out(daemon, "B", PLACEMENTS["B"], placing=True)
    before = snapshot(daemon)
    stale = submit(daemon, "B", token, ["c3-c4", "c5"])  # the board moved on: A to play
    assert (stale.status_code, stale.json()["detail"]) == (409, "it is A's turn, not B's")
    assert snapshot(daemon) == before


def test_the_page_invites_with_a_qr_code_and_shows_a_takeback_request(daemon: Daemon) -> None:
    daemon.post("games", {"players": ["A", "B"], "seats": {"B": {"kind": "remote"}}})
    daemon.place_workers({"A": PLACEMENTS["A"]})
    with open_page(daemon, size=PHONE) as page:
        page.click("#invites button.primary")
        expect(page.locator("#invites img.qr")).to_have_attribute(
            "src", re.compile("^data:image/svg")
        )
        url = page.locator("#invites a").get_attribute("href")
        assert url is not None and url.startswith(f"{daemon.url}/play.html#seat=B&token=")
    with phone(url) as remote:
        expect(remote.locator("#status .step")).to_have_text("Place your workers: 2 more")
        remote.click("#takeback")
        expect(remote.locator("#message")).to_have_text(
            "Asked the person at the board for a takeback"
        )
    with open_page(daemon, size=PHONE) as page:
        expect(page.locator("#invites .takeback")).to_have_text(
            "B asks for a takeback: press Undo to accept, or play on"
        )


def god_game(daemon: Daemon, god: str) -> str:
    """A game of A (no god) and B (remote, `god`), placed, A's first turn played: B to
    play from c3 and e1. The invitation's address."""
    body = {"players": ["A", "B"], "selection": "given", "gods": [None, god]}
    daemon.post("games", {**body, "seats": {"B": {"kind": "remote"}}})
    url = str(daemon.post("seats/B/invite").json()["url"])
    daemon.place_workers({"A": PLACEMENTS["A"]})
    token = url.rsplit("token=", 1)[1]
    assert submit(daemon, "B", token, PLACEMENTS["B"]).status_code == 200
    carried_out(daemon, "B", PLACEMENTS["B"], placing=True)
    daemon.turn("A", "a1-b1", "b2")
    return url


def test_a_gods_optional_second_build_is_offered_and_may_be_skipped(daemon: Daemon) -> None:
    with phone(god_game(daemon, "Demeter")) as page:
        page.click('[data-cell="c3"]')
        page.click('[data-cell="c4"]')
        page.click('[data-cell="b3"]')
        expect(page.locator("#status .step")).to_have_text("Send your turn, or go on")
        expect(page.locator('[data-cell="d3"]')).to_have_attribute("data-mark", "build")
        expect(page.locator('[data-cell="b3"]')).not_to_have_attribute("data-mark", "build")
        page.click("#send")  # the second build skipped
        carried_out(daemon, "B", ["c3-c4", "b3"], placing=False)
        daemon.turn("A", "b1-a1", "b1")
        tap_turn(page, ["c4-c3", "b3", "d3"])  # and taken
        carried_out(daemon, "B", ["c4-c3", "b3", "d3"], placing=False)


def test_a_cell_that_takes_a_block_or_a_dome_asks_which(daemon: Daemon) -> None:
    with phone(god_game(daemon, "Atlas")) as page:
        page.click('[data-cell="c3"]')
        page.click('[data-cell="c4"]')
        page.click('[data-cell="d4"]')
        chooser = page.locator("#chooser")
        expect(chooser.get_by_role("button")).to_have_text(
            ["Build a block on d4", "Build a dome on d4", "Cancel"]
        )
        chooser.get_by_role("button", name="Build a dome on d4").click()
        expect(page.locator("#so-far")).to_have_text(" so far: c3-c4 d4X")
        page.click("#send")
        carried_out(daemon, "B", ["c3-c4", "d4X"], placing=False)
