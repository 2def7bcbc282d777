"""Games the referee benchmark failed, generated again and played through the whole
simulated board (presence and polarity): the record must be what was played. Each was
the player model's fault, not the referee's."""

from __future__ import annotations

import asyncio
import random

import pytest

from santorini_hw.rules.cells import cell_name
from santorini_hw.rules.gods import God
from sim.player_model import HandStyle
from sim.random_games import GeneratedGame, Habits, generate_game
from sim.runner import RunResult, run_scenario
from sim.scenario import NoiseSettings
from sim.verdict import judge

SENSORS = pytest.mark.parametrize("sensors", ["presence", "polarity"])


def assert_recorded_as_played(generated: GeneratedGame) -> RunResult:
    result = asyncio.run(run_scenario(generated.scenario))
    verdict = judge(generated, result)
    assert not verdict.failed, verdict
    return result


@SENSORS
def test_circe_holding_medusas_power_puts_no_build_right_after_a_petrification(
    sensors: str,
) -> None:
    """A wrong build is put right after the turn's physical steps, and Medusa's
    petrification is one of them: Medusa's player (and Circe holding her power) builds
    where the turn builds. Decided by the card's name, Circe's player built wrong and the
    board read the correction after the petrification as a new turn."""
    generated = generate_game(
        random.Random(3),
        gods=(God.CIRCE, God.MEDUSA),
        sensors=sensors,
        habits=Habits(hands=HandStyle(build_correction=0.5)),
    )
    assert_recorded_as_played(generated)


@SENSORS
def test_a_block_put_down_early_that_earns_dionysus_a_turn_owes_no_done(sensors: str) -> None:
    """Dionysus, after Demeter's optional build was left to his first touch, puts his
    block down before moving and completes a tower: his additional turn follows. A done
    pressed then declines it (a pass), so his hand must not press the done it would owe
    another early block; the additional turn's first touch settles it."""
    generated = generate_game(
        random.Random(25), gods=(God.DEMETER, God.DIONYSUS), sensors=sensors, illegal_rate=0.3
    )
    assert_recorded_as_played(generated)


def test_a_three_player_game_goes_on_after_a_trapped_player_is_out() -> None:
    """The player left with no turn is out and their workers are taken off (blocks go
    where they stood); the other two play on to the end. Three players: presence only."""
    generated = generate_game(
        random.Random(0),
        gods=(God.ATLAS, God.POSEIDON, God.DEMETER),
        illegal_rate=0.0,
        max_turns=60,
    )
    out = [i for i, turn in enumerate(generated.played) if turn.result.out]
    assert out and out[0] < len(generated.played) - 1
    assert_recorded_as_played(generated)


@SENSORS
def test_eros_workers_are_placed_on_opposite_edges_and_the_game_recorded(sensors: str) -> None:
    generated = generate_game(
        random.Random(5), gods=(God.EROS, God.PAN), sensors=sensors, max_turns=12
    )
    record = assert_recorded_as_played(generated).game.record
    eros = [
        cell_name(c)
        for line in record
        if line.kind == "place" and line.player == "A"
        for c in line.cells
    ]
    columns, rows = {name[0] for name in eros}, {name[1] for name in eros}
    assert columns == {"a", "e"} or rows == {"1", "5"}


def test_no_early_block_follows_an_early_block_left_open() -> None:
    """Four players: Hephaestus' turn is left open, Prometheus puts his block down before
    moving (it may be his build before the move, owing one more) and leaves his turn open
    too; Pan's block put down early then reads as nothing. The referee bench's game 29
    (`--gods simple --seed 11`), as it was generated; polarity tells the two teams apart."""
    gods = (God.PAN, God.ARTEMIS, God.HEPHAESTUS, God.PROMETHEUS)
    generated = generate_game(
        random.Random(11 * 1_000_003 + 29),
        gods=gods,
        sensors="polarity",
        noise=NoiseSettings(seed=29, flicker=0.01, bounce_ms=30),
    )
    assert_recorded_as_played(generated)
