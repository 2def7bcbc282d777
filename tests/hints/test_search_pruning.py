"""What the search leaves out or looks at less deeply, and why its proofs stay proofs."""

from __future__ import annotations

import pytest

from santorini_hw.clock import SystemClock
from santorini_hw.hints import search
from santorini_hw.hints.budget import Limits
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.horizon import Horizon
from santorini_hw.hints.ordering import MoveOrder
from santorini_hw.hints.pruning import AHEAD, static_cut
from santorini_hw.hints.search import KEEP_ROOT, UNPROVEN, Search, best_turn
from santorini_hw.hints.tt import DECIDED, ONE_SEARCH_ENTRIES, TranspositionTable
from santorini_hw.hints.zobrist import position_key
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.position import Position
from tests.hints.strategies import board

OPEN_HERMES = board(
    {"A": ["c2", "c3"], "B": ["a5", "e1"]},
    heights={"b4": 1, "d4": 1, "a1": 2, "e5": 1},
    gods={"A": "Hermes", "B": None},
)
"""Hermes on a wide, flat board: hundreds of turns."""
HERMES_LOST = board(
    {"A": ["c2", "c3"], "B": ["a1", "e5"]},
    heights={"a1": 2, "a2": 3, "e5": 2, "e4": 3},
    gods={"A": "Hermes", "B": None},
)
"""B threatens a2 and e4, far apart: Hermes can dome only one. Every turn loses."""
FALSE_WIN = board(
    {"A": ["b2", "e2"], "B": ["c4", "d1"]},
    heights={"a1": 2, "b2": 1, "b3": 1, "c3": 1, "c4": 1, "d1": 1, "d2": 2, "d4": 1},
)
"""Searched four turns deep while keeping only the best-looking reply at each interior
node, A's replies all lose, yet the whole tree shows no forced win (found by a scan of
random positions)."""


class RecordingSearch(Search):
    """A search that notes every root child it searches below the root."""

    def __init__(self, root: Position, depth: int) -> None:
        super().__init__(
            root,
            Limits(None, None, depth),
            seed=0,
            clock=SystemClock(),
            table=TranspositionTable(ONE_SEARCH_ENTRIES),
            order=MoveOrder(),
        )
        self.searched: set[Position] = set()

    def _search(
        self, position: Position, key: int, depth: int, alpha: int, beta: int, *, ply: int
    ) -> int:
        if ply == 1:
            self.searched.add(position)
        return super()._search(position, key, depth, alpha, beta, ply=ply)


def test_a_wide_root_searches_only_its_best_turns_deeper() -> None:
    assert len(quiet_outcomes(OPEN_HERMES)) > 4 * KEEP_ROOT
    recording = RecordingSearch(OPEN_HERMES, depth=2)
    result = recording.run()
    assert result.depth == 2
    assert 0 < len(recording.searched) <= KEEP_ROOT + 1  # + the table's turn, if left out


def test_a_lost_wide_root_tries_every_turn_before_believing_the_loss() -> None:
    turns = quiet_outcomes(HERMES_LOST)
    assert len(turns) > KEEP_ROOT
    recording = RecordingSearch(HERMES_LOST, depth=2)
    result = recording.run()
    assert result.mate_in == -2
    assert recording.searched == set(turns)


def test_a_search_that_left_turns_out_claims_no_forced_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = best_turn(FALSE_WIN, depth=4)
    assert whole.mate_in is None and abs(whole.score) < DECIDED
    monkeypatch.setattr(search, "KEEP_INNER", 1)
    pruned = best_turn(FALSE_WIN, depth=4)
    assert pruned.score == UNPROVEN  # every kept reply lost: nearly won, not proven
    assert pruned.mate_in is None


def test_late_turns_are_first_searched_a_turn_shallower(monkeypatch: pytest.MonkeyPatch) -> None:
    position = board(
        {"A": ["b2", "c3"], "B": ["d4", "c4"]},
        heights={"b2": 1, "c3": 1, "d4": 2, "b3": 2, "c2": 1, "e5": 1},
    )
    reduced = best_turn(position, depth=4)
    monkeypatch.setattr(search, "REDUCE_FROM", 10**6)
    full = best_turn(position, depth=4)
    assert reduced.nodes < full.nodes
    assert reduced.turn is not None and full.turn is not None


def test_a_static_score_far_outside_the_window_decides_the_node() -> None:
    plain = board({"A": ["a1", "e5"], "B": ["c3", "e1"]})
    # The player to move is the root's side (maximizing): far above cuts, far below fails.
    assert static_cut(plain, 300, 0, 150, True)  # 300 - AHEAD >= 150
    assert static_cut(plain, -200, 0, 10, True)  # -200 + BEHIND <= 0
    assert not static_cut(plain, 100, 0, 150, True)
    # The opponent to move (minimizing): mirrored.
    assert static_cut(plain, -300, -150, 0, False)
    assert static_cut(plain, 200, -10, 0, False)
    assert not static_cut(plain, -100, -150, 0, False)


def test_with_a_god_in_the_game_a_node_far_behind_is_still_searched() -> None:
    artemis = board({"A": ["a1", "e5"], "B": ["c3", "e1"]}, gods={"A": "Artemis", "B": None})
    assert not static_cut(artemis, -200, 0, 10, True)  # her turn can lift it that far
    assert not static_cut(artemis, 200, -10, 0, False)
    assert static_cut(artemis, 300, 0, 150, True)  # far ahead still cuts
    assert static_cut(artemis, -300, -150, 0, False)


def one_turn_from_the_horizon(position: Position, window: tuple[int, int]) -> tuple[int, int]:
    """The score of `position` searched one turn deep within `window`, and its nodes."""
    searching = Search(
        position,
        Limits(None, None, 2),
        seed=0,
        clock=SystemClock(),
        table=TranspositionTable(ONE_SEARCH_ENTRIES),
        order=MoveOrder(),
    )
    score = searching._search(position, position_key(position), 1, *window, ply=1)
    return score, searching.budget.nodes


def test_a_node_far_from_the_window_is_not_expanded(monkeypatch: pytest.MonkeyPatch) -> None:
    ahead = board({"A": ["c3", "a1"], "B": ["e5", "e4"]}, heights={"c3": 2, "b2": 1})
    static = Horizon(ahead, lambda: None).value(ahead, 1)  # the search's own evaluation
    low = (static - AHEAD - 60, static - AHEAD - 20)
    assert one_turn_from_the_horizon(ahead, low) == (static, 1)  # no turn generated
    around = (static - 20, static + 20)
    assert one_turn_from_the_horizon(ahead, around)[1] > 1  # inside: expanded, its turns count
    monkeypatch.setattr(search, "static_cut", lambda *_, **__: True)
    wins = (UNPROVEN, WIN)
    assert one_turn_from_the_horizon(ahead, wins)[1] > 1  # never for wins and losses
