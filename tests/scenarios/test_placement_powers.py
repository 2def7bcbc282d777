"""The powers that act while the workers are placed, through the whole simulated board
(mock pins, pty bridge, fusion, referee): Bia places first, Eros on opposite edges,
Selene's female worker known from her first placement and followed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenarios.test_scenarios import run, run_result, steps, turns


def workers(t0: float, *placements: tuple[str, str]) -> list[dict[str, Any]]:
    """Workers put down 0.7 s apart: (cell, player) in order."""
    return [
        {"t": round(t0 + i * 0.7, 3), "op": "place", "cell": cell, "piece": "worker", "player": p}
        for i, (cell, p) in enumerate(placements)
    ]


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_bias_player_places_first_and_the_start_player_moves_first(sensors: str) -> None:
    events = workers(0.0, ("c3", "B"), ("d3", "B"), ("a1", "A"), ("e5", "A")) + steps(
        5.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block")
    )
    result = run(events, {"A": "Pan", "B": "Bia"}, sensors)
    assert turns(result) == ["A: a1-a2 a3"] and result["errors"] == []
    assert result["position"]["workers"] == {"A": ["a2", "e5"], "B": ["c3", "d3"]}


def test_a_worker_put_down_before_bias_waits_for_its_turn_where_the_sensors_can_tell() -> None:
    events = workers(0.0, ("a1", "A"), ("c3", "B"), ("d3", "B"), ("e5", "A"))
    result = run_result(events, {"A": "Pan", "B": "Bia"}, "polarity")
    placed = [(e.player, e.text) for e in result.events if e.kind == "worker_placed"]
    assert placed == [("B", "c3"), ("B", "d3"), ("A", "a1"), ("A", "e5")]
    assert result.to_json()["errors"] == []


def test_the_setup_lights_show_only_the_cells_eros_may_use() -> None:
    first = run(workers(0.0, ("a3", "A")), {"A": "Eros"})
    assert sorted(first["lights"]) == ["e1", "e2", "e3", "e4", "e5"]
    assert {first["lights"][cell] for cell in ("e1", "e5")} == {"setup"}
    empty = run([], {"A": "Eros"})
    assert len(empty["lights"]) == 16 and "c3" not in empty["lights"]


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_eros_worker_off_the_opposite_edge_is_an_error_until_moved_there(sensors: str) -> None:
    events = workers(0.0, ("a3", "A"), ("a5", "A")) + steps(
        4.0, ("lift", "a5"), ("place", "e2", "worker", "A")
    )
    events += workers(7.0, ("c3", "B"), ("c4", "B"))
    result = run(events, {"A": "Eros", "B": "Pan"}, sensors)
    assert [error["cells"] for error in result["errors"]] == [["a5"]]
    assert result["position"]["workers"] == {"A": ["a3", "e2"], "B": ["c3", "c4"]}


def test_eros_first_worker_off_the_edges_is_an_error() -> None:
    result = run(workers(0.0, ("c3", "A")), {"A": "Eros"})
    assert [error["cells"] for error in result["errors"]] == [["c3"]]


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_selenes_first_worker_is_her_female_and_the_board_says_so(sensors: str) -> None:
    events = workers(0.0, ("c2", "A"), ("a4", "A"), ("e5", "B"), ("e1", "B"))
    result = run_result(events, {"A": "Selene", "B": "Pan"}, sensors)
    said = [(e.player, e.text) for e in result.events if e.kind == "female_worker"]
    assert said == [("A", "c2: Selene's female worker")]
    assert result.to_json()["position"]["female"] == {"A": "c2"}


def test_selenes_female_followed_through_her_move_and_an_apollo_swap() -> None:
    events = workers(0.0, ("c2", "A"), ("a4", "A"), ("c3", "B"), ("e5", "B"))
    events += steps(4.0, ("lift", "c2"), ("place", "d2", "worker", "A"), ("place", "e2", "block"))
    events += steps(
        7.0,
        ("lift", "c3"),
        ("lift", "d2"),
        ("place", "c3", "worker", "A"),
        ("place", "d2", "worker", "B"),
        ("place", "d3", "block"),
    )
    result = run(events, {"A": "Selene", "B": "Apollo"})
    assert turns(result) == ["A: c2-d2 e2", "B: c3-d2 d3"] and result["errors"] == []
    assert result["position"]["female"] == {"A": "c3"}


def test_selenes_female_builds_a_low_dome_on_the_board() -> None:
    events = workers(0.0, ("c2", "A"), ("a4", "A"), ("e5", "B"), ("e1", "B"))
    events += steps(4.0, ("lift", "a4"), ("place", "a3", "worker", "A"), ("place", "b2", "dome"))
    result = run(events, {"A": "Selene", "B": "Pan"})
    assert turns(result) == ["A: a4-a3 b2X"] and result["position"]["domes"] == ["b2"]


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_selenes_female_pushed_by_minotaur_is_still_her_female(sensors: str) -> None:
    events = workers(0.0, ("b2", "A"), ("a5", "A"), ("c3", "B"), ("e1", "B"))
    events += steps(
        4.0,
        ("lift", "c3"),
        ("place", "d4", "worker", "B"),
        ("lift", "b2"),
        ("place", "c3", "worker", "A"),
        ("place", "b2", "block"),
    )
    result = run(events, {"A": "Minotaur", "B": "Selene"}, sensors)
    assert turns(result) == ["A: b2-c3 b2"] and result["errors"] == []
    assert result["position"]["female"] == {"B": "d4"}
