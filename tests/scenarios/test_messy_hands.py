"""Messy hands through the whole simulated board (mock pins, pty bridge, fusion, referee):
the referee forgives what a good human referee forgives, and says clearly what it cannot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from santorini_hw.referee.events import RefereeEvent
from sim.runner import RunResult
from sim.scenario import ScenarioError
from tests.scenarios.test_scenarios import placed, run, run_result, steps, turns


def test_an_ordinary_hermes_turn_is_recorded_as_played() -> None:
    events = placed(("c3", "a1"), ("e5", "e1")) + steps(
        5.0,
        ("lift", "c3"),
        ("place", "c4", "worker", "A"),
        ("place", "b4", "block"),
    )
    result = run(events, {"A": "Hermes"})
    assert turns(result) == ["A: c3-c4 b4"]
    assert result["errors"] == []


def test_an_impossible_event_is_refused_with_one_line_naming_it(tmp_path: Path) -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(
        5.0, ("place", "c4", "dome"), ("place", "c4", "block")
    )
    scenario = tmp_path / "game.json"
    scenario.write_text(json.dumps({"players": ["A", "B"], "events": events}))
    done = subprocess.run(
        [sys.executable, "-m", "santorini_hw.cli", "sim", "run", str(scenario)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == "error: events[5]: c4 is capped by a dome\n"
    assert done.stdout == ""


def test_a_lift_from_an_empty_cell_names_the_event() -> None:
    with pytest.raises(ScenarioError, match=r"^events\[4\]: nothing to lift on c4$"):
        run(placed(("a1", "e5"), ("c5", "e1")) + steps(5.0, ("lift", "c4")))


def test_a_worker_set_on_a_dome_is_the_referees_error() -> None:
    events = placed(("b2", "e5"), ("c5", "e1")) + steps(
        5.0,
        ("place", "d4", "dome"),
        ("lift", "b2"),
        ("place", "d4", "worker", "A"),
    )
    result = run(events, {"A": "Atlas"})
    assert result["turns"] == []
    assert len(result["errors"]) == 1 and result["errors"][0]["cells"][0] == "d4"
    assert result["errors"][0]["message"] == "d4: sensor fault (worker on a dome)"


A_TURN = (("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
"""A's turn a1-a2 a3, step by step."""


def played(t0: float, *turns_played: tuple[str, str]) -> list[dict[str, Any]]:
    """Ordinary turns ("A", "b1-a2 b2"), one every 3 s: lift, land, build."""
    events: list[dict[str, Any]] = []
    for number, (player, text) in enumerate(turns_played):
        move, build = text.split()
        src, dst = move.split("-")
        events += steps(
            t0 + 3.0 * number,
            ("lift", src),
            ("place", dst, "worker", player),
            ("place", build, "block"),
        )
    return events


def kinds(result: RunResult, *wanted: str) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in result.events if e.kind in wanted]


CLIMB = [
    ("A", "b1-a2 b2"),
    ("B", "e5-d5 e5"),
    ("A", "a2-b2 c2"),
    ("B", "d5-d4 d5"),
    ("A", "b2-b3 c3"),
    ("B", "d4-e4 d4"),
    ("A", "b3-b2 c3"),
    ("B", "e4-e5 e4"),
    ("A", "b2-b3 c3"),
    ("B", "e5-d5 e5"),
    ("A", "b3-b2 c2"),
    ("B", "d5-d4 d5"),
    ("A", "b2-c2 b2"),
    ("B", "d4-e4 d4"),
]
"""A's worker climbs to c2 (level 2) beside c3 (level 3); B walks around e5."""


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_a_win_is_a_win_even_after_a_stray_block(sensors: str) -> None:
    events = placed(("b1", "a1"), ("e5", "a5")) + played(5.0, *CLIMB)
    events += steps(50.0, ("lift", "c2"), ("place", "d2", "block"), ("place", "c3", "worker", "A"))
    result = run_result(events, sensors=sensors)
    assert result.game.winner == "A"
    assert [f"{t['player']}: {' '.join(t['actions'])}" for t in result.to_json()["turns"]][-1] == (
        "A: c2-c3"
    )
    assert result.to_json()["errors"] == []
    assert result.lights["d2"] == "error" and result.lights["c3"] == "winner"
    assert kinds(result, "stray_pieces") == [("stray_pieces", "d2: take off the stray piece")]


def test_the_stray_block_goes_dark_once_taken_off() -> None:
    events = placed(("b1", "a1"), ("e5", "a5")) + played(5.0, *CLIMB)
    events += steps(
        50.0,
        ("lift", "c2"),
        ("place", "d2", "block"),
        ("place", "c3", "worker", "A"),
        ("lift", "d2"),
    )
    result = run_result(events)
    assert result.game.winner == "A" and "d2" not in result.lights
    assert [e.cells for e in result.events if e.kind == "stray_pieces"] == [("d2",), ()]


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_the_last_build_is_corrected_before_the_next_player_touches(sensors: str) -> None:
    events = placed(("c3", "a1"), ("e5", "e1")) + steps(
        5.0,
        ("lift", "c3"),
        ("place", "c4", "worker", "A"),
        ("place", "b4", "block"),
    )
    events += steps(7.3, ("lift", "b4"), ("place", "b5", "block"))  # half a second later
    events += played(10.0, ("B", "e1-d1 d2"))
    result = run_result(events, sensors=sensors)
    assert turns(result.to_json()) == ["A: c3-c4 b5", "B: e1-d1 d2"]
    assert result.to_json()["errors"] == []
    assert kinds(result, "turn_complete", "action_retracted", "turn_amended") == [
        ("turn_complete", "c3-c4 b4"),
        ("action_retracted", "b4"),
        ("turn_amended", "c3-c4 b5"),
        ("turn_complete", "e1-d1 d2"),
    ]


def test_the_turn_ends_at_once_and_the_next_player_is_guided_meanwhile() -> None:
    events = placed(("c3", "a1"), ("e5", "e1")) + steps(
        5.0, ("lift", "c3"), ("place", "c4", "worker", "A"), ("place", "b4", "block")
    )
    result = run_result(events)
    ended = next(e.time for e in result.events if e.kind == "turn_complete")
    assert ended < 6.2 + 0.3  # the build settles and the turn is over
    assert result.lights["e5"] == result.lights["e1"] == "turn_worker"


def test_a_correction_after_the_next_player_touched_is_an_error() -> None:
    events = placed(("c3", "a1"), ("e5", "e1")) + steps(
        5.0, ("lift", "c3"), ("place", "c4", "worker", "A"), ("place", "b4", "block")
    )
    events += steps(8.0, ("lift", "e1"), ("place", "e1", "worker", "B"))
    events += steps(10.0, ("lift", "b4"), ("place", "b5", "block"))
    result = run_result(events)
    assert turns(result.to_json()) == ["A: c3-c4 b4"]
    assert [e["cells"] for e in result.to_json()["errors"]] == [["b5", "b4"]]


def test_a_placement_is_corrected_before_the_next_placement() -> None:
    events = steps(
        0.0,
        ("place", "a1", "worker", "A"),
        ("lift", "a1"),
        ("place", "a2", "worker", "A"),
        ("place", "e5", "worker", "A"),
        ("place", "c5", "worker", "B"),
        ("place", "e1", "worker", "B"),
        ("lift", "e1"),
        ("place", "d1", "worker", "B"),  # the last placement, before A's first touch
    )
    result = run_result(events, sensors="polarity")
    assert result.to_json()["position"]["workers"] == {"A": ["a2", "e5"], "B": ["c5", "d1"]}
    assert result.to_json()["errors"] == []
    amended = [e.cells for e in result.events if e.kind == "placement_amended"]
    assert amended == [("a1", "a2"), ("e1", "d1")]
    journal = [line.cells for line in result.game.record]
    assert journal == [(1 * 5 + 0, 4 * 5 + 4), (4 * 5 + 2, 0 * 5 + 3)]


@pytest.mark.parametrize("god", ["Demeter", "Hephaestus", "Artemis", "Prometheus"])
def test_the_next_players_first_touch_ends_an_optional_extra(god: str) -> None:
    opening = {
        "Demeter": [("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block")],
        "Hephaestus": [("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block")],
        "Artemis": [("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block")],
        "Prometheus": [("place", "b1", "block"), ("lift", "a1"), ("place", "a2", "worker", "A")],
    }[god]
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(5.0, *opening) + steps(8.0, ("lift", "c5"))
    result = run_result(events, {"A": god})
    completes = [e for e in result.events if e.kind == "turn_complete"]
    assert [e.player for e in completes] == ["A"]
    assert completes[0].time < 8.0 + 0.3  # at the lift, not when the worker lands
    destinations = {cell for cell, kind in result.lights.items() if kind == "destination"}
    assert destinations == {"b4", "b5", "c4", "d4", "d5"}


def test_a_block_the_next_player_puts_down_first_is_theirs() -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(
        5.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block")
    )
    events += steps(8.0, ("lift", "c5"), ("place", "b4", "block"), ("place", "c4", "worker", "B"))
    result = run_result(events, {"A": "Demeter"}, sensors="polarity")
    assert turns(result.to_json()) == ["A: a1-a2 a3", "B: c5-c4 b4"]
    assert result.to_json()["errors"] == []


def test_undo_is_patient_while_the_board_is_put_back() -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(
        5.0,
        *A_TURN,
        ("press", "undo"),
        ("lift", "a2"),  # held in the hand for seconds...
    )
    events += steps(12.0, ("lift", "a3"))  # ...while the block goes back in the box
    events += steps(16.0, ("place", "a1", "worker", "A"))
    result = run_result(events)
    assert result.to_json()["errors"] == []
    assert result.to_json()["turns"] == [] and result.game.player == "A"
    assert kinds(result, "undo") == [("undo", "")]


def test_undo_is_dropped_when_play_goes_on() -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(
        5.0,
        *A_TURN,
        ("press", "undo"),  # a mistake: B simply plays
    )
    events += played(9.0, ("B", "c5-c4 b4"))
    result = run_result(events)
    assert turns(result.to_json()) == ["A: a1-a2 a3", "B: c5-c4 b4"]
    assert result.to_json()["errors"] == []
    cancelled = [e.time for e in result.events if e.kind == "undo_cancelled"]
    assert len(cancelled) == 1 and 6.8 + 1.5 <= cancelled[0] < 9.6 + 0.3  # at B's move


def test_a_whole_turn_played_onto_the_cell_an_undo_would_refill_is_play_going_on() -> None:
    """After a mistaken undo, B (Morpheus, whose move alone is a whole turn) moves onto
    a1, where the takeback would put A's worker back; then A starts the next turn. With
    every worker on the board, b2's worker cannot be in a hand on its way back: it moved."""
    events = placed(("a1", "e5"), ("b2", "e1")) + steps(
        5.0,
        *A_TURN,
        ("press", "undo"),
        ("lift", "b2"),
        ("place", "a1", "worker", "B"),
    )
    events += steps(12.0, ("lift", "e5"), ("place", "d4", "block"), ("place", "d5", "worker", "A"))
    result = run_result(events, {"B": "Morpheus"})
    assert turns(result.to_json()) == ["A: a1-a2 a3", "B: b2-a1", "A: e5-d5 d4"]
    assert result.to_json()["errors"] == []
    assert kinds(result, "undo_cancelled", "undo") == [("undo_cancelled", "")]


@pytest.mark.parametrize("button", ["undo", "done"])
def test_a_second_undo_press_or_done_cancels_the_undo(button: str) -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(
        5.0,
        *A_TURN,
        ("press", "undo"),
        ("press", button),
    )
    result = run_result(events)
    assert kinds(result, "undo_cancelled", "undo") == [("undo_cancelled", "")]
    assert turns(result.to_json()) == ["A: a1-a2 a3"]


def replay(events: list[RefereeEvent]) -> list[list[str]]:
    """An API client's view: turns rebuilt from the event stream alone."""
    turns_seen: list[list[str]] = [[]]
    for event in events:
        if event.kind == "action":
            turns_seen[-1].append(event.text)
        elif event.kind == "action_retracted":
            if not turns_seen[-1]:
                turns_seen.pop()
            assert turns_seen[-1].pop() == event.text
        elif event.kind in ("turn_complete", "turn_amended"):
            turns_seen.append([])
    return [turn for turn in turns_seen if turn]


def test_a_taken_back_action_is_retracted_in_the_event_stream() -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(
        5.0,
        ("lift", "a1"),
        ("place", "a2", "worker", "A"),
        ("lift", "a2"),
        ("place", "b2", "worker", "A"),  # moved elsewhere before the build
        ("place", "b3", "block"),
    )
    events += steps(9.0, ("lift", "b3"), ("place", "c3", "block"))  # and the build amended
    result = run_result(events)
    assert turns(result.to_json()) == ["A: a1-b2 c3"]
    assert kinds(result, "action", "action_retracted")[:3] == [
        ("action", "a1-a2"),
        ("action_retracted", "a1-a2"),
        ("action", "a1-b2"),
    ]
    assert replay(result.events) == [["a1-b2", "c3"]]


def test_play_going_on_right_after_the_press_waits_for_the_grace_period() -> None:
    events = placed(("a1", "e5"), ("c5", "e1")) + steps(5.0, *A_TURN, ("press", "undo"))
    events += steps(7.2, ("lift", "c5"), ("place", "c4", "worker", "B"))
    result = run_result(events)
    cancelled = [e.time for e in result.events if e.kind == "undo_cancelled"]
    assert len(cancelled) == 1 and 6.8 + 1.5 <= cancelled[0] < 6.8 + 1.5 + 0.1
    assert kinds(result, "action")[-1] == ("action", "c5-c4")
    assert result.to_json()["errors"] == []
