"""The search itself: budgets, determinism, scores, and games of three and four players."""

from __future__ import annotations

import random

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hints import horizon
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.horizon import STATICS_CHUNK, Horizon, Memo
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.outcomes import quiet_outcomes
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import (
    generate_turns,
    quiet_results,
    turn_leading_to,
    winning_turn_exists,
)
from tests.hints.strategies import board

MIDGAME = board(
    {"A": ["b2", "c3"], "B": ["d4", "c4"]},
    heights={"b2": 1, "c3": 1, "d4": 2, "b3": 2, "c2": 1, "d2": 3, "e5": 1},
    domes=["d2"],
)


class TickingClock(ManualClock):
    """Advances 50 ms every time it is read: search time passes without sleeping."""

    def monotonic(self) -> float:
        self.advance(0.05)
        return super().monotonic()


def test_same_seed_and_node_budget_give_the_same_hint() -> None:
    first = best_turn(MIDGAME, node_budget=800, seed=3)
    again = best_turn(MIDGAME, node_budget=800, seed=3)
    assert (first.turn, first.score, first.depth, first.nodes) == (
        again.turn,
        again.score,
        again.depth,
        again.nodes,
    )


def test_node_budget_is_respected() -> None:
    result = best_turn(MIDGAME, node_budget=500)
    assert result.nodes <= 501
    assert result.turn is not None


def test_a_budget_spent_among_the_roots_turns_answers_with_the_best_one_evaluated() -> None:
    """The root's turns are evaluated in chunks, but each counts before it is evaluated:
    a budget that ends inside a chunk leaves the rest of that chunk unseen."""
    budget = STATICS_CHUNK + 5
    children = quiet_results(MIDGAME)
    assert len(children) > budget
    random.Random(4).shuffle(children)  # the search's order of them with seed 4
    seen = children[: budget - 1]  # the root itself is the first node
    scores = Horizon(MIDGAME, lambda: None).statics(seen)
    result = best_turn(MIDGAME, node_budget=budget, seed=4)
    assert (result.depth, result.nodes) == (0, budget + 1)
    assert result.turn == turn_leading_to(MIDGAME, seen[scores.index(max(scores))])


def test_deeper_iterations_come_with_more_nodes() -> None:
    shallow = best_turn(MIDGAME, depth=1)
    deeper = best_turn(MIDGAME, depth=2)
    assert (shallow.depth, deeper.depth) == (1, 2)
    assert deeper.nodes > shallow.nodes


def test_the_roots_static_scores_are_its_first_iteration() -> None:
    """Depth 1 costs the root and one visit per turn: no second pass over its children."""
    assert not winning_turn_exists(MIDGAME)
    result = best_turn(MIDGAME, depth=1)
    assert result.depth == 1
    assert result.nodes == 1 + len(quiet_outcomes(MIDGAME))


def test_time_budget_returns_the_best_turn_so_far() -> None:
    clock = TickingClock()
    result = best_turn(MIDGAME, time_budget=0.3, clock=clock)
    assert result.turn is not None
    assert result.turn in generate_turns(MIDGAME)
    assert 0.3 <= result.seconds <= 0.4
    assert result.depth < 64


def test_no_legal_turn_means_no_hint_and_a_lost_score() -> None:
    heights = {cell: 2 for cell in ("b1", "b2", "a2")}
    trapped = board(
        {"A": ["a1", "e5"], "B": ["c3", "e3"]}, heights=heights, domes=["e4", "d4", "d5"]
    )
    assert generate_turns(trapped) == []
    result = best_turn(trapped, depth=2)
    assert result.turn is None
    assert result.score == -WIN


def test_a_proven_loss_is_reported_with_its_distance() -> None:
    """B threatens b4 and d4 (both out of A's reach): A loses after B's next turn."""
    position = board(
        {"A": ["a1", "e1"], "B": ["c3", "c5"]},
        heights={"c3": 2, "b4": 3, "d4": 3},
    )
    result = best_turn(position, depth=2)
    assert result.mate_in == -2
    assert result.score == 2 - WIN


def test_three_players_paranoid_search_stops_the_next_players_win() -> None:
    position = board(
        {"A": ["b3", "a1"], "B": ["e5", "d3"], "C": ["a5", "b5"]},
        heights={"d3": 2, "c4": 3},
        gods={"A": "Atlas", "B": "Hephaestus", "C": "Demeter"},
    )
    result = best_turn(position, depth=2)
    assert result.turn is not None
    assert not winning_turn_exists(result.turn.result)


def test_three_players_takes_a_win() -> None:
    position = board(
        {"A": ["c3", "a1"], "B": ["e5", "d1"], "C": ["a5", "b5"]},
        heights={"c3": 2, "d4": 3},
        gods={"A": "Hermes", "B": "Athena", "C": "Minotaur"},
    )
    result = best_turn(position, depth=3)
    assert result.turn is not None and result.turn.winner == "A"


def test_four_players_in_teams_stop_the_other_teams_win() -> None:
    position = board(
        {"A": ["b3", "a1"], "B": ["e5", "d3"], "C": ["b3", "a1"], "D": ["e5", "d3"]},
        heights={"d3": 2, "c4": 3},
        teams=[["A", "C"], ["B", "D"]],
    )
    result = best_turn(position, depth=2)
    assert result.turn is not None
    assert not winning_turn_exists(result.turn.result)
    assert result.turn.result.domes >> 17 & 1  # c4 domed


def test_opening_hint_within_a_small_budget() -> None:
    start: Position = random_placement(("A", "B"), (None, None), random.Random(5))
    result = best_turn(start, node_budget=300, seed=5)
    assert result.turn is not None
    assert result.turn.result.l1.bit_count() == 1


def test_remembering_evaluations_changes_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo saves time only: a memo of one position gives the same hints."""
    rng = random.Random(8)
    positions = [MIDGAME, random_placement(("A", "B", "C"), (None, None, None), rng)]
    for _ in range(4):
        position = random_placement(("A", "B"), (None, None), rng)
        for _ in range(4):
            position = rng.choice([t for t in generate_turns(position) if t.winner is None]).result
        positions.append(position)

    def answers() -> list[tuple[object, ...]]:
        results = [best_turn(p, node_budget=1500, seed=2) for p in positions]
        return [(r.turn, r.score, r.depth, r.nodes) for r in results]

    remembered = answers()
    monkeypatch.setattr(
        horizon, "Memo", lambda side, network: Memo(side, capacity=1, network=network)
    )
    assert answers() == remembered
