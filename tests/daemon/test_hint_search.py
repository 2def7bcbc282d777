"""Hints under a flood: one search at a time, requests during it join it, and a search
that raises is logged and counted. The real search engine, held at a gate (a
`threading.Event`) so that the requests surely arrive while it runs."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from santorini_hw.daemon.hint_search import HintSearch
from santorini_hw.hints.budget import SearchResult
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import parse_position

FIRST = parse_position('{"workers": {"A": ["b2", "d4"], "B": ["b4", "d2"]}, "to_move": "A"}')
LATER = parse_position(
    '{"workers": {"A": ["b3", "d4"], "B": ["b4", "d2"]}, "to_move": "B", "heights": {"c3": 1}}'
)


class GatedSearch:
    """The engine (depth 1), started only when the test opens the gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.searched: list[Position] = []

    def __call__(self, position: Position) -> SearchResult:
        self.searched.append(position)
        assert self.gate.wait(timeout=30)
        return best_turn(position, depth=1)


async def _until_idle(hints: HintSearch) -> None:
    while hints.running:
        await asyncio.sleep(0.01)


def test_sixty_requests_during_a_search_join_it() -> None:
    search = GatedSearch()
    found: list[tuple[Position, SearchResult]] = []

    async def scenario() -> None:
        hints = HintSearch(search, lambda position, result: found.append((position, result)))
        for _ in range(60):
            hints.request(FIRST)
        await asyncio.sleep(0)
        assert hints.running and hints.searches == 1 and hints.joined == 59
        search.gate.set()
        await _until_idle(hints)

    asyncio.run(scenario())
    assert search.searched == [FIRST]
    assert [position for position, _ in found] == [FIRST]
    assert found[0][1].turn is not None


def test_a_request_for_a_newer_position_is_searched_next_and_only_the_latest() -> None:
    search = GatedSearch()
    found: list[Position] = []

    async def scenario() -> None:
        hints = HintSearch(search, lambda position, _: found.append(position))
        hints.request(FIRST)
        for _ in range(10):
            hints.request(LATER)
        hints.request(FIRST)  # back to the position under way: nothing queued after it
        hints.request(LATER)
        search.gate.set()
        await _until_idle(hints)
        assert hints.searches == 2

    asyncio.run(scenario())
    assert search.searched == [FIRST, LATER] and found == [FIRST, LATER]


def test_a_search_that_raises_is_logged_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    def broken(position: Position) -> SearchResult:
        raise RuntimeError("the engine broke")

    async def scenario() -> HintSearch:
        hints = HintSearch(broken, lambda position, result: None)
        hints.request(FIRST)
        await _until_idle(hints)
        hints.request(FIRST)  # and the next request searches again
        await _until_idle(hints)
        return hints

    with caplog.at_level(logging.ERROR, logger="santorini_hw.daemon.hint_search"):
        hints = asyncio.run(scenario())
    assert hints.failures == 2 and hints.searches == 2
    failures = [r for r in caplog.records if "hint search failed" in r.getMessage()]
    assert len(failures) == 2
    assert failures[0].exc_info is not None and "the engine broke" in str(failures[0].exc_info[1])
