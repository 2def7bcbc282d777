"""The thirty gods on the page, in the real chromium at phone and desktop widths: a card
for each in the setup (its power the very sentence `POWERS` holds, which the board's
menu and the docs show too), and in play Chaos' face-up power, the blocks on Morpheus'
card, the power Circe holds and Selene's female worker."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from santorini_hw.rules.gods import POWERS, God
from tests.daemon.harness import Daemon
from tests.page.browser import DESKTOP, PHONE, open_page, serious_violations

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])


def step_through(page: Page, *choices: tuple[str, str]) -> None:
    """Each (option, next step): the option's card clicked, then Confirm."""
    for option, step in choices:
        card = page.locator(f'[data-option="{option}"]')
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        page.click("#setup-confirm")
        expect(page.locator("#setup-step")).to_have_attribute("data-step", step)


def new_game(board: Daemon, gods: list[str], workers: dict[str, list[str]]) -> dict[str, Any]:
    """A game of A and B with `gods`, its workers placed in order on the virtual board,
    each once the last is recorded."""
    board.post("sim/clear")
    body = {"players": ["A", "B"], "selection": "given", "gods": gods}
    game = board.post("games", body).json()["game_id"]
    board.wait_state(lambda s: s["game_id"] == game and not s["clearing"], "the new game")
    for player, cells in workers.items():
        for cell in cells:  # one at a time: Selene's first placed is her female
            board.place(cell, "worker", player)
            board.wait_state(
                lambda s, c=cell, p=player: c in s["position"]["workers"][p], f"{player} on {cell}"
            )
    return board.state()


@SIZES
def test_the_setup_shows_a_card_for_each_of_the_thirty_gods(
    board: Daemon, size: tuple[int, int]
) -> None:
    with open_page(board, size=size) as page:
        expect(page.locator("#connection")).to_have_text("live")
        page.click("#setup-start")
        expect(page.locator("#setup-step")).to_have_attribute("data-step", "players")
        step_through(
            page, ("2", "procedure"), ("official", "pool"), ("all", "clock"), ("off", "offer")
        )
        cards = page.locator(".option.god")
        expect(cards).to_have_count(30)
        for index, god in enumerate(God):
            card = cards.nth(index)
            expect(card).to_have_attribute("data-option", god.value)
            expect(card.locator(".about")).to_have_text(POWERS[god])
        zeus = page.locator('[data-option="Zeus"] .where')
        expect(zeus).to_have_text("on the board: e4, advanced page")
        expect(page.locator('[data-option="Apollo"] .where')).to_have_text(
            "on the board: a1, simple page"
        )
        expect(page.locator("#setup")).to_contain_text("a worker on e5 turns its page")
        page.locator('[data-option="Zeus"]').click()
        expect(page.locator('[data-option="Zeus"]')).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]
        assert serious_violations(page) == []
        page.click("#setup-leave")
        expect(page.locator("#setup")).to_be_hidden()


@SIZES
def test_the_page_shows_chaos_power_and_morpheus_blocks(
    board: Daemon, size: tuple[int, int]
) -> None:
    state = new_game(board, ["Chaos", "Morpheus"], {"A": ["a1", "c1"], "B": ["a5", "e5"]})
    power = state["cards"]["chaos"]["A"]["power"]
    with open_page(board, size=size) as page:
        chaos = page.locator('#gods .god-card[data-god="Chaos"]')
        expect(chaos).to_contain_text(POWERS[God.CHAOS])
        expect(chaos.locator(".held")).to_have_text(
            f"holds {power}: {POWERS[God(power)]} (9 cards left)"  # no other player holds a simple god
        )
        morpheus = page.locator('#gods .god-card[data-god="Morpheus"]')
        expect(morpheus.locator(".held")).to_contain_text("0 blocks on the card")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= size[0]


@SIZES
def test_the_page_shows_the_power_circe_holds_and_selenes_female_worker(
    board: Daemon, size: tuple[int, int]
) -> None:
    new_game(board, ["Circe", "Pan"], {"A": ["a1", "c1"], "B": ["a5", "e5"]})
    with open_page(board, size=size) as page:
        circe = page.locator('#gods .god-card[data-god="Circe"]')
        expect(circe.locator(".held")).to_have_text(f"holds Pan this turn: {POWERS[God.PAN]}")
    new_game(board, ["Pan", "Selene"], {"A": ["a1", "c1"], "B": ["e5", "a5"]})
    with open_page(board, size=size) as page:
        selene = page.locator('#gods .god-card[data-god="Selene"]')
        expect(selene.locator(".held")).to_have_text("female worker on e5 ♀")
        female = page.locator('#board [data-cell="e5"]')
        expect(female.locator(".female")).to_have_text("♀")
        expect(female).to_have_attribute(
            "aria-label", "e5, level 0, worker of B, Selene's female worker"
        )
        expect(page.locator('#board [data-cell="a5"] .female')).to_have_count(0)
