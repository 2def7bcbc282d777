"""The advanced gods' turns through the whole simulated board: an opponent's worker moved
by the player (Charon, Dionysus), a block under one's own worker (Zeus), several moves
(Triton) and builds (Hestia, Poseidon, Morpheus), a dome at any level (Selene), a block
taken off (Ares); what the lights offer, and the mistakes people make with them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenarios.test_advanced_removals import HINT, block, lift, worker
from tests.scenarios.test_scenarios import placed, run, steps, turns

SENSORS = pytest.mark.parametrize("sensors", ["presence", "polarity"])
DONE = ("press", "done")
CENTRE = placed(("c3", "a1"), ("e5", "e1"))
"""A's first worker on c3 (Selene's female: the first placed), B's in two corners."""


def play(god: str, start: list[dict[str, Any]], sensors: str, *ops: tuple[str, ...]) -> Any:
    return run(start + steps(5.0, *ops), {"A": god}, sensors)


# -- Zeus -------------------------------------------------------------------------------
@SENSORS
def test_zeus_builds_under_himself_lifted_then_set_back_on_the_block(sensors: str) -> None:
    lit = play("Zeus", CENTRE, sensors, lift("c3"), worker("c4"))["lights"]
    assert lit["c4"] == "build_under" and lit["b4"] == "build"
    document = play(
        "Zeus", CENTRE, sensors, lift("c3"), worker("c4"), lift("c4"), block("c4"), worker("c4")
    )
    assert turns(document) == ["A: c3-c4 c4"]
    assert document["position"]["heights"] == {"c4": 1}
    assert document["errors"] == []


@SENSORS
def test_zeus_worker_put_back_beside_his_block_is_an_error(sensors: str) -> None:
    document = play(
        "Zeus", CENTRE, sensors, lift("c3"), worker("c4"), lift("c4"), block("c4"),
        worker("c5"), HINT, HINT,
    )  # fmt: skip
    assert turns(document) == []
    assert document["errors"][0]["cells"] == ["c5", "c4"]


# -- Charon ------------------------------------------------------------------------------
CHARON = placed(("c3", "a1"), ("d3", "e1"))
"""B's worker on d3 beside Charon's on c3: it may be ferried across to b3."""


@SENSORS
def test_charon_ferries_the_opponent_across_then_moves(sensors: str) -> None:
    assert play("Charon", CHARON, sensors)["lights"]["b3"] == "ferry"
    assert play("Charon", CHARON, sensors, lift("d3"))["lights"] == {"b3": "ferry"}
    document = play(
        "Charon", CHARON, sensors, lift("d3"), worker("b3", "B"), lift("c3"), worker("c4"),
        block("c5"),
    )  # fmt: skip
    assert turns(document) == ["A: d3~b3 c3-c4 c5"]
    assert document["position"]["workers"]["B"] == ["b3", "e1"]
    assert document["errors"] == []


@SENSORS
def test_charon_setting_the_opponent_down_beside_the_crossing_is_an_error(sensors: str) -> None:
    document = play(
        "Charon", CHARON, sensors, lift("d3"), worker("b4", "B"), lift("c3"), worker("c4"),
        block("c5"), HINT,
    )  # fmt: skip
    assert turns(document) == []
    assert document["errors"][0]["cells"][0] == "b4"


# -- Triton ------------------------------------------------------------------------------
TRITON = placed(("a1", "c3"), ("e5", "e1"))


@SENSORS
def test_triton_moves_along_the_edge_step_by_step(sensors: str) -> None:
    document = play(
        "Triton", TRITON, sensors, lift("a1"), worker("a2"), lift("a2"), worker("a3"),
        lift("a3"), worker("a4"), block("b4"),
    )  # fmt: skip
    assert turns(document) == ["A: a1-a2 a2-a3 a3-a4 b4"]
    assert document["errors"] == []


@SENSORS
def test_tritons_further_steps_end_on_the_next_players_touch(sensors: str) -> None:
    document = play(
        "Triton", TRITON, sensors, lift("a1"), worker("a2"), block("b3"), lift("e5"),
        worker("d5", "B"), block("e4"),
    )  # fmt: skip
    assert turns(document) == ["A: a1-a2 b3", "B: e5-d5 e4"]
    assert document["errors"] == []


# -- Hestia, Poseidon, Morpheus ----------------------------------------------------------
@SENSORS
def test_hestia_builds_twice_the_second_time_off_the_edge(sensors: str) -> None:
    document = play("Hestia", CENTRE, sensors, lift("c3"), worker("c4"), block("b4"), block("d4"))
    assert turns(document) == ["A: c3-c4 b4 d4"]
    both_on_the_edge = play(
        "Hestia", CENTRE, sensors, lift("c3"), worker("c4"), block("b5"), block("d5"), HINT, HINT
    )
    assert turns(both_on_the_edge) == []
    assert both_on_the_edge["errors"]


@SENSORS
def test_poseidons_unmoved_worker_builds_up_to_three_times(sensors: str) -> None:
    document = play(
        "Poseidon", CENTRE, sensors, lift("c3"), worker("c4"), block("b4"), block("a2"),
        block("b2"), block("b2"), DONE,
    )  # fmt: skip
    assert turns(document) == ["A: c3-c4 b4 a2 b2 b2"]
    assert document["errors"] == []


@SENSORS
def test_poseidons_last_build_moved_is_a_correction_not_the_next_players_hermes_build(
    sensors: str,
) -> None:
    """Poseidon's third build goes on b2, is lifted and put on a2: his turn with the
    build moved (lifting it off is no shorter turn), though Hermes beside a2 could build
    there without moving."""
    start = placed(("c3", "a1"), ("b3", "e5"))
    document = run(
        start + steps(
            5.0, lift("c3"), worker("c4"), block("d4"), block("a2"), block("b1"),
            block("b2"), lift("b2"), block("a2"),
        ) + steps(11.0, lift("e5"), worker("d5", "B"), block("e5"), DONE),
        {"A": "Poseidon", "B": "Hermes"},
        sensors,
    )  # fmt: skip
    assert turns(document) == ["A: c3-c4 d4 a2 b1 a2", "B: e5-d5 e5"]
    assert document["errors"] == []


@SENSORS
def test_morpheus_saves_a_token_then_spends_two(sensors: str) -> None:
    document = play(
        "Morpheus",
        CENTRE,
        sensors,
        *(lift("c3"), worker("c4"), DONE),  # no build: the token is kept
        *(lift("e5"), worker("d5", "B"), block("e4")),
        *(lift("c4"), worker("c3"), block("b3"), block("b3"), DONE),
    )
    assert turns(document) == ["A: c3-c4", "B: e5-d5 e4", "A: c4-c3 b3 b3"]
    assert document["errors"] == []


# -- Selene ------------------------------------------------------------------------------
@SENSORS
def test_selenes_female_domes_at_level_zero_and_her_male_cannot(sensors: str) -> None:
    document = play("Selene", CENTRE, sensors, lift("a1"), worker("b1"), ("place", "b2", "dome"))
    assert turns(document) == ["A: a1-b1 b2X"]  # b2 is beside the female on c3
    male = play(
        "Selene", CENTRE, sensors, lift("a1"), worker("a2"), ("place", "a3", "dome"), HINT, HINT
    )
    assert turns(male) == []
    assert male["errors"][0]["cells"][0] == "a3"


# -- Ares --------------------------------------------------------------------------------
ARES_TWO_TURNS = (
    *(lift("c3"), worker("c2"), block("b2")),
    *(lift("e5"), worker("d5", "B"), block("d4")),
    *(lift("c2"), worker("c3"), block("d2")),
)
"""Ares builds b2 beside his unmoved worker on a1, and B builds d4 away from it."""


@SENSORS
def test_ares_takes_a_block_off_beside_his_unmoved_worker(sensors: str) -> None:
    assert play("Ares", CENTRE, sensors, *ARES_TWO_TURNS)["lights"]["b2"] == "take_block"
    document = play("Ares", CENTRE, sensors, *ARES_TWO_TURNS, lift("b2"), DONE)
    assert turns(document) == ["A: c3-c2 b2", "B: e5-d5 d4", "A: c2-c3 d2 b2v"]
    assert "b2" not in document["position"]["heights"]


@SENSORS
def test_ares_block_taken_from_a_cell_not_allowed_is_an_error(sensors: str) -> None:
    document = play("Ares", CENTRE, sensors, *ARES_TWO_TURNS, lift("d4"), HINT, HINT)
    assert turns(document) == ["A: c3-c2 b2", "B: e5-d5 d4"]
    assert document["errors"][0]["cells"] == ["d4"]


# -- Dionysus ----------------------------------------------------------------------------
DIONYSUS_TOWER = (
    *(lift("c3"), worker("c4"), block("b4")),
    *(lift("e5"), worker("d5", "B"), block("e4")),
    *(lift("c4"), worker("c3"), block("b4")),
    *(lift("d5"), worker("e5", "B"), block("d4")),
    *(lift("c3"), worker("c4"), block("b4")),
    *(lift("e5"), worker("d5", "B"), block("e4")),
    *(lift("c4"), worker("c3"), ("place", "b4", "dome")),
)
"""Dionysus completes a tower on b4: he has a turn with one of B's workers."""
TOWER_TURNS = ["A: c3-c4 b4", "B: e5-d5 e4", "A: c4-c3 b4", "B: d5-e5 d4", "A: c3-c4 b4"]
TOWER_TURNS += ["B: e5-d5 e4", "A: c4-c3 b4X"]


@SENSORS
def test_dionysus_moves_and_builds_with_an_opponents_worker(sensors: str) -> None:
    document = play(
        "Dionysus", CENTRE, sensors, *DIONYSUS_TOWER, lift("d5"), worker("c5", "B"), block("d5"),
        lift("e1"), worker("d1", "B"), block("e1"),
    )  # fmt: skip
    assert turns(document) == [*TOWER_TURNS, "A: d5-c5 d5", "B: e1-d1 e1"]
    assert document["errors"] == []


@SENSORS
def test_dionysus_declines_his_additional_turn_with_done(sensors: str) -> None:
    document = play(
        "Dionysus", CENTRE, sensors, *DIONYSUS_TOWER, DONE, lift("e1"), worker("d1", "B"),
        block("e1"),
    )  # fmt: skip
    assert turns(document) == [*TOWER_TURNS, "A: pass", "B: e1-d1 e1"]
    assert document["errors"] == []


# -- An optional extra that only the next player's turn explains -------------------------
EARLY_BLOCKS = {
    "Hestia": (
        placed(("a1", "e5"), ("c5", "e1")),
        (
            *(lift("a1"), worker("a2"), block("a3")),
            *(block("b3"), lift("c5"), worker("c4", "B")),  # B's block first, then B's move
            *(lift("a2"), worker("a1"), block("b1"), DONE),
        ),
        ["A: a1-a2 a3", "B: c5-c4 b3", "A: a2-a1 b1"],
    ),
    "Poseidon": (
        placed(("c3", "b1"), ("d1", "e5")),
        (
            *(lift("c3"), worker("c4"), block("b4")),
            *(block("c2"), lift("d1"), worker("d2", "B")),  # c2 is beside Poseidon's b1 too
            *(lift("c4"), worker("c5"), block("b5"), DONE),
        ),
        ["A: c3-c4 b4", "B: d1-d2 c2", "A: c4-c5 b5"],
    ),
}


@SENSORS
@pytest.mark.parametrize("god", list(EARLY_BLOCKS))
def test_an_extra_build_was_the_next_players_block_put_down_early(god: str, sensors: str) -> None:
    start, ops, recorded = EARLY_BLOCKS[god]
    document = play(god, start, sensors, *ops)
    assert turns(document) == recorded
    assert document["errors"] == []
