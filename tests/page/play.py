"""Shared by the live page's tests: a fresh game on an empty board for each test (on the
module's `board`, conftest.py), and the page's hands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.daemon.harness import Daemon

SIZES = pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])


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
