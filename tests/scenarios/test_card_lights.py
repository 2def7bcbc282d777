"""What the cards hold, lit on the whole simulated board (mock pins, pty bridge, fusion,
referee, lights): Selene's female worker from her placement on, and Chaos' new power
when he draws."""

from __future__ import annotations

import pytest

from tests.scenarios.test_placement_powers import workers
from tests.scenarios.test_scenarios import run, steps, turns

CHAOS_AGAINST_SELENE = {"A": "Chaos", "B": "Selene"}


def selenes_dome() -> list[dict[str, object]]:
    """A (Chaos, holding Apollo: the first card of the default deck) moves and builds,
    then Selene's female (her first worker, c2) domes at level 0: Chaos draws Artemis."""
    events = workers(0.0, ("a1", "A"), ("e5", "A"), ("c2", "B"), ("e1", "B"))
    events += steps(4.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
    events += steps(7.0, ("lift", "c2"), ("place", "c3", "worker", "B"), ("place", "d3", "dome"))
    return events


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_chaos_draw_lights_his_workers_and_the_drawn_gods_menu_cell(sensors: str) -> None:
    result = run(selenes_dome(), CHAOS_AGAINST_SELENE, sensors)
    assert turns(result) == ["A: a1-a2 a3", "B: c2-c3 d3X"] and result["errors"] == []
    assert result["position"]["chaos"]["A"]["power"] == "Artemis"
    assert result["lights"] == {"a2": "chaos_draw", "e5": "chaos_draw", "b1": "chaos_card"}


def test_chaos_draw_light_ends_with_the_next_turns_first_step() -> None:
    events = selenes_dome()
    events += steps(10.0, ("lift", "a2"), ("place", "b2", "worker", "A"))
    result = run(events, CHAOS_AGAINST_SELENE)
    assert result["errors"] == []
    assert not {"chaos_draw", "chaos_card"} & set(result["lights"].values())
    assert result["lights"]["b1"] == "build"  # Artemis' cell is a build again


@pytest.mark.parametrize("sensors", ["presence", "polarity"])
def test_selenes_female_is_lit_while_she_places_her_second_worker(sensors: str) -> None:
    events = workers(0.0, ("a1", "A"), ("e5", "A"), ("c2", "B"))
    lights = run(events, {"A": "Pan", "B": "Selene"}, sensors)["lights"]
    assert lights["c2"] == "female" and lights["c3"] == "setup" and len(lights) == 23


def test_selenes_female_is_lit_at_the_start_of_her_turn() -> None:
    events = workers(0.0, ("a1", "A"), ("e5", "A"), ("c2", "B"), ("e1", "B"))
    events += steps(4.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
    result = run(events, {"A": "Pan", "B": "Selene"})
    assert result["lights"] == {"c2": "female", "e1": "turn_worker"}
