"""Setting a game up from a phone: the board's menu on the page, step by step through the
same API, with the board lighting the same choices; then both clocks on the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.daemon.harness import Daemon
from tests.page.browser import PHONE, open_page, tap_during_a_redraw
from tests.page.png import Image

SELECTED_CARD = (0xF0, 0xE4, 0x42)


def pixel_of(state: dict[str, Any], cell: str) -> str:
    index = (int(cell[1]) - 1) * 5 + "abcde".index(cell[0])
    return str(state["pixels"][state["pixel_cells"][index][0]])


def whole(box: dict[str, float] | None) -> dict[str, float]:
    """The box of an element's own screenshot (its origin at 0, 0)."""
    assert box is not None
    return {"x": 0, "y": 0, "width": box["width"], "height": box["height"]}


def choose(page: Page, option: str) -> None:
    page.click(f'[data-option="{option}"]')
    expect(page.locator(f'[data-option="{option}"]')).to_have_attribute("aria-pressed", "true")


def confirm(page: Page, step: str | None) -> None:
    page.click("#setup-confirm")
    if step is not None:
        expect(page.locator("#setup-step")).to_have_attribute("data-step", step)


def test_a_phone_sets_up_a_timed_game_with_god_cards(daemon: Daemon, tmp_path: Path) -> None:
    with open_page(daemon, size=PHONE) as page:
        expect(page.locator("#connection")).to_have_text("live")
        page.click("#setup-start")
        expect(page.locator("#setup-step")).to_have_attribute("data-step", "players")
        choose(page, "2")
        # The board lights the same choice: a1 ("2") selected, b1 ("3") only offered.
        state = daemon.wait_state(lambda s: s["menu"]["selected"] == ["2"], "2 chosen")
        lit = daemon.wait_state(
            lambda s: pixel_of(s, "a1") != pixel_of(s, "b1"), "a1 lit as the choice"
        )
        assert state["menu"]["cells"]["a1"] == "2" and pixel_of(lit, "c1") == pixel_of(lit, "b1")
        confirm(page, "procedure")
        choose(page, "quick")
        confirm(page, "pool")  # the board's setting comes chosen: the simple gods
        expect(page.locator('[data-option="simple"]')).to_have_attribute("aria-pressed", "true")
        confirm(page, "clock")
        expect(page.locator('[data-option="60+300"]')).to_contain_text("Tournament")
        choose(page, "60+300")
        confirm(page, "god")
        cards = page.locator(".option.god")
        expect(cards).to_have_count(4)
        expect(page.locator("#setup-step")).to_have_text("A chooses a god")
        for index in range(4):
            about = cards.nth(index).locator(".about").text_content() or ""
            assert about.endswith(".") and len(about.split()) >= 6, about
        first = cards.nth(0).get_attribute("data-option") or ""
        choose(page, first)
        page.screenshot(path=str(tmp_path / "setup-phone.png"), full_page=True)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE[0]
        chosen = page.locator(f'[data-option="{first}"]')
        box = chosen.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
        assert SELECTED_CARD in Image(chosen.screenshot()).colours(whole(box))
        other = page.locator('.option.god[aria-pressed="false"]').first
        assert SELECTED_CARD not in Image(other.screenshot()).colours(whole(other.bounding_box()))
        confirm(page, "god")
        expect(page.locator("#setup-step")).to_have_text("B chooses a god")
        choose(page, page.locator(".option.god").nth(0).get_attribute("data-option") or "")
        confirm(page, None)
        expect(page.locator("#setup-start")).to_be_visible()
        expect(page.locator("#clocks .clock")).to_have_count(2)
        # Each god choice was well inside its minute: both banks are whole, nothing runs
        # until the board is cleared of the menu's pieces (none here) and A may place.
        expect(page.locator('#clocks .clock[data-player="B"] .move')).to_have_text("1:00")
        expect(page.locator('#clocks .clock[data-player="B"] .bank')).to_have_text("+ 5:00")
        first = page.locator("#turn-cue strong").text_content() or ""  # the start player
        second = "B" if first == "A" else "A"
        daemon.place_workers({first: ["a1", "e1"], second: ["a5", "e5"]})
        running = page.locator(f'#clocks .clock.running[data-player="{first}"]')
        expect(running).to_be_visible()
        expect(running.locator(".move")).to_have_text(re.compile(r"^0:5\d$"))  # counting down
    state = daemon.state()
    assert state["clock"]["control"] == "60+300" and state["menu"] is None
    assert all(state["gods"].values()) and len(set(state["gods"].values())) == 2


def test_a_tap_that_straddles_a_redraw_still_chooses(daemon: Daemon) -> None:
    """A state broadcast may land between a finger's press and its release (a name just
    sent, a scan of the board): the card under both must be the same, or the tap is lost."""
    with open_page(daemon, size=PHONE) as page:
        page.click("#setup-start")
        expect(page.locator("#setup-step")).to_have_attribute("data-step", "players")
        tap_during_a_redraw(page, page.locator('[data-option="2"]'))
        expect(page.locator('[data-option="2"]')).to_have_attribute("aria-pressed", "true")
        confirm(page, "procedure")
