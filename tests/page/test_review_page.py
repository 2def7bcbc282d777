"""The game review page in headless Chromium, at phone and desktop widths: the games
list, a finished game replayed move by move (buttons and keys), the move list and the
engine's evaluation graph with its swings ringed, checked in the screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from santorini_hw.store import Store
from tests.daemon.harness import Daemon
from tests.page.browser import DESKTOP, PHONE, open_page
from tests.page.png import Image
from tests.review.test_analyst import played_game

SWING_RING = (0xD5, 0x5E, 0x00)
CURRENT_MOVE = (0xF0, 0xE4, 0x42)
PLAYER_A = (0xE6, 0x9F, 0x00)


@pytest.fixture
def reviewed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Daemon, int]]:
    """A daemon whose journal holds a finished game, analysed at start (quickly)."""
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    with Store.open(state_dir / "games.sqlite3") as store:
        game_id, _ = played_game(store)
    monkeypatch.setenv("SANTORINI_HW_ANALYSIS_SECONDS", "0.05")
    daemon = Daemon(state_dir).start()
    try:
        daemon._wait(  # the analyst starts with the daemon: the board is idle
            lambda: daemon.http.get(f"/api/games/{game_id}/analysis").json()["status"] == "done",
            60.0,
            "the analysis",
        )
        yield daemon, game_id
    finally:
        daemon.close()


def _better_move(analysis: dict[str, Any], standing: list[dict[str, Any]], ply: int) -> str | None:
    """The engine's choice where the game swung: the best move of the evaluation before."""
    plies = [e["ply"] for e in analysis["evaluations"]]
    index = plies.index(ply)
    best = analysis["evaluations"][index - 1]["best"] if index else None
    played = next(m["notation"] for m in standing if m["ply"] == ply)
    return best if best and best != played else None


def colours_of(page: Page, selector: str) -> set[tuple[int, int, int]]:
    element = page.locator(selector)
    box = element.bounding_box()
    assert box is not None
    whole = {"x": 0, "y": 0, "width": box["width"], "height": box["height"]}
    return Image(element.screenshot()).colours(whole)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_finished_game_replays_with_its_evaluation_graph(
    reviewed: tuple[Daemon, int], size: tuple[int, int], tmp_path: Path
) -> None:
    daemon, game_id = reviewed
    game = daemon.http.get(f"/api/games/{game_id}").json()
    analysis = daemon.http.get(f"/api/games/{game_id}/analysis").json()
    standing = [m for m in game["moves"] if not m["taken_back"]]
    assert analysis["swings"], "the fixed game has at least one big swing"
    with open_page(daemon, "/review.html", size) as page:
        page.click(f'#games button[data-game="{game_id}"]')
        expect(page.locator("#review-moves li")).to_have_count(len(standing))
        expect(page.locator("#where")).to_contain_text(f"Move {len(standing)} of {len(standing)}")
        expect(page.locator("#graph .dot")).to_have_count(len(analysis["evaluations"]))
        expect(page.locator("#graph .swing")).to_have_count(len(analysis["swings"]))
        for ply in analysis["swings"]:
            expect(page.locator(f'#review-moves li[data-ply="{ply}"]')).to_have_class("swing")
            better = page.locator(f'#review-moves li[data-ply="{ply}"] .better')
            engine = _better_move(analysis, standing, ply)
            if engine is None:
                expect(better).to_have_count(0)
            else:
                expect(better).to_have_text(f"engine: {engine}")
        expect(page.locator("#graph .scale")).to_have_text(
            ["A winning", "even", "other side winning"]
        )
        page.keyboard.press("Home")
        expect(page.locator("#where")).to_contain_text("Start")
        expect(page.locator("#review-board .worker")).to_have_count(0)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#where")).to_have_text(f"Move 2 of {len(standing)}: A places d4")
        expect(page.locator('#review-board [data-cell="d4"] .worker')).to_have_text("A")
        page.click("#forward")
        page.click("#back")
        page.click("#forward")
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#where")).to_contain_text("Move 2 of")
        swing = analysis["swings"][0]
        page.click(f'#review-moves li[data-ply="{swing}"]')
        expect(page.locator("#review-moves li.current")).to_have_attribute("data-ply", str(swing))
        move = standing[swing - 1]
        expect(page.locator("#where")).to_contain_text(move["notation"])

        page.screenshot(path=str(tmp_path / f"review-{size[0]}.png"), full_page=True)
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= size[0], "nothing sticks out sideways"
        for selector in ("#review-board", "#graph", "#review-moves", "#steps"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= size[0]
        assert SWING_RING in colours_of(page, "#graph")
        assert CURRENT_MOVE in colours_of(page, "#review-moves")
        assert PLAYER_A in colours_of(page, "#review-board")
