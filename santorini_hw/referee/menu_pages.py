"""The thirty gods on the board's 25 cells: two pages, one option cell to turn them.

A god always lights the same cell of the same page, whatever the step offers: the simple
page holds the ten simple gods (Apollo a1 ... Prometheus e2), the advanced page the
twenty advanced ones (Aphrodite a1 ... Zeus e4), both in the order of `God`. A god a
step does not offer (barred for the number of players, outside the pool, already
taken) leaves its cell dark rather than moving the others. A page is shown only if it
holds an option; when both do, e5 turns the page.

>>> " then ".join(page.name for page in god_pages(("Pan", "Zeus")))
'simple then advanced'
>>> god_pages(("Pan", "Zeus"))[1].cells
{19: 'Zeus', 24: 'turn_page'}
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.rules.cells import cell_name
from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS, God

TURN_PAGE = "turn_page"
"""The option on `TURN_CELL` that shows the other page of gods."""
TURN_CELL = 24
"""e5: free on both pages (the advanced page fills a1 to e4)."""
_PAGES = (("simple", SIMPLE_GODS), ("advanced", ADVANCED_GODS))


class GodPage(NamedTuple):
    name: str
    """"simple" or "advanced"."""
    cells: dict[int, str]
    """Option by cell index: the page's gods on offer, and `TURN_PAGE` on e5 if needed."""


def page_cell(god: God) -> int:
    """The cell `god` lights on its page (the lights show Chaos' draw there too)."""
    return (SIMPLE_GODS if god.is_simple else ADVANCED_GODS).index(god)


def god_pages(options: tuple[str, ...]) -> tuple[GodPage, ...]:
    """The pages that hold one of `options` (god names), in page order."""
    offered = set(options)
    pages = [
        GodPage(name, {cell: god.value for cell, god in enumerate(gods) if god.value in offered})
        for name, gods in _PAGES
    ]
    shown = tuple(page for page in pages if page.cells)
    if len(shown) > 1:
        for page in shown:
            page.cells[TURN_CELL] = TURN_PAGE
    return shown


def god_places(options: tuple[str, ...]) -> dict[str, str]:
    """Where each god of `options` lights up, for people: `{"Zeus": "e4, advanced page"}`
    (the cell alone when every option is on one page)."""
    pages = god_pages(options)
    return {
        option: cell_name(cell) if len(pages) == 1 else f"{cell_name(cell)}, {page.name} page"
        for page in pages
        for cell, option in page.cells.items()
        if option != TURN_PAGE
    }
