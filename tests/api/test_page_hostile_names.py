"""A hostile player name from an old journal (the API refuses such names now) is shown
on the page as text in a real headless browser: no element is made of it, no script
runs, and the page's own code breaks none of its Content-Security-Policy."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from santorini_hw.rules.cells import parse_cell
from santorini_hw.store import Store
from tests.api.browser import browser_page
from tests.daemon.harness import Daemon

IMG = '<img src=x onerror="window.pwned=1">'
SCRIPT = "</li><script>window.pwned=2</script>"
PAGE_SCRIPTS = (
    "app.js",
    "board.js",
    "cards.js",
    "guide.js",
    "virtual.js",
    "sound.js",
    "setup.js",
    "invite.js",
)
WATCH = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_a_hostile_name_is_shown_as_text_and_runs_nothing(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    with Store.open(state / "games.sqlite3") as store:
        store.start_game((IMG, SCRIPT), placement=(parse_cell("a1"), parse_cell("d1")))
    daemon = Daemon(state).start()
    try:
        assert daemon.state()["players"] == [IMG, SCRIPT]
        token = daemon.auth["Authorization"].removeprefix("Bearer ")
        with browser_page() as page:
            page.add_init_script(WATCH)
            page.goto(f"{daemon.url}/#token={token}")
            expect(page.locator("#connection")).to_have_text("live")
            expect(page.locator("#turn-cue")).to_contain_text(f"{SCRIPT} places a worker")
            expect(page.locator("#moves li").first).to_have_text(f"{IMG}: a1 d1")
            expect(page.locator("#error")).to_be_visible()  # the empty board vs the record
            assert page.locator("img").count() == 0
            sources = page.locator("script").evaluate_all("nodes => nodes.map(n => n.src)")
            assert sorted(src.rsplit("/", 1)[-1] for src in sources) == sorted(PAGE_SCRIPTS)
            assert page.evaluate("window.pwned") is None
            assert page.evaluate("window.violations") == []
    finally:
        daemon.close()
