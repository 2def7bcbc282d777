"""The answers the search takes before (or instead of) the advanced gods' turn walk
(`power_shortcuts`, and the walk's own short cuts for Chronus, Medusa and Triton): exact
wherever they answer, on random positions of every pairing the rules accept (open
boards, crowded ones, boards with many complete towers and stairs on the edge) and on
the rulings they lean on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from santorini_hw.rules.gods import ADVANCED_GODS, God
from santorini_hw.rules.power_outcomes import power_outcomes, power_turn_exists, power_win_exists
from santorini_hw.rules.power_shortcuts import plain_quiet, surely_a_turn, surely_no_win
from santorini_hw.rules.turns import quiet_results
from tests.rules.advanced_positions import positions_holding
from tests.rules.helpers import position
from tests.rules.reference_advanced import name

NEVER_PLAIN = {God.CHAOS, God.CIRCE}
"""Their holder plays another card's power, and their opponent's turn may change it."""
LIMITING = {God.HYPNUS, God.APHRODITE, God.LIMUS, God.CIRCE}
"""Another player's power that may forbid a plain step and build."""


def _crowded(rng: random.Random, document: dict[str, Any]) -> None:
    """Domes on most free cells: workers often stuck, turns rare."""
    occupied = {cell for cells in document["workers"].values() for cell in cells}
    free = [name(cell) for cell in range(25) if name(cell) not in occupied]
    document["domes"] = sorted({*document["domes"], *(c for c in free if rng.random() < 0.6)})


def _towers_and_stairs(rng: random.Random, document: dict[str, Any]) -> None:
    """Three to five complete towers, and a staircase on the edge (Chronus' fifth tower,
    Triton's chain)."""
    occupied = {cell for cells in document["workers"].values() for cell in cells}
    free = [name(cell) for cell in range(25) if name(cell) not in occupied]
    rng.shuffle(free)
    towers = free[: rng.randint(3, 5)]
    heights = document["heights"]
    heights.update(dict.fromkeys(towers, 3))
    document["domes"] = sorted({*document["domes"], *towers})
    edge = [c for c in free[5:] if c[0] in "ae" or c[1] in "15"]
    for level, cell in enumerate(edge[:3], start=1):
        heights[cell] = level


RESHAPES = {"open": None, "crowded": _crowded, "towers": _towers_and_stairs}


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_a_plain_turns_quiet_results_are_exactly_the_walks(god: God) -> None:
    plain = 0
    for shape, reshape in RESHAPES.items():
        seed = 300 + 3 * list(God).index(god) + list(RESHAPES).index(shape)
        for start in positions_holding(god, seed, 1, reshape):
            walked = [result for result, winner in power_outcomes(start) if winner < 0]
            listed = quiet_results(start)
            assert len(listed) == len(set(listed)), start
            assert set(listed) == set(walked), start
            plain += plain_quiet(start)
    if god in NEVER_PLAIN:
        assert plain == 0
    else:
        assert plain >= 5  # the short cut was taken, not only refused


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_a_turn_exists_exactly_when_the_walk_finds_one(god: God) -> None:
    shortcuts = stuck = 0
    for shape, reshape in RESHAPES.items():
        seed = 400 + 3 * list(God).index(god) + list(RESHAPES).index(shape)
        for start in positions_holding(god, seed, 1, reshape):
            exists = bool(power_outcomes(start))
            assert power_turn_exists(start) == exists, start
            gods = start.lineup.gods
            limited = any(g in LIMITING for p, g in enumerate(gods) if p != start.to_move)
            if surely_a_turn(start):
                assert exists and not limited, start
                shortcuts += 1
            stuck += not exists
    assert stuck  # the crowded boards hold players without a turn
    assert shortcuts >= 5  # the short cut was taken, not only refused


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_a_win_exists_exactly_when_the_walk_finds_one_on_boards_of_towers(god: God) -> None:
    wins = shortcuts = 0
    for start in positions_holding(god, 500 + list(God).index(god), 2, _towers_and_stairs):
        mover = start.to_move
        exists = any(winner == mover for _, winner in power_outcomes(start))
        assert power_win_exists(start) == exists, start
        if surely_no_win(start):
            assert not exists, start
            shortcuts += 1
        wins += exists
    assert wins and shortcuts


TOWERS = ["a5", "b5", "c5", "d5"]


def test_chronus_can_win_by_building_the_fifth_tower_without_climbing() -> None:
    fields: dict[str, Any] = {"gods": {"A": "Chronus"}, "domes": TOWERS}
    four = position(
        {"A": ["a1", "e1"], "B": ["e3", "a3"]}, heights={c: 3 for c in [*TOWERS, "b1"]}, **fields
    )
    assert power_win_exists(four)
    fields["domes"] = TOWERS[:3]
    three = position(
        {"A": ["a1", "e1"], "B": ["e3", "a3"]}, heights={c: 3 for c in [*TOWERS, "b1"]}, **fields
    )
    assert not power_win_exists(three)  # the fourth is one dome short: two builds needed


def test_medusa_can_win_by_petrifying_the_last_worker_without_climbing() -> None:
    lone = {"A": ["b2", "e5"], "B": ["c3"]}
    assert power_win_exists(position(lone, gods={"A": "Medusa"}, heights={"b3": 1}))
    level = position(lone, gods={"A": "Medusa"}, heights={"b3": 1, "c3": 1})
    assert not power_win_exists(level)  # nobody stands above the worker on c3
    two = {"A": ["b2", "e5"], "B": ["c3", "a5"]}
    assert not power_win_exists(position(two, gods={"A": "Medusa"}, heights={"b3": 1}))


def test_triton_can_win_by_a_chain_of_steps_along_the_edge() -> None:
    edge = {"a2": 1, "a3": 2, "a4": 3}
    assert power_win_exists(position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, edge, {"A": "Triton"}))
    inland = {"a2": 1, "b3": 2, "c4": 3}  # the level-2 cell off the edge ends the chain
    found = position({"A": ["a1", "e5"], "B": ["c3", "e1"]}, inland, {"A": "Triton"})
    assert not power_win_exists(found)
    assert not any(winner == 0 for _, winner in power_outcomes(found))


def _quiet_is_the_walks(start: Any) -> None:
    walked = {result for result, winner in power_outcomes(start) if winner < 0}
    assert set(quiet_results(start)) == walked


def test_an_apollo_swap_carries_selenes_female_so_the_walk_lists_it() -> None:
    start = position(
        {"A": ["b2", "e5"], "B": ["c3", "a5"]},
        gods={"A": "Apollo", "B": "Selene"},
        female={"B": "c3"},
    )
    assert not plain_quiet(start)
    _quiet_is_the_walks(start)
    swapped = [p for p in quiet_results(start) if p.workers[0] >> 12 & 1]
    assert swapped and all(p.cards is not None and p.cards.female == 6 for p in swapped)


def test_demeter_building_two_of_five_towers_makes_chronus_win_so_it_is_not_quiet() -> None:
    towers = TOWERS[:3]
    start = position(
        {"A": ["b2", "e1"], "B": ["e3", "e4"]},
        gods={"A": "Demeter", "B": "Chronus"},
        heights={c: 3 for c in [*towers, "a1", "c1"]},
        domes=towers,
    )
    assert not plain_quiet(start)
    _quiet_is_the_walks(start)
    won = [result for result, winner in power_outcomes(start) if winner == 1]
    assert won  # b2-b1, domes on a1 and c1: the fifth tower is Chronus'
