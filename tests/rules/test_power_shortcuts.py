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
from santorini_hw.rules.power_shortcuts import (
    plain_quiet,
    surely_a_turn,
    surely_a_win,
    surely_no_win,
)
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
    shortcuts = limited_shortcuts = stuck = 0
    for shape, reshape in RESHAPES.items():
        seed = 400 + 3 * list(God).index(god) + list(RESHAPES).index(shape)
        for start in positions_holding(god, seed, 1, reshape):
            exists = bool(power_outcomes(start))
            assert power_turn_exists(start) == exists, start
            gods = start.lineup.gods
            opposing = {g for p, g in enumerate(gods) if p != start.to_move}
            if surely_a_turn(start):
                assert exists and God.CIRCE not in opposing, start
                shortcuts += 1
                limited_shortcuts += bool(opposing & LIMITING)
            stuck += not exists
    assert stuck  # the crowded boards hold players without a turn
    assert shortcuts >= 5  # the short cut was taken, not only refused
    if god in LIMITING - {God.CIRCE}:
        assert limited_shortcuts >= 5  # taken against the power too


@pytest.mark.parametrize("god", ADVANCED_GODS, ids=lambda god: god.value)
def test_a_win_exists_exactly_when_the_walk_finds_one(god: God) -> None:
    wins = own_shortcuts = sure_wins = 0
    for shape, reshape in RESHAPES.items():
        seed = 500 + 3 * list(God).index(god) + list(RESHAPES).index(shape)
        for start in positions_holding(god, seed, 1, reshape):
            mover = start.to_move
            exists = any(winner == mover for _, winner in power_outcomes(start))
            assert power_win_exists(start) == exists, start
            if surely_no_win(start):
                assert not exists, start
                own_shortcuts += start.lineup.gods[mover] is god
            if surely_a_win(start):
                assert exists, start
                sure_wins += 1
            wins += exists
    assert wins  # the boards hold wins to deny
    assert own_shortcuts >= 5  # the short cut was taken for the god's own turns
    assert sure_wins >= 5  # and the sure win too


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


def _wins(start: Any) -> bool:
    """The walk's answer: some turn of the player to move wins for them."""
    return any(winner == start.to_move for _, winner in power_outcomes(start))


def test_eros_meeting_on_level_one_is_a_win_the_short_cuts_leave_to_the_walk() -> None:
    meeting = position({"A": ["b2", "d2"], "B": ["e5", "a5"]}, {"b2": 1, "c2": 1}, {"A": "Eros"})
    assert _wins(meeting) and not surely_no_win(meeting) and not plain_quiet(meeting)
    apart = position({"A": ["b2", "d2"], "B": ["e5", "a5"]}, {"b2": 1}, {"A": "Eros"})
    assert not _wins(apart) and surely_no_win(apart) and plain_quiet(apart)
    _quiet_is_the_walks(apart)
    three = {"A": ["b2", "d2"], "B": ["e5", "a5"], "C": ["e1", "a3"]}
    ground = position(three, gods={"A": "Eros"})  # three players: any level, b2 and c2
    assert _wins(ground) and not surely_no_win(ground) and not plain_quiet(ground)


def test_bias_removal_of_the_last_opposing_worker_wins_only_in_a_line() -> None:
    gods = {"A": "Bia"}
    lone = position({"A": ["a1", "e5"], "B": ["c3"]}, gods=gods)
    assert _wins(lone) and not surely_no_win(lone)  # a1-b2 removes c3
    askew = position({"A": ["a1", "e5"], "B": ["c4"]}, gods=gods)
    assert not _wins(askew) and surely_no_win(askew)
    two = position({"A": ["a1", "e5"], "B": ["c3", "a4"]}, gods=gods)
    assert not _wins(two) and surely_no_win(two)


def test_pans_drop_beside_an_advanced_god_is_left_to_the_walk() -> None:
    ring = dict.fromkeys(["b2", "c2", "d2", "b3", "d3", "b4", "d4"], 1)
    drop = position(
        {"A": ["c3", "a1"], "B": ["e5", "c4"]}, {**ring, "c3": 2}, {"A": "Pan", "B": "Ares"}
    )
    free = position(
        {"A": ["c3", "a1"], "B": ["e5", "a5"]}, {**ring, "c3": 2}, {"A": "Pan", "B": "Ares"}
    )
    assert not _wins(drop) and surely_no_win(drop)  # c4, the one cell below, is taken
    assert _wins(free) and not surely_no_win(free)


@pytest.mark.parametrize(
    "gods",
    [{"A": "Artemis", "B": "Zeus"}, {"A": "Chaos", "B": "Zeus"}, {"A": "Circe", "B": "Artemis"}],
    ids=["Artemis", "Chaos showing Artemis", "Circe taking Artemis'"],
)
def test_artemis_two_steps_up_to_level_three_are_left_to_the_walk(gods: dict[str, str]) -> None:
    extra: dict[str, Any] = (
        {"chaos": {"A": {"power": "Artemis", "deck": []}}} if "Chaos" in gods.values() else {}
    )
    workers = {"A": ["a1", "e1"], "B": ["e5", "a5"]}
    stairs = position(workers, {"a1": 1, "b2": 2, "c3": 3}, gods, **extra)
    assert _wins(stairs) and not surely_no_win(stairs)
    steep = position(workers, {"a1": 1, "b2": 1, "c3": 3}, gods, **extra)
    assert not _wins(steep) and surely_no_win(steep)


def test_dionysus_turn_is_plain_only_with_no_tower_to_dome_within_two_steps() -> None:
    gods = {"A": "Dionysus"}
    plain = position({"A": ["a1", "b1"], "B": ["e5", "a5"]}, {"e1": 3}, gods)
    assert plain_quiet(plain)
    _quiet_is_the_walks(plain)
    near = position({"A": ["a1", "b1"], "B": ["e5", "a5"]}, {"d2": 3}, gods)
    assert not plain_quiet(near)
    _quiet_is_the_walks(near)
    standing = position({"A": ["a1", "b1"], "B": ["e5", "a5"]}, {"a1": 3}, gods)
    assert not plain_quiet(standing)  # the cell the worker leaves can be domed
    assert any(p.cards is not None and p.cards.extra_turns for p in quiet_results(standing))


BOXED = ["a2", "b1", "b2"]
"""Domes around a1: its worker cannot step, so the worker on d4 alone may have a turn."""


@pytest.mark.parametrize(
    ("opponent", "heights", "domes"),
    [
        ("Hypnus", {"d4": 1}, []),  # d4, the highest worker, is held
        ("Aphrodite", {}, ["d3", "e3", "d5", "e5"]),  # d4 may step only away from e4
        ("Limus", {}, ["c3", "c4", "c5", "d3", "e3", "e5"]),  # d4-d5 may build only by e4
    ],
)
def test_a_limiting_opponent_can_leave_the_mover_without_a_turn(
    opponent: str, heights: dict[str, int], domes: list[str]
) -> None:
    workers = {"A": ["a1", "d4"], "B": ["e1", "e4"]}
    stuck = position(workers, heights, {"B": opponent}, [*BOXED, *domes])
    assert not power_outcomes(stuck) and not surely_a_turn(stuck)
    assert not power_turn_exists(stuck)
    blind = position(workers, heights, None, [*BOXED, *domes])
    assert power_outcomes(blind) and surely_a_turn(blind)  # the power alone forbids


CLIMB = {"b2": 2, "c3": 3}
"""The worker on b2 may step up onto c3 (an inland cell): a win unless a power forbids."""


@pytest.mark.parametrize(
    ("opponent", "workers", "heights", "extra"),
    [
        (None, {"A": ["b2", "e5"], "B": ["a5", "e1"]}, CLIMB, {}),
        ("Hypnus", {"A": ["b2", "e5"], "B": ["a5", "e1"]}, CLIMB, {}),  # b2 is held
        ("Aphrodite", {"A": ["b2", "e5"], "B": ["a1", "e1"]}, CLIMB, {}),  # c3 is not by a1
        ("Hera", {"A": ["b2", "e5"], "B": ["d5", "e1"]}, {"b2": 2, "a3": 3}, {}),  # a3: edge
        ("Athena", {"A": ["b2", "e5"], "B": ["a5", "e1"]}, CLIMB, {"athena_moved_up": True}),
    ],
)
def test_a_step_onto_level_three_is_a_sure_win_unless_a_power_forbids_it(
    opponent: str | None, workers: dict[str, list[str]], heights: dict[str, int], extra: Any
) -> None:
    gods = {"B": opponent} if opponent else None
    start = position(workers, heights, gods, **extra)
    assert surely_a_win(start) == (opponent is None) == _wins(start)
    assert power_win_exists(start) == _wins(start)


def test_no_sure_win_in_an_additional_turn_nor_against_circe() -> None:
    workers = {"A": ["b2", "e5"], "B": ["a5", "e1"]}
    owed = position(workers, CLIMB, {"A": "Dionysus"}, extra_turns=1)
    assert not surely_a_win(owed) and not _wins(owed)  # nobody wins an additional turn
    circe = position(workers, CLIMB, {"B": "Circe"})
    assert not surely_a_win(circe) and _wins(circe)  # left to the walk, which finds it
