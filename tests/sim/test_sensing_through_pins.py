"""Pieces placed on the physical model come out of the fused observation, through the
real worker-sensor driver on mock pins, with switch flicker, bounce and ADC noise on."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import HardwareConfig, WorkerSensing
from santorini_hw.sensing.fusion import SensorFusion
from santorini_hw.sensing.observation import Observation
from santorini_hw.sensing.shift_register import open_worker_sensors
from sim.mock_sensors import simulate_worker_sensors
from sim.physical import Noise, PhysicalBoard

SCAN = 0.01
NOISE = Noise(seed=11, flicker=0.01, bounce_ms=30, adc_noise=150)


class Rig:
    """Physical board, simulated sensor hardware, real driver and fusion on one clock."""

    def __init__(self, config: HardwareConfig, workers: WorkerSensing) -> None:
        self.clock = ManualClock()
        self.board = PhysicalBoard(config.stacks, self.clock, NOISE)
        self.hardware = simulate_worker_sensors(self.board, workers)
        self.sensors = open_worker_sensors(workers)
        self.fusion = SensorFusion.from_config(config, self.clock)
        self.polarity = workers.sensing == "polarity"

    def run(self, seconds: float) -> Observation:
        observation = None
        for _ in range(round(seconds / SCAN)):
            poles = self.sensors.read_poles() if self.polarity else None  # type: ignore[attr-defined]
            workers = self.sensors.read() if poles is None else poles[0] | poles[1]
            observation = self.fusion.update(workers, self.board.stack_readings(), poles)
            self.clock.advance(SCAN)
        assert observation is not None
        return observation

    def settled(self, seconds: float = 1.0) -> Observation:
        """Run until the board has settled (a flicker may be pending at any one scan)."""
        for _ in range(round(seconds / SCAN)):
            observation = self.run(SCAN)
            if observation.settled:
                return observation
        raise AssertionError(f"never settled:\n{observation}")

    def close(self) -> None:
        self.sensors.close()
        self.hardware.close()


@pytest.fixture(params=["spi", "direct"])
def rig(request: pytest.FixtureRequest, mock_factory: MockFactory, config: HardwareConfig) -> Rig:
    workers = replace(config.workers, interface=request.param)
    rig = Rig(config, workers)
    yield rig  # type: ignore[misc]
    rig.close()


def test_a_turn_of_physical_moves_is_observed(rig: Rig) -> None:
    board = rig.board
    board.place("c3", "worker", player="A")
    board.place("d4", "worker", player="B")
    board.place("b2", "block")
    board.place("e5", "block")
    for _ in range(2):
        board.place("e5", "block")
    board.place("e5", "dome")
    rig.run(0.3)
    observation = rig.settled()
    assert observation.valid, observation
    assert str(observation).splitlines()[:5] == [
        "5  0    0    0    0    3D",
        "4  0    0    0    0*   0",
        "3  0    0    0*   0    0",
        "2  0    1    0    0    0",
        "1  0    0    0    0    0",
    ]
    board.lift("c3")  # move c3 -> b2 (up onto the block), then build on c3
    rig.run(0.05)
    board.place("b2", "worker", player="A")
    rig.run(0.05)
    board.place("c3", "block")
    rig.run(0.3)
    observation = rig.settled()
    assert observation.valid, observation
    assert (observation.cell("b2").worker, observation.cell("b2").level) == (True, 1)
    assert (observation.cell("c3").worker, observation.cell("c3").level) == (False, 1)


def test_a_hand_hovering_is_not_a_move(rig: Rig) -> None:
    rig.board.place("a1", "worker", player="A")
    rig.run(0.3)
    rig.board.lift("a1")
    rig.run(0.03)  # lifted and put back within the settle time
    rig.board.place("a1", "worker", player="A")
    rig.run(0.3)
    assert rig.settled().cell("a1").worker


def test_polarity_sensors_through_the_chain(
    mock_factory: MockFactory, config: HardwareConfig
) -> None:
    workers = replace(config.workers, sensing="polarity", spi=replace(config.workers.spi, chips=7))
    rig = Rig(config, workers)
    rig.board.place("a1", "worker", player="A")
    rig.board.place("e1", "worker", player="B")
    rig.run(0.3)
    observation = rig.settled()
    rig.close()
    assert (observation.cell("a1").player, observation.cell("e1").player) == ("A", "B")


def test_a_stuck_stack_channel_shows_up_as_a_fault(
    mock_factory: MockFactory, config: HardwareConfig
) -> None:
    rig = Rig(config, config.workers)
    rig.board.set_stuck_reading("d2", 41_000)
    observation = rig.run(1.0)
    rig.close()
    assert observation.cell("d2").fault == "stack sensor stuck at 41000"
