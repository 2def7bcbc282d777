"""End to end through the simulated board: pieces placed in the physical model come out
of the fused observation through mock 74HC165 pins and the fake bridge on a real pty,
with noise on. Waits are for conditions with generous timeouts, never on elapsed time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.sensing.observation import Observation
from sim.hardware import SimulatedHardware
from sim.physical import Noise

NOISE = Noise(seed=5, flicker=0.01, bounce_ms=30, adc_noise=150)


def run(
    config: HardwareConfig, test: Callable[[SimulatedHardware], Coroutine[Any, Any, None]]
) -> None:
    async def scenario() -> None:
        async with SimulatedHardware(config, noise=NOISE) as sim:
            await test(sim)

    asyncio.run(asyncio.wait_for(scenario(), 60))


async def settled(sim: SimulatedHardware) -> Observation:
    await sim.advance(0.2)  # past contact bounce and the settle time
    observation = await sim.settle()
    assert observation.settled, observation
    return observation


def test_pieces_placed_on_the_board_come_out_of_the_observation(config: HardwareConfig) -> None:
    async def test(sim: SimulatedHardware) -> None:
        sim.place("c3", "block")
        sim.place("c3", "worker", player="A")
        for _ in range(3):
            sim.place("e5", "block")
        sim.place("e5", "dome")
        sim.place("a1", "dome")
        sim.place("b4", "worker", player="B")
        observation = await settled(sim)
        assert observation.valid, observation
        assert str(observation).splitlines()[:5] == [
            "5  0    0    0    0    3D",
            "4  0    0*   0    0    0",
            "3  0    0    1*   0    0",
            "2  0    0    0    0    0",
            "1  0D   0    0    0    0",
        ]
        sim.lift("e5")
        sim.lift("c3")
        observation = await settled(sim)
        assert observation.cell("e5").level == 3 and not observation.cell("e5").dome
        assert not observation.cell("c3").worker and observation.cell("c3").level == 1

    run(config, test)


def test_an_unplugged_bridge_makes_stacks_unavailable_until_a_fresh_snapshot(
    config: HardwareConfig,
) -> None:
    async def test(sim: SimulatedHardware) -> None:
        sim.place("b2", "block")
        assert (await settled(sim)).cell("b2").level == 1
        sim.unplug()
        sim.place("b2", "block")  # changed while nobody could see it
        sim.place("d4", "worker", player="A")
        observation = await sim.advance(0.2)
        assert all(fault == "no stack readings" for _, fault in observation.faults())
        assert len(observation.faults()) == 25
        assert observation.cell("d4").worker  # the worker sensors do not need the bridge
        sim.replug()
        observation = await settled(sim)
        assert observation.valid, observation
        assert observation.cell("b2").level == 2
        assert sim.counters.reconnects >= 1

    run(config, test)


def test_corrupt_bytes_from_the_bridge_are_counted_and_survived(config: HardwareConfig) -> None:
    async def test(sim: SimulatedHardware) -> None:
        await settled(sim)
        sim.bridge.inject(b"\x05\x11garbage\x00\x02\xff\x00")
        sim.place("a5", "block")
        observation = await settled(sim)
        assert observation.valid and observation.cell("a5").level == 1
        counters = sim.counters
        assert counters.crc_errors + counters.decode_errors >= 1

    run(config, test)


def test_a_button_press_reaches_the_presses_queue_once(config: HardwareConfig) -> None:
    async def test(sim: SimulatedHardware) -> None:
        sim.press("hint")
        sim.press("hint")  # contact bounce: the same instant on the simulated clock
        await sim.advance(0.2)
        sim.press("done")
        assert await asyncio.wait_for(sim.presses.get(), 5) == "hint"
        assert await asyncio.wait_for(sim.presses.get(), 5) == "done"
        assert sim.presses.empty()

    run(config, test)


def test_sync_waits_until_the_bridge_reports_a_change(config: HardwareConfig) -> None:
    async def test(sim: SimulatedHardware) -> None:
        await settled(sim)
        sim.place("e1", "block")
        await sim.advance(0.05)  # past the 30 ms of contact bounce
        reading = sim.stack_reading(4)
        assert reading is not None
        assert abs(reading - config.stacks.nominal_reading(1, False)) < 1500

    run(config, test)
