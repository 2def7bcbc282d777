"""The simulator's worker switches are physical: a worker is seen only where its field
reaches a switch, so today's parts lose a worker on a tower and the design does not."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH, load_hardware_config
from santorini_hw.physics.worker_field import load_worker_field
from santorini_hw.rules.cells import parse_cell
from sim.hardware import SimulatedHardware
from sim.magnetic_switches import MagneticSwitches
from sim.physical import PhysicalBoard

OLD_PARTS = DEFAULT_CONFIG_PATH.parent / "examples" / "old-parts.toml"
C3, C4 = parse_cell("c3"), parse_cell("c4")
PERIOD = load_worker_field().sensor.sample_period
"""The DRV5032FC looks at the field every 50 ms (20 Hz) and holds its output between."""


def board(path: object = None) -> tuple[PhysicalBoard, ManualClock]:
    config = load_hardware_config(path)  # type: ignore[arg-type]
    clock = ManualClock()
    physical = PhysicalBoard(config.stacks, clock, worker_field=load_worker_field(path))  # type: ignore[arg-type]
    return physical, clock


def tower(physical: PhysicalBoard, cell: str, level: int) -> None:
    for _ in range(level):
        physical.place(cell, "block")
    physical.place(cell, "worker", player="A")


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_the_design_sees_a_worker_on_every_level_and_releases_when_it_leaves(level: int) -> None:
    physical, clock = board()
    tower(physical, "c3", level)
    clock.advance(PERIOD)
    assert physical.worker_present(C3)
    physical.lift("c3")
    clock.advance(PERIOD)
    assert not physical.worker_present(C3)


@pytest.mark.parametrize(("level", "seen"), [(0, True), (1, False), (2, False), (3, False)])
def test_todays_parts_lose_the_worker_above_the_board(level: int, seen: bool) -> None:
    physical, clock = board(OLD_PARTS)
    tower(physical, "c3", level)
    clock.advance(PERIOD)
    assert physical.worker_present(C3) is seen


def test_crowding_neighbours_do_not_close_an_empty_cells_switches() -> None:
    physical, clock = board()
    for cell in ("b3", "d3", "c2", "c4"):
        tower(physical, cell, 3)
    physical.place("c3", "block")
    clock.advance(PERIOD)
    assert not physical.worker_present(C3)
    assert all(field < 0.25 for field in physical.switches.fields[C3])  # type: ignore[union-attr]


def test_a_switch_between_its_release_and_operate_points_keeps_its_state() -> None:
    design = load_worker_field()
    seen = design.worker_fields_mt(0)[0] + design.stray_mt
    continuous = replace(design.sensor, sample_hz=0.0)  # follows the field at once
    between = replace(continuous, operate_mt=1.2 * seen, release_mt=0.5 * seen)
    closing = replace(continuous, operate_mt=0.9 * seen, release_mt=0.5 * seen)
    levels, workers = [0] * 25, {C3: "A"}
    switches = MagneticSwitches(replace(design, sensor=between))
    switches.update(levels, workers)
    assert not switches.closed(C3)  # never reached B_OP
    switches.field = replace(design, sensor=closing)
    switches.update(levels, workers)
    assert switches.closed(C3)
    switches.field = replace(design, sensor=between)
    switches.update(levels, workers)
    assert switches.closed(C3)  # above B_RP: held
    switches.update(levels, {})
    assert not switches.closed(C3)


def run(path: object, level: int) -> bool:
    async def scenario() -> bool:
        config = load_hardware_config(path)  # type: ignore[arg-type]
        async with SimulatedHardware(config) as sim:
            for _ in range(level):
                sim.place("c3", "block")
            sim.place("c3", "worker", player="A")
            await sim.advance(0.2)
            observation = await sim.settle()
            assert observation.cell("c3").level == level
            return observation.cell("c3").worker

    return asyncio.run(asyncio.wait_for(scenario(), 60))


def test_through_the_whole_simulated_board_old_parts_miss_a_worker_on_level_3() -> None:
    assert run(OLD_PARTS, 3) is False
    assert run(None, 3) is True


def test_a_sampling_switch_sees_a_worker_at_its_next_look_and_holds_until_the_one_after() -> None:
    """The DRV5032 looks at the field 20 times a second: a worker put down is seen at the
    switch's next sample (within one period), and still seen until the sample after it
    is lifted."""
    physical, clock = board()
    looks = []
    physical.place("c3", "worker", player="A")
    for _ in range(10):
        looks.append(physical.worker_present(C3))
        clock.advance(PERIOD / 10)
    assert looks[0] is False and looks[-1] is True
    seen_at = looks.index(True)  # within one period, then held
    assert looks[seen_at:] == [True] * (10 - seen_at)
    physical.lift("c3")
    assert physical.worker_present(C3)  # the output holds until the next look
    clock.advance(PERIOD)
    assert not physical.worker_present(C3)


@pytest.mark.parametrize("start", [0.0, 0.01, 0.02, 0.03, 0.04])
def test_a_brush_shorter_than_a_period_is_missed_or_held_one_period(start: float) -> None:
    """A worker brushed over a cell for 10 ms is caught by at most one sample: the line
    closes for exactly one period (50 ms, under the 80 ms settle time) or not at all."""
    physical, clock = board()
    clock.advance(start)
    physical.place("c3", "worker", player="A")
    clock.advance(0.01)
    physical.lift("c3")
    low = 0
    for _ in range(30):
        clock.advance(0.005)
        low += physical.worker_present(C3)
    assert low * 0.005 <= PERIOD + 1e-9
    assert not physical.worker_present(C3)
