"""The move prior: its counts, its ranking, its file, and the search that prunes with it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.clock import SystemClock
from santorini_hw.hints import prior as prior_module
from santorini_hw.hints.budget import Limits
from santorini_hw.hints.frontier import first_child
from santorini_hw.hints.inputs import GODS
from santorini_hw.hints.ordering import MoveOrder
from santorini_hw.hints.prior import (
    FEATURES,
    KINDS,
    PER_SIDE,
    PRIOR_KEEP,
    PRUNES_FROM,
    MovePrior,
    boards,
    features,
    prior_for,
    shipped_prior,
)
from santorini_hw.hints.search import Children, Search, best_turn
from santorini_hw.hints.tt import one_search_table
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import generate_turns, quiet_results, winning_turn_exists
from tests.hints.strategies import board, positions
from tests.rules.helpers import midgame

SIMPLE = [god for god in God if god.is_simple]
PAIR = {"A": "Pan", "B": "Demeter"}


def _column(side: int, level: int, kind: str) -> int:
    return side * PER_SIDE + level * len(KINDS) + KINDS.index(kind)


def test_counts_what_is_around_each_worker_by_its_level() -> None:
    position = board(
        {"A": ["a1", "c3"], "B": ["e5", "e1"]},
        heights={"c3": 2, "b2": 2, "c4": 3, "d4": 1, "e4": 1},
        domes=["d3"],
        gods=PAIR,
    )
    found = features(boards([position], 0))[0]
    # a1 (level 0): b1 and a2 free at level 0, b2 at level 2.
    assert found[_column(0, 0, "level0")] == 2
    assert found[_column(0, 0, "level2")] == 1
    # c3 (level 2): b2 at 2, c4 at 3, d4 at 1, the dome on d3, four free cells at 0.
    assert found[_column(0, 2, "level2")] == 1
    assert found[_column(0, 2, "level3")] == 1
    assert found[_column(0, 2, "level1")] == 1
    assert found[_column(0, 2, "dome")] == 1
    assert found[_column(0, 2, "level0")] == 4
    # centre closeness: a1 is on the edge (0), c3 the centre (2); B: both on the edge.
    assert found[3 * len(KINDS)] == 2
    assert found[PER_SIDE + 3 * len(KINDS)] == 0
    # c3 at level 2 has no B worker within two cells (e5 and e1 are: it is guarded).
    assert found[3 * len(KINDS) + 1] == 0
    # B's e5 (level 0): d4 and e4 at 1, d5 at 0; e1: d1, d2, e2 at 0.
    assert found[_column(1, 0, "level1")] == 2
    assert found[_column(1, 0, "level0")] == 4


def test_an_unguarded_level2_worker_is_counted() -> None:
    position = board({"A": ["a1", "a2"], "B": ["e5", "e4"]}, heights={"a1": 2}, gods=PAIR)
    assert features(boards([position], 0))[0][3 * len(KINDS) + 1] == 1
    assert features(boards([position], 1))[0][PER_SIDE + 3 * len(KINDS) + 1] == 1


def _prior_of(rows: np.ndarray) -> MovePrior:
    return MovePrior(np.tile(rows, (len(GODS), 1)))


def test_best_keeps_the_highest_scores_best_first() -> None:
    position = board({"A": ["b2", "d4"], "B": ["b4", "d2"]}, gods=PAIR)
    children = quiet_outcomes(position)
    weights = np.random.default_rng(1).normal(size=FEATURES)
    scores = features(boards(children, 0)) @ weights
    kept = _prior_of(weights).best(position, children, 5)
    assert len(kept) == 5
    assert list(scores[kept]) == sorted(scores, reverse=True)[:5]
    assert sorted(_prior_of(weights).best(position, children, 10_000)) == list(range(len(children)))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIMPLE).flatmap(lambda god: positions(god=god, players=2)))
def test_best_ranks_by_exactly_the_features_times_the_weights(position: Position) -> None:
    """`best` sums the weights worker by worker, not through the feature matrix: integer
    sums, so the same scores, ties broken in the children's order."""
    children = quiet_outcomes(position)
    if not children:
        return
    prior = _prior_of(np.random.default_rng(len(children)).normal(size=FEATURES))
    scores = features(boards(children, position.side)) @ prior.weights[0]
    expected = np.argsort(-scores, kind="stable")[:7].tolist()
    assert prior.best(position, children, 7) == expected


def test_the_shipped_prior_covers_the_network_games_only() -> None:
    two_gods = board({"A": ["b2", "d4"], "B": ["b4", "d2"]}, gods=PAIR)
    assert prior_for(two_gods.lineup) is shipped_prior()
    assert prior_for(board({"A": ["b2", "d4"], "B": ["b4", "d2"]}).lineup) is None
    advanced = board({"A": ["b2", "d4"], "B": ["b4", "d2"]}, gods={"A": "Zeus", "B": "Atlas"})
    assert prior_for(advanced.lineup) is None


def _junk(path: Path) -> None:
    path.write_bytes(b"not a zip")


def _other_gods(path: Path) -> None:
    np.savez(path, weights=np.zeros((len(GODS), FEATURES)), gods=np.array(["x"]))


def _no_weights(path: Path) -> None:
    np.savez(path, gods=np.array([god.value if god else "none" for god in GODS]))


@pytest.mark.parametrize(
    ("write", "reason"),
    [
        (_junk, "is not a move prior"),
        (_other_gods, "not the simple ones"),
        (_no_weights, "weights"),
    ],
)
def test_a_file_that_is_not_a_prior_is_refused(
    tmp_path: Path, write: Callable[[Path], None], reason: str
) -> None:
    path = tmp_path / "prior.npz"
    write(path)
    with pytest.raises(ValueError, match=reason):
        MovePrior.from_file(path)


def test_weights_of_the_wrong_shape_are_refused() -> None:
    with pytest.raises(ValueError, match="rows of"):
        MovePrior(np.zeros((len(GODS), FEATURES - 1)))


class _Watched(Search):
    """Records, for each node one turn from the horizon, its iteration's depth, how many
    turns it has and how many of them it searches."""

    widths: list[tuple[int, int, int]]
    iteration = 0

    def _aspired(
        self, children: list[Position], keys: list[int], depth: int, guess: int
    ) -> tuple[Position | None, int, bool]:
        self.iteration = depth
        return super()._aspired(children, keys, depth, guess)

    def _children(self, position: Position, key: int, depth: int, ply: int, hint: int) -> Children:
        found = super()._children(position, key, depth, ply, hint)
        if depth == 1:
            width = len(quiet_results(position))
            self.widths.append((self.iteration, width, len(found.positions)))
        return found


def test_nodes_before_the_horizon_keep_the_priors_turns_only_in_deeper_iterations() -> None:
    position = board(
        {"A": ["b2", "c3"], "B": ["d4", "c4"]},
        heights={"b2": 1, "c3": 1, "d4": 2, "b3": 2, "c2": 1},
        gods={"A": "Demeter", "B": "Artemis"},
    )
    limits = Limits.given(None, 1500, None)
    search = _Watched(
        position,
        limits,
        seed=0,
        clock=SystemClock(),
        table=one_search_table(1500),
        order=MoveOrder(),
        prior_keep=6,
    )
    search.widths = []
    search.run()
    deep = [(width, kept) for depth, width, kept in search.widths if depth >= PRUNES_FROM]
    assert deep and all(kept <= min(width, 7) for width, kept in deep)
    assert any(width > 7 for width, _ in deep)
    shallow = [(width, kept) for depth, width, kept in search.widths if depth < PRUNES_FROM]
    assert shallow and all(kept == width for width, kept in shallow)  # every turn searched


class _Frontier(Search):
    """Counts the nodes one turn from the horizon, those that generate their turns, and
    those whose children do not start with the turn the search found first."""

    visits = generated = misplaced = 0

    def _search(
        self, position: Position, key: int, depth: int, alpha: int, beta: int, *, ply: int
    ) -> int:
        self.visits += depth == 1
        return super()._search(position, key, depth, alpha, beta, ply=ply)

    def _children(self, position: Position, key: int, depth: int, ply: int, hint: int) -> Children:
        found = super()._children(position, key, depth, ply, hint)
        if depth == 1:
            self.generated += 1
            first = first_child(position, hint, self.order.killers.get(ply, ()))
            self.misplaced += first is not None and found.moves[0] != first[1]
        return found


def test_with_the_prior_the_first_child_is_tried_before_the_turns_and_stays_first() -> None:
    """The table's turn or a killer cuts most such nodes before any turn is generated and
    scored; when it does not, it is searched first even where the prior ranks it low."""
    position = board(
        {"A": ["b2", "d4"], "B": ["b4", "d2"]},
        heights={"c3": 1, "b3": 1, "d3": 2},
        gods={"A": "Pan", "B": "Minotaur"},
    )
    search = _Frontier(
        position,
        Limits.given(None, 2000, None),
        seed=0,
        clock=SystemClock(),
        table=one_search_table(2000),
        order=MoveOrder(),
        prior_keep=2,
    )
    search.run()
    assert search.generated and search.misplaced == 0
    assert search.visits > 2 * search.generated


def test_the_prior_search_is_deterministic_and_legal() -> None:
    position = board(
        {"A": ["b2", "d4"], "B": ["b4", "d2"]},
        heights={"c3": 1, "b3": 1, "d3": 2},
        gods={"A": "Demeter", "B": "Artemis"},
    )
    first = best_turn(position, node_budget=1200, seed=4, prior_keep=12)
    again = best_turn(position, node_budget=1200, seed=4, prior_keep=12)
    assert (first.turn, first.score, first.nodes) == (again.turn, again.score, again.nodes)
    assert first.depth >= 2 and first.turn in generate_turns(position)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SIMPLE).flatmap(lambda god: positions(god=god, players=2)))
def test_with_the_prior_it_still_takes_and_stops_wins_in_one(position: Position) -> None:
    turns = generate_turns(position)
    if not turns or len(set(position.lineup.gods)) < 2 or None in position.lineup.gods:
        return
    result = best_turn(position, node_budget=600, prior_keep=4)
    assert result.turn is not None
    if any(turn.winner for turn in turns):
        assert result.turn.winner == position.player
        return
    safe = [turn for turn in turns if not winning_turn_exists(turn.result)]
    assert winning_turn_exists(result.turn.result) == (not safe)


def test_the_prior_is_read_once() -> None:
    assert prior_module.shipped_prior() is prior_module.shipped_prior()


def test_the_engine_searches_with_the_prior_by_default() -> None:
    """Hints, `rules best` and the review search with it (levels 1-9 turn it off)."""
    start = midgame(0, (God.ATLAS, God.PAN), 6)
    default = best_turn(start, node_budget=4357, seed=11)
    with_prior = best_turn(start, node_budget=4357, seed=11, prior_keep=PRIOR_KEEP)
    assert default[:4] == with_prior[:4]
    assert default.turn != best_turn(start, node_budget=4357, seed=11, prior_keep=0).turn


@pytest.mark.parametrize("god", [g.value for g in SIMPLE if g not in (God.ARTEMIS, God.HEPHAESTUS)])
def test_as_shipped_it_still_finds_a_forced_win_in_two(god: str) -> None:
    """The tactics' win in two (tests/hints/test_search_tactics.py) with a simple god on
    each side, the games where the engine searches with the prior: climbing to c3
    threatens b4 and d4 at once. (The win is proven two turns deep, before the prior
    prunes: a win in two is never left to it.)"""
    position = board(
        {"A": ["c2", "e1"], "B": ["a5", "e5"]},
        heights={"c2": 1, "c3": 2, "b4": 3, "d4": 3},
        gods={"A": god, "B": "Hephaestus"},
    )
    assert prior_for(position.lineup) is not None
    result = best_turn(position, node_budget=4357)
    assert result.turn is not None and result.mate_in == 3
    assert all(winning_turn_exists(reply.result) for reply in generate_turns(result.turn.result))
