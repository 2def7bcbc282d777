"""Shared by the live page's tests: one daemon per module, a fresh game on an empty
board for each test, and the page's hands (cells clicked or reached by keys)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.daemon.harness import Daemon

SIZES = pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """One simulated daemon for the module's tests (each starts its own game)."""
    running = Daemon(tmp_path_factory.mktemp("board") / "state").start()
    yield running
    running.close()


def fresh_game(daemon: Daemon, **game: Any) -> dict[str, Any]:
    """A new two-player game on an empty board, waiting for its first placement."""
    daemon.post("sim/clear")
    daemon.post("games", {"players": ["A", "B"], "selection": "none", **game})
    return daemon.wait_state(
        lambda s: (
            s["phase"] == "placement"
            and not s["clearing"]
            and s["error"] is None
            and not s["record"]
        ),
        "a fresh game",
    )


def game_in_play(daemon: Daemon) -> None:
    """A fresh game with the workers placed (A on a1 and e1, B on a5 and e5): A to play."""
    fresh_game(daemon)
    daemon.place_workers({"A": ["a1", "e1"], "B": ["a5", "e5"]})


def click(page: Page, cell: str) -> None:
    page.click(f'[data-cell="{cell}"]')


def step(page: Page, words: str) -> None:
    expect(page.locator("#status .step")).to_have_text(words)


def shot(page: Page, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
