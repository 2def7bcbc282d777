"""The engine across the table, through the whole simulated board (mock pins, the pty
bridge, fusion, referee, lights): its placement and turns shown, carried out by the
simulated hand and recorded as shown; a wrong carry-out lit and fixed; a premove; a
takeback; the clock held while a turn is carried out; engine against engine to the end."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sim.runner import RunResult, run_scenario
from sim.scenario import ScenarioError, scenario_from_json
from tests.scenarios.test_scenarios import steps

ENGINE_B = {"B": {"kind": "engine", "level": 2}}
A_PLACES = [
    {"t": 0.0, "op": "place", "cell": "a1", "piece": "worker", "player": "A"},
    {"t": 0.7, "op": "place", "cell": "e5", "piece": "worker", "player": "A"},
]


def run(events: list[dict[str, Any]], **fields: Any) -> RunResult:
    document = {"players": ["A", "B"], "seats": ENGINE_B, "noise": {"seed": 5}, **fields}
    document["events"] = events
    return asyncio.run(run_scenario(scenario_from_json(document)))


def recorded(result: RunResult) -> list[tuple[str, str]]:
    return [(t["player"], " ".join(t["actions"])) for t in result.to_json()["turns"]]


def shown(result: RunResult) -> list[tuple[str, str]]:
    return [(s["player"], " ".join(s["actions"])) for s in result.to_json()["shown"]]


def test_the_engine_places_its_workers_where_the_board_shows() -> None:
    result = run([*A_PLACES, {"t": 2.0, "op": "carry_out"}])
    (player, cells), *_ = shown(result)
    assert player == "B" and len(cells.split()) == 2
    assert sorted(result.to_json()["position"]["workers"]["B"]) == sorted(cells.split())
    assert result.game.phase.value == "play" and result.to_json()["errors"] == []


def test_a_plain_engine_turn_is_recorded_as_shown() -> None:
    person = steps(5.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
    result = run([*A_PLACES, {"t": 2.0, "op": "carry_out"}, *person, {"t": 8.0, "op": "carry_out"}])
    assert recorded(result) == [("A", "a1-a2 a3"), shown(result)[1]]
    assert result.to_json()["errors"] == []
    assert set(result.lights.values()) == {"turn_worker"}  # A's turn again


@pytest.mark.parametrize(
    "god", ["Apollo", "Artemis", "Atlas", "Demeter", "Hephaestus", "Minotaur", "Prometheus"]
)
def test_every_god_turn_of_the_engine_is_carried_out_step_by_step(god: str) -> None:
    """Engine against engine with the god on one side: every shown turn (each step of
    the god's turn done by the hand, in order) is recorded exactly as shown."""
    seats = {"A": {"kind": "engine", "level": 1}, "B": {"kind": "engine", "level": 3}}
    events = [{"t": 1.0 + 6.0 * n, "op": "carry_out"} for n in range(14)]
    result = run(events, seats=seats, gods={"B": god})
    assert result.to_json()["errors"] == []
    turns = shown(result)[2:]  # after both placements
    assert recorded(result) == turns[: len(recorded(result))]
    assert len(recorded(result)) >= min(len(turns), 12) - 1


def test_engine_against_engine_plays_to_the_end() -> None:
    seats = {"A": {"kind": "engine", "level": 4}, "B": {"kind": "engine", "level": 1}}
    events = [{"t": 1.0 + 5.0 * n, "op": "carry_out"} for n in range(120)]
    result = run(events, seats=seats)
    assert result.game.winner is not None and result.to_json()["errors"] == []
    assert recorded(result) == shown(result)[2:]


def test_a_wrong_carry_out_is_lit_as_an_error_fixed_and_never_recorded() -> None:
    placed = run([*A_PLACES, {"t": 2.0, "op": "carry_out"}])
    first, second = shown(placed)[0][1].split()
    wrong = next(c for c in ("b1", "c1", "d1", "b5", "c5") if c not in (first, second))
    events = [
        *A_PLACES,
        *steps(2.0, ("place", wrong, "worker", "B")),  # not where the board shows
        *steps(6.0, ("lift", wrong)),
        {"t": 7.0, "op": "carry_out"},
    ]
    result = run(events)
    errors = result.to_json()["errors"]
    assert len(errors) == 1 and errors[0]["cells"] == [wrong]
    assert sorted(result.to_json()["position"]["workers"]["B"]) == sorted([first, second])


def test_a_worker_of_the_wrong_colour_on_the_engines_cell_is_an_error_to_fix() -> None:
    """With polarity sensors the engine's placement is checked like any: A's worker put
    where B's belongs is lit as an error, never placed as B's."""
    placed = run([*A_PLACES, {"t": 2.0, "op": "carry_out"}], sensors="polarity")
    first, second = shown(placed)[0][1].split()
    wrong_colour = steps(2.0, ("place", first, "worker", "A"))
    held = run([*A_PLACES, *wrong_colour], sensors="polarity")
    errors = held.to_json()["errors"]
    assert len(errors) == 1 and errors[0]["cells"] == [first]
    assert held.to_json()["position"]["workers"]["B"] == [] and held.game.phase.value == "placement"
    fixed = [*A_PLACES, *wrong_colour, *steps(6.0, ("lift", first)), {"t": 7.0, "op": "carry_out"}]
    result = run(fixed, sensors="polarity")
    assert sorted(result.to_json()["position"]["workers"]["B"]) == sorted([first, second])
    assert [e.kind for e in result.events if e.kind.startswith("error_")][-1] == "error_cleared"


def test_a_premove_has_the_engine_turn_and_the_persons_recorded_in_order() -> None:
    person = steps(5.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
    reply = steps(11.0, ("lift", "e5"), ("place", "e4", "worker", "A"), ("place", "e3", "block"))
    events = [*A_PLACES, {"t": 2.0, "op": "carry_out"}, *person, {"t": 8.0, "op": "carry_out"}]
    probe = run(events)
    engine = shown(probe)[1][1]
    # the person goes straight on, 0.6 s after the engine's last step
    start = 8.0 + 0.6 * (len(engine.split()) + engine.count("-"))
    reply = steps(start, ("lift", "e5"), ("place", "e4", "worker", "A"), ("place", "e3", "block"))
    result = run([*events, *reply])
    assert recorded(result) == [("A", "a1-a2 a3"), ("B", engine), ("A", "e5-e4 e3")]
    assert result.to_json()["errors"] == []


def test_takeback_goes_back_to_the_persons_previous_turn_and_the_engine_waits() -> None:
    person = steps(5.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
    events = [*A_PLACES, {"t": 2.0, "op": "carry_out"}, *person, {"t": 8.0, "op": "carry_out"}]
    probe = run(events)
    move, build = shown(probe)[1][1].split()
    source, destination = move.split("-")
    back = steps(
        14.0,
        ("press", "undo"),
        ("lift", build),
        ("lift", destination),
        ("place", source, "worker", "B"),
        ("lift", "a3"),
        ("lift", "a2"),
        ("place", "a1", "worker", "A"),
    )
    again = steps(20.0, ("lift", "e5"), ("place", "e4", "worker", "A"), ("place", "e3", "block"))
    result = run([*events, *back, *again, {"t": 24.0, "op": "carry_out"}])
    assert recorded(result)[0] == ("A", "e5-e4 e3")
    assert recorded(result)[1] == shown(result)[-1] and len(recorded(result)) == 2
    assert result.to_json()["errors"] == []


def test_the_clock_is_held_while_the_engine_turn_is_carried_out() -> None:
    person = steps(5.0, ("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
    late = {"t": 40.0, "op": "carry_out"}  # the turn stands shown for half a minute
    result = run([*A_PLACES, {"t": 2.0, "op": "carry_out"}, *person, late], clock="5+60")
    clock = result.to_json()["clock"]
    assert clock["B"] == 60.0  # thinking took no time here, carrying out is nobody's
    assert len(recorded(result)) == 2


def test_carry_out_when_nothing_is_shown_names_the_event() -> None:
    with pytest.raises(ScenarioError, match=r"events\[0\]: the board shows no turn"):
        run([{"t": 0.0, "op": "carry_out"}])


def test_seats_in_a_scenario_are_checked() -> None:
    with pytest.raises(ScenarioError, match=r"seats.C: not one of the players"):
        run([], seats={"C": {"kind": "engine", "level": 1}})
    with pytest.raises(ScenarioError, match=r"seats.B.level"):
        run([], seats={"B": {"kind": "engine", "level": 11}})
