"""The gods' pages of the board's menu: the same cells on the board, on the page (the
state's `menu`) and in the setup docs, and the same sentences as `POWERS`."""

from __future__ import annotations

import doctest
import random
import re
from pathlib import Path

from santorini_hw.daemon.new_game import menu_json
from santorini_hw.referee import menu_pages
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.referee.menu_pages import TURN_PAGE, god_pages
from santorini_hw.rules.cells import cell_name
from santorini_hw.rules.gods import POWERS, God

SETUP_DOC = Path(__file__).resolve().parents[2] / "docs" / "play" / "setup.md"


def offer_of_all_thirty() -> BoardMenu:
    menu = BoardMenu(random.Random(1), pool="all")
    for option in ("2", "official", "all", "off"):
        menu.choose(option)
        assert menu.press("done")
    return menu


def test_the_setup_docs_lay_the_gods_out_as_the_board_does() -> None:
    rows = re.findall(r"^\| (simple|advanced) \| (.+) \|$", SETUP_DOC.read_text(), re.MULTILINE)
    documented = {
        page: dict(reversed(item.split(" ")) for item in cells.split(", ")) for page, cells in rows
    }
    laid_out = {
        page.name: {cell_name(cell): god for cell, god in page.cells.items() if god != TURN_PAGE}
        for page in god_pages(tuple(god.value for god in God))
    }
    assert documented == laid_out


def test_the_menu_gives_the_page_every_gods_sentence_and_place() -> None:
    menu = menu_json(offer_of_all_thirty())
    assert menu["options"] == [god.value for god in God]
    assert menu["powers"] == {god.value: POWERS[god] for god in God}
    assert menu["places"]["Apollo"] == "a1, simple page"
    assert menu["places"]["Aphrodite"] == "a1, advanced page"
    assert menu["page"] == "simple" and menu["cells"]["e5"] == TURN_PAGE


def test_a_step_with_gods_of_one_page_needs_no_page_turn() -> None:
    [page] = god_pages(("Zeus", "Hera"))
    assert page.name == "advanced" and page.cells == {9: "Hera", 19: "Zeus"}


def test_the_module_docstring_example_runs_as_written() -> None:
    result = doctest.testmod(menu_pages)
    assert result.attempted > 0 and result.failed == 0
