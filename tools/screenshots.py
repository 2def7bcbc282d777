"""The page's screenshots for the documentation, from the browser tests' own fixtures.

    python3 dev.py screenshots [--out docs/images]

A real daemon on the simulated board (`tests/daemon/harness.py`) whose journal holds one
finished, analysed game (`tests/review/test_analyst.py`), Debian's headless chromium
(`tests/page/browser.py`), and a short game played through the virtual board's API:

- `page.png` (desktop): the live board mid-game, a worker in the hand and the cells it
  may go to lit; the README shows it.
- `review.png` (desktop): the finished game in the review page, its evaluation graph.
- `setup.png` (phone): the first step of setting a game up from the page.

Run it after changing the page, look at the pictures, and commit them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' fixtures, run from a checkout

from playwright.sync_api import Page, expect  # noqa: E402

from santorini_hw.store import Store  # noqa: E402
from tests.daemon.harness import A_WINS, SETUP, Daemon  # noqa: E402
from tests.page.browser import DESKTOP, PHONE, open_page  # noqa: E402
from tests.review.test_analyst import played_game  # noqa: E402

BOARD_WINDOW = (DESKTOP[0], 720)
"""The live board's picture: a desktop window just tall enough for the board."""
TURNS_SHOWN = 4
"""Turns of the harness's short game played before the picture of the live board."""


def _analysed_daemon(state_dir: Path) -> tuple[Daemon, int]:
    """A daemon whose journal holds a finished game, analysed once it has started."""
    state_dir.mkdir()
    with Store.open(state_dir / "games.sqlite3") as store:
        game_id, _ = played_game(store)
    daemon = Daemon(state_dir, env={"SANTORINI_HW_ANALYSIS_SECONDS": "0.05"}).start()
    daemon._wait(
        lambda: daemon.http.get(f"/api/games/{game_id}/analysis").json()["status"] == "done",
        120.0,
        "the analysis",
    )
    return daemon, game_id


def _save(page: Page, path: Path) -> None:
    page.wait_for_timeout(300)  # let the last state message paint
    page.screenshot(path=str(path))
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", flush=True)


def take(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        daemon, game_id = _analysed_daemon(Path(scratch) / "state")
        try:
            daemon.place_workers(SETUP)
            for player, move, build in A_WINS[:TURNS_SHOWN]:
                daemon.turn(player, move, build)
            daemon.lift("d1")
            daemon.wait_state(lambda s: s["holding"], "a worker in the hand")
            with open_page(daemon, "/", BOARD_WINDOW) as page:
                expect(page.locator("#connection")).to_have_text("live")
                player, move, build = A_WINS[TURNS_SHOWN - 1]
                expect(page.locator("#moves li").last).to_have_text(f"{player}: {move} {build}")
                _save(page, out / "page.png")
            with open_page(daemon, "/review.html", DESKTOP) as page:
                page.click(f'#games button[data-game="{game_id}"]')
                expect(page.locator("#graph .dot").first).to_be_visible()
                _save(page, out / "review.png")
            with open_page(daemon, "/", PHONE) as page:
                expect(page.locator("#connection")).to_have_text("live")
                page.click("#setup-start")
                page.click("#abandon-yes")  # the game above is still in progress: asked first
                expect(page.locator("#setup-step")).to_have_attribute("data-step", "players")
                _save(page, out / "setup.png")
        finally:
            daemon.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    take(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
