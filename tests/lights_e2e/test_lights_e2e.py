"""The simulated strip shows what the referee says, through the whole simulated board:
mock pins and the pty bridge in, referee, scene, compositor and the recorded PixelBuf out.

Pixels are read back through the board's pixel map (here two pixels a cell, serpentine,
turned 90 degrees), so a wrong map, a stale pixel or a missing frame fails.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from santorini_hw.hardware.config import HardwareConfig, PixelMap, load_hardware_config
from santorini_hw.hints.search import best_turn
from santorini_hw.lights.frames import Frame, Renderer
from santorini_hw.lights.palette import DARK
from santorini_hw.lights.scenes import Element, Fix, Mark, Scene
from santorini_hw.rules.cells import CELL_COUNT, cell_name
from santorini_hw.rules.position_json import position_from_json
from sim.runner import HINT_NODES, RunResult, run_scenario
from sim.scenario import scenario_from_json
from tests.scenarios.test_scenarios import placed, steps

MAP = PixelMap(pixels_per_cell=2, serpentine=True, rotation=90)
SETUP = placed(("a1", "e5"), ("c3", "e1"))
PLAY = 4.0
"""When play starts, setup done."""


def config() -> HardwareConfig:
    base = load_hardware_config()
    return dataclasses.replace(base, lights=dataclasses.replace(base.lights, map=MAP))


def run(events: list[dict[str, Any]], **document: Any) -> RunResult:
    scenario = scenario_from_json({"players": ["A", "B"], "events": events, **document})
    return asyncio.run(run_scenario(scenario, config()))


def lit(frame: Frame) -> dict[str, tuple[int, int, int]]:
    """Each lit cell's colour, read from the strip through the pixel map."""
    cells = {}
    for cell in range(CELL_COUNT):
        colours = {frame[pixel] for pixel in MAP.pixels_of(cell)}
        assert len(colours) == 1, f"{cell_name(cell)}'s pixels disagree: {colours}"
        colour = colours.pop()
        if colour != DARK:
            cells[cell_name(cell)] = colour
    return cells


def frames_since(result: RunResult, t: float) -> list[Frame]:
    """The frame on the strip at `t` and every frame written after it."""
    before = [frame for at, frame in result.frames if at <= t]
    return before[-1:] + [frame for at, frame in result.frames if at > t]


def rendered(scene: Scene) -> Frame:
    return Renderer.from_config(config().lights).render(scene, age=0.0)


def test_a_lifted_worker_lights_exactly_its_destinations_on_the_strip() -> None:
    result = run(SETUP + steps(PLAY, ("lift", "a1")))
    destinations = ["a2", "b1", "b2"]
    expected = rendered(Scene().with_marks(destinations, Mark(Element.DESTINATION)))
    assert result.frames[-1][1] == expected
    assert sorted(lit(result.frames[-1][1])) == destinations
    assert result.to_json()["lights"] == dict.fromkeys(destinations, "destination")


def test_the_turn_begins_with_the_movers_lit_and_the_rest_dark() -> None:
    result = run(SETUP)
    mover = Mark(Element.TURN_WORKER, player=0)
    assert result.frames[-1][1] == rendered(Scene().with_marks(["a1", "e5"], mover))


def test_a_hint_press_lights_worker_destination_and_build() -> None:
    result = run(SETUP + steps(PLAY, ("press", "hint")))
    shown = result.to_json()["lights"]
    assert sorted(shown.values()).count("hint_worker") == 1
    assert {"hint_worker", "hint_move"} <= set(shown.values())
    [worker] = [cell for cell, mark in shown.items() if mark == "hint_worker"]
    # The build is lit, unless it goes back onto the cell the worker leaves (still lit as
    # the worker to move).
    assert "hint_build" in shown.values() or hint_builds_on(result, worker)
    pressed = next(e.time for e in result.events if e.kind == "hint_requested")
    for frame in frames_since(result, pressed + 0.1):
        assert set(lit(frame)) == set(shown)  # the pulses never go dark; nothing else lit


def hint_builds_on(result: RunResult, cell: str) -> bool:
    """The simulator's hint (the one the lights show) builds on `cell`."""
    position = position_from_json(result.to_json()["position"])
    turn = best_turn(position, node_budget=HINT_NODES).turn
    assert turn is not None
    return any(not a.is_move and cell_name(a.dst) == cell for a in turn.actions)


def test_an_illegal_climb_lights_only_the_error_cell_in_vermillion() -> None:
    events = SETUP + steps(
        PLAY, ("place", "b2", "block"), ("place", "b2", "block"), ("press", "done")
    )
    # b2 is now level 2 without a legal build: the board shows the first fix only.
    result = run(events)
    raised = [e for e in result.events if e.kind == "error_raised"]
    assert raised and result.to_json()["lights"] == {"b2": "error"}
    vermillion = lit(rendered(Scene().with_mark("b2", Mark.error(Fix.REMOVE_PIECE))))["b2"]
    after = frames_since(result, raised[0].time + 0.05)  # the next frame slot
    assert all(set(lit(frame)) <= {"b2"} for frame in after)
    assert any(lit(frame).get("b2") == vermillion for frame in after)


def test_an_illegal_move_shows_the_cell_to_clear_then_the_legal_moves_again() -> None:
    events = SETUP + steps(PLAY, ("lift", "a1"), ("place", "a3", "worker", "A"))
    result = run(events)
    assert result.to_json()["errors"][0]["cells"][0] == "a3"
    assert result.to_json()["lights"] == {"a3": "error"}
    fixed = run(events + steps(PLAY + 4.0, ("lift", "a3"), ("place", "a1", "worker", "A")))
    assert fixed.to_json()["lights"] == {"a1": "turn_worker", "e5": "turn_worker"}
    assert sorted(lit(fixed.frames[-1][1])) == ["a1", "e5"]


def test_noise_does_not_leave_a_stale_pixel_lit() -> None:
    events = SETUP + steps(PLAY, ("lift", "a1"), ("place", "b2", "worker", "A"))
    result = run(events, noise={"seed": 5, "flicker": 0.01, "bounce_ms": 30})
    shown = result.to_json()["lights"]
    assert set(shown.values()) == {"build"} and "a1" in shown and "b2" not in shown
    assert set(lit(result.frames[-1][1])) == set(shown)
