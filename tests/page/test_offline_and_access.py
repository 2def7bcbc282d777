"""Offline and accessible, in headless Chromium at desktop and phone widths: no page and
no API docs asset comes from another origin, axe-core finds no serious violation on the
live page (playing, an error raised, the setup with its names and seats) or the review
page, dark mode follows the system, and the sound is off until asked for."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.daemon.harness import Daemon
from tests.page.browser import open_page, serious_violations
from tests.page.play import SIZES, fresh_game, game_in_play, shot
from tests.page.png import Image

DARK_BACKGROUND = (0x16, 0x18, 0x1D)


@SIZES
def test_nothing_is_fetched_from_another_origin(board: Daemon, size: tuple[int, int]) -> None:
    fresh_game(board)
    for path, ready in (
        ("/", "#board .cell"),
        ("/review.html", "#games"),
        ("/api/docs", ".opblock"),
    ):
        requests: list[str] = []
        with open_page(board, path, size, requests) as page:
            page.wait_for_selector(ready)
            page.wait_for_load_state("networkidle")
            assert requests, path
            foreign = [url for url in requests if not url.startswith((board.url, "data:"))]
            assert foreign == [], (path, foreign)


def test_the_api_docs_show_every_route(board: Daemon) -> None:
    with open_page(board, "/api/docs") as page:
        expect(page.locator(".opblock-summary-path[data-path='/api/sim/clear']")).to_be_visible()
        expect(page.locator(".opblock-summary-path[data-path='/api/state']")).to_be_visible()


@SIZES
def test_axe_finds_no_serious_violation(
    board: Daemon, size: tuple[int, int], tmp_path: Path
) -> None:
    game_in_play(board)
    with open_page(board, size=size) as page:
        expect(page.locator("#turn-cue")).to_contain_text("A to play")
        assert serious_violations(page) == []
        board.place("c3")  # a build before a move: the error and its reason
        expect(page.locator("#error-reason")).to_be_visible()
        assert serious_violations(page) == []
        page.click("#setup-start")
        page.click("#abandon-yes")
        expect(page.locator("#setup-step")).to_be_visible()
        assert serious_violations(page) == []
        page.click('[data-option="2"]')
        page.click("#setup-confirm")
        expect(page.locator("#seats select")).to_have_count(2)  # names and seats
        assert serious_violations(page) == []
        page.click("#setup-leave")
        expect(page.locator("#setup-start")).to_be_visible()
    with open_page(board, "/review.html", size) as page:
        page.locator("#games button").first.click()
        expect(page.locator("#replay")).to_be_visible()
        assert serious_violations(page) == []


@SIZES
def test_dark_mode_follows_the_system(board: Daemon, size: tuple[int, int], tmp_path: Path) -> None:
    fresh_game(board)
    with open_page(board, size=size) as page:
        page.emulate_media(color_scheme="dark")
        expect(page.locator("#turn-cue")).to_contain_text("A places a worker")
        path = shot(page, tmp_path, f"dark-{size[0]}")
        image = Image(path.read_bytes())
        assert DARK_BACKGROUND in image.colours({"x": 0, "y": 0, "width": 20, "height": size[1]})


def test_the_sound_is_off_until_asked_for_and_then_cues_the_turn(board: Daemon) -> None:
    game_in_play(board)
    with open_page(board) as page:
        sound = page.locator("#sound")
        expect(sound).to_have_attribute("aria-pressed", "false")
        board.turn("A", "a1-b2", "c3")
        expect(page.locator("#turn-cue")).to_contain_text("B to play")
        assert sound.get_attribute("data-played") is None  # off: nothing played
        sound.click()
        expect(sound).to_have_text("Sound on")
        board.turn("B", "a5-b5", "c5")
        expect(sound).to_have_attribute("data-played", "turn")
        page.reload()  # the choice is remembered by this browser
        expect(page.locator("#sound")).to_have_text("Sound on")
