"""The next player's block put down before their move, through the whole simulated board:
where it also fits the optional extra of the turn before, the referee re-reads it as the
next player's build once their turn is shown to be over, and a real extra stands."""

from __future__ import annotations

import pytest

from tests.scenarios.test_scenarios import placed, run_result, steps, turns

SENSORS = pytest.mark.parametrize("sensors", ["presence", "polarity"])
START = placed(("a1", "e5"), ("c5", "e1"))
A_MOVES_BUILDS_ONCE = (("lift", "a1"), ("place", "a2", "worker", "A"), ("place", "a3", "block"))
B_BLOCK_THEN_MOVE = (("place", "b3", "block"), ("lift", "c5"), ("place", "c4", "worker", "B"))
"""B's block on b3, then B's worker from c5 to c4, beside it."""
A_MOVES_BACK = (("lift", "a2"), ("place", "a1", "worker", "A"), ("place", "b1", "block"))


def played(
    god: str, sensors: str, *ops: tuple[str, ...]
) -> tuple[list[str], list[str], list[object]]:
    """The turns recorded, the re-read events' texts and the errors raised."""
    result = run_result(START + steps(5.0, *ops), {"A": god}, sensors)
    document = result.to_json()
    rereads = [e.text for e in result.events if e.kind == "turn_reread"]
    return turns(document), rereads, document["errors"]


@SENSORS
def test_demeters_second_build_was_the_next_players_block_put_down_early(sensors: str) -> None:
    recorded, rereads, errors = played(
        "Demeter",
        sensors,
        *A_MOVES_BUILDS_ONCE,
        *B_BLOCK_THEN_MOVE,
        *A_MOVES_BACK,
        ("press", "done"),
    )
    assert recorded == ["A: a1-a2 a3", "B: c5-c4 b3", "A: a2-a1 b1"]
    assert rereads == ["b3: B's build, put down before the move"]
    assert errors == []


@SENSORS
def test_demeters_real_second_build_stands_when_the_next_player_builds(sensors: str) -> None:
    recorded, rereads, errors = played(
        "Demeter",
        sensors,
        *A_MOVES_BUILDS_ONCE,
        *B_BLOCK_THEN_MOVE,  # b3 is Demeter's second build; c4 is beside it
        ("place", "d4", "block"),  # but B builds: b3 was Demeter's
        *A_MOVES_BACK,
        ("press", "done"),
    )
    assert recorded == ["A: a1-a2 a3 b3", "B: c5-c4 d4", "A: a2-a1 b1"]
    assert rereads == [] and errors == []


@SENSORS
def test_done_pressed_after_the_early_block_and_the_move_ends_that_turn(sensors: str) -> None:
    recorded, rereads, errors = played(
        "Demeter",
        sensors,
        *A_MOVES_BUILDS_ONCE,
        *B_BLOCK_THEN_MOVE,
        ("press", "done"),
    )
    assert recorded == ["A: a1-a2 a3", "B: c5-c4 b3"]
    assert len(rereads) == 1 and errors == []


@SENSORS
def test_hephaestus_second_block_was_the_next_players_early_build(sensors: str) -> None:
    recorded, rereads, errors = played(
        "Hephaestus",
        sensors,
        *A_MOVES_BUILDS_ONCE,
        ("place", "a3", "block"),  # B's block on a3, before B's move
        ("lift", "c5"),
        ("place", "b4", "worker", "B"),
        *A_MOVES_BACK,
        ("press", "done"),
    )
    assert recorded == ["A: a1-a2 a3", "B: c5-b4 a3", "A: a2-a1 b1"]
    assert rereads == ["a3: B's build, put down before the move"]
    assert errors == []


@SENSORS
def test_prometheus_build_before_moving_was_a_move_build_and_the_next_players_block(
    sensors: str,
) -> None:
    recorded, rereads, errors = played(
        "Prometheus",
        sensors,
        ("lift", "a1"),
        ("place", "a2", "worker", "A"),
        ("place", "b1", "block"),  # could also be built before the move: the turn waits
        ("place", "b3", "block"),  # B's block, read as Prometheus' build after the move
        ("lift", "c5"),
        ("place", "c4", "worker", "B"),
        ("lift", "a2"),
        ("place", "a1", "worker", "A"),
        ("place", "b2", "block"),
        ("press", "done"),
    )
    assert recorded == ["A: a1-a2 b1", "B: c5-c4 b3", "A: a2-a1 b2"]
    assert rereads == ["b3: B's build, put down before the move"]
    assert errors == []


@SENSORS
def test_artemis_has_no_extra_after_her_build_so_the_early_block_is_simply_the_next_players(
    sensors: str,
) -> None:
    recorded, rereads, errors = played(
        "Artemis",
        sensors,
        *A_MOVES_BUILDS_ONCE,  # her turn ends at the build by itself
        *B_BLOCK_THEN_MOVE,
        *A_MOVES_BACK,
    )
    assert recorded == ["A: a1-a2 a3", "B: c5-c4 b3", "A: a2-a1 b1"]
    assert rereads == [] and errors == []


@SENSORS
def test_undo_after_the_early_block_and_the_move_takes_back_that_whole_turn(sensors: str) -> None:
    recorded, rereads, errors = played(
        "Demeter",
        sensors,
        *A_MOVES_BUILDS_ONCE,
        *B_BLOCK_THEN_MOVE,
        ("press", "undo"),
        ("lift", "c4"),
        ("lift", "b3"),  # B's block goes back with B's move
        ("place", "c5", "worker", "B"),
        ("lift", "c5"),
        ("place", "b4", "worker", "B"),
        ("place", "a4", "block"),
    )
    assert recorded == ["A: a1-a2 a3", "B: c5-b4 a4"]
    assert len(rereads) == 1 and errors == []


@SENSORS
def test_the_block_put_down_last_is_the_next_players_after_poseidons_normal_build(
    sensors: str,
) -> None:
    """Poseidon (A) builds c2 after his move; B's early block d2 cannot be Poseidon's (his
    unmoved worker on b2 is not beside it) but fits a reading of A's turn with the two
    builds the other way round. The block that went down last is the one re-read as B's."""
    events = placed(("e3", "b2"), ("d4", "e5"))
    events += steps(5.0, ("lift", "e3"), ("place", "d3", "worker", "A"), ("place", "c2", "block"))
    events += steps(7.8, ("place", "d2", "block"), ("lift", "d4"), ("place", "c3", "worker", "B"))
    events += steps(10.0, ("press", "done"))
    result = run_result(events, {"A": "Poseidon"}, sensors)
    assert turns(result.to_json()) == ["A: e3-d3 c2", "B: d4-c3 d2"]
    assert [e.text for e in result.events if e.kind == "turn_reread"] == [
        "d2: B's build, put down before the move"
    ]
    assert result.to_json()["errors"] == []
