"""The simulator's worker switches are physical: a worker is seen only where its field
reaches a switch, so today's parts lose a worker on a tower and the design does not."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH, load_hardware_config
from santorini_hw.rules.cells import parse_cell
from santorini_hw.sensing.worker_field import load_worker_field
from sim.hardware import SimulatedHardware
from sim.magnetic_switches import MagneticSwitches
from sim.physical import PhysicalBoard

OLD_PARTS = DEFAULT_CONFIG_PATH.parent / "examples" / "old-parts.toml"
C3, C4 = parse_cell("c3"), parse_cell("c4")


def board(path: object = None) -> PhysicalBoard:
    config = load_hardware_config(path)  # type: ignore[arg-type]
    return PhysicalBoard(config.stacks, ManualClock(), worker_field=load_worker_field(path))  # type: ignore[arg-type]


def tower(physical: PhysicalBoard, cell: str, level: int) -> None:
    for _ in range(level):
        physical.place(cell, "block")
    physical.place(cell, "worker", player="A")


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_the_design_sees_a_worker_on_every_level_and_releases_when_it_leaves(level: int) -> None:
    physical = board()
    tower(physical, "c3", level)
    assert physical.worker_present(C3)
    physical.lift("c3")
    assert not physical.worker_present(C3)


@pytest.mark.parametrize(("level", "seen"), [(0, True), (1, False), (2, False), (3, False)])
def test_todays_parts_lose_the_worker_above_the_board(level: int, seen: bool) -> None:
    physical = board(OLD_PARTS)
    tower(physical, "c3", level)
    assert physical.worker_present(C3) is seen


def test_crowding_neighbours_do_not_close_an_empty_cells_switches() -> None:
    physical = board()
    for cell in ("b3", "d3", "c2", "c4"):
        tower(physical, cell, 3)
    physical.place("c3", "block")
    assert not physical.worker_present(C3)
    assert all(field < 0.25 for field in physical.switches.fields[C3])  # type: ignore[union-attr]


def test_a_switch_between_its_release_and_operate_points_keeps_its_state() -> None:
    design = load_worker_field()
    seen = design.worker_fields_mt(0)[0] + design.stray_mt
    between = replace(design.sensor, operate_mt=1.2 * seen, release_mt=0.5 * seen)
    closing = replace(design.sensor, operate_mt=0.9 * seen, release_mt=0.5 * seen)
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
