"""Messy hands through the whole simulated board (mock pins, pty bridge, fusion, referee):
the referee forgives what a good human referee forgives, and says clearly what it cannot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.scenario import ScenarioError
from tests.scenarios.test_scenarios import placed, run, steps, turns


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
