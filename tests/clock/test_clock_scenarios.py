"""The game clock on the simulated board (scenario contract): banks left, the loss on
time, and the warning on the lights, all on the simulated clock (nothing waits)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any

import pytest

from santorini_hw.lights.palette import DEFAULT_PALETTE, TICK
from santorini_hw.lights.scenes import Element, Mark
from sim.runner import run_scenario
from sim.scenario import ScenarioError, scenario_from_json
from tests.scenarios.test_scenarios import placed, steps


def scenario(events: list[dict[str, Any]], clock: str | None = "60+300") -> dict[str, Any]:
    document: dict[str, Any] = {"players": ["A", "B"], "events": events}
    if clock is not None:
        document["clock"] = clock
    return document


def run(document: dict[str, Any]) -> dict[str, Any]:
    return asyncio.run(run_scenario(scenario_from_json(document))).to_json()


def a_turn(t0: float) -> list[dict[str, Any]]:
    return steps(t0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))


def test_a_slow_turn_drains_the_bank_and_the_output_says_so() -> None:
    # A's placement starts at t=0 (A places at 0 and 0.7: within the minute); B places
    # at 1.4 and 2.1; A's first turn starts once B's second worker is accepted and ends
    # at about 91 s: some 29 s over the minute.
    events = placed(("a1", "e1"), ("a5", "e5")) + a_turn(90.0)
    result = run(scenario(events))
    assert result["turns"] == [{"player": "A", "actions": ["a1-a2", "a3"]}]
    assert result["lost_on_time"] is None and result["winner"] is None
    assert result["clock"]["B"] == 300.0
    assert 270.0 < result["clock"]["A"] < 272.0


def test_without_a_clock_the_output_has_no_clock_fields() -> None:
    result = run(scenario(placed(("a1", "e1"), ("a5", "e5")), clock=None))
    assert "clock" not in result and "lost_on_time" not in result


def test_a_player_who_runs_out_of_time_loses_and_the_winner_scene_shows() -> None:
    # B never moves after A's turn: B's minute and 30 s bank are gone at about 93.8 s;
    # the event at 200 s (a lift and put back, nothing changes) only makes time pass.
    events = placed(("a1", "e1"), ("a5", "e5")) + a_turn(3.0)
    events += [
        {"t": 200.0, "op": "lift", "cell": "a5"},
        {"t": 200.5, "op": "place", "cell": "a5", "piece": "worker", "player": "B"},
    ]
    result = run(scenario(events, "60+30"))
    assert result["lost_on_time"] == "B" and result["winner"] == "A"
    assert result["clock"] == {"A": 30.0, "B": 0.0}
    assert result["lights"] == {"a2": "winner", "e1": "winner"}


def test_the_lights_warn_in_the_last_ten_seconds_of_the_minute() -> None:
    events = [
        *placed(("a1", "e1"), ("a5", "e5")),
        {"t": 55.0, "op": "lift", "cell": "a5"},  # B's hand is not A's move: no effect
        {"t": 55.5, "op": "place", "cell": "a5", "piece": "worker", "player": "B"},
    ]
    # The runner stops at the last event: A's first turn (from ~2.2 s) is in its last 10 s.
    warned = run(scenario(events))
    assert warned["lights"]["a1"] == "clock_low" and warned["lights"]["e1"] == "clock_low"
    calm = run(scenario(events, clock=None))
    assert calm["lights"]["a1"] == "turn_worker"


def test_the_warning_pattern_is_colour_blind_safe_and_slow() -> None:
    look = DEFAULT_PALETTE.look(Mark(Element.CLOCK_LOW, player=1))
    assert look.pattern is TICK and min(seconds for _, seconds in TICK.steps) >= 1 / 6
    assert look.colour(0.0) == DEFAULT_PALETTE.players[1].rgb
    assert look.colour(0.5) == (255, 255, 255)  # a change of brightness, not only of hue


def test_a_bad_clock_names_the_field() -> None:
    with pytest.raises(ScenarioError, match=r"^clock: "):
        scenario_from_json(scenario([], clock="sixty"))
    with pytest.raises(ScenarioError, match=r"^clock: .*two sides"):
        scenario_from_json(
            {"players": ["A", "B", "C"], "gods": {"A": "Pan", "B": "Atlas", "C": "Apollo"},
             "clock": "60+300", "events": []}
        )  # fmt: skip


def test_sim_run_json_prints_the_clock_contract(tmp_path: Any) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario(placed(("a1", "e1"), ("a5", "e5")) + a_turn(90.0))))
    done = subprocess.run(
        [sys.executable, "-m", "santorini_hw.cli", "sim", "run", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    printed = json.loads(done.stdout)
    assert set(printed["clock"]) == {"A", "B"} and printed["lost_on_time"] is None
    assert printed["clock"]["B"] == 300.0
