"""The long-running simulator's pins (issue 14 item 3, issue 19): a bounded state
history per mock pin, and the 74HC165 chain read through a simulated spidev giving the
very same inputs as gpiozero's bit-banged SPI on mock pins."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from gpiozero import DigitalOutputDevice
from gpiozero.pins.mock import MockFactory

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.sensing.shift_register import open_worker_sensors
from sim.mock_sensors import (
    PIN_HISTORY,
    MockShiftRegisterChain,
    SimPinFactory,
    SimulatedSpidev,
    simulate_worker_sensors,
)
from sim.physical import PhysicalBoard
from tests.sensing.conftest import installed


@pytest.fixture
def sim_factory() -> Iterator[SimPinFactory]:
    with installed(SimPinFactory()) as factory:
        yield factory  # type: ignore[misc]


def test_a_pin_toggled_for_ever_keeps_a_bounded_history(sim_factory: SimPinFactory) -> None:
    with DigitalOutputDevice(17, pin_factory=sim_factory) as output:
        for _ in range(10 * PIN_HISTORY):
            output.toggle()
        states = sim_factory.pin(17).states
        assert len(states) == PIN_HISTORY
        assert [state.state for state in list(states)[-2:]] == [True, False]  # the latest kept


def test_a_plain_mock_pin_keeps_every_state_change(mock_factory: MockFactory) -> None:
    """Why the bound is needed: gpiozero's MockPin never trims its history."""
    with DigitalOutputDevice(17, pin_factory=mock_factory) as output:
        for _ in range(10 * PIN_HISTORY):
            output.toggle()
        assert len(mock_factory.pin(17).states) == 10 * PIN_HISTORY + 1


@pytest.mark.parametrize("sensing", ["presence", "polarity"])
def test_the_chain_reads_the_same_through_spidev_as_bit_banged(
    config: HardwareConfig, sensing: str
) -> None:
    workers = replace(config.workers, sensing=sensing)
    if sensing == "polarity":
        workers = replace(workers, spi=replace(workers.spi, chips=7))
    rng = random.Random(3)
    board = PhysicalBoard(config.stacks, ManualClock())
    for cell in rng.sample(range(CELL_COUNT), 4):
        board.place(cell, "worker", player=rng.choice("AB"))
    readings = []
    for pins in (MockFactory(), SimPinFactory()):
        with installed(pins) as factory:
            chain = simulate_worker_sensors(board, workers, factory)
            assert isinstance(chain, MockShiftRegisterChain)
            if isinstance(factory, SimPinFactory):
                factory.spidevs[(workers.spi.clock, workers.spi.select)] = chain.transfer
            sensors = open_worker_sensors(workers, factory)
            spi = sensors._chain._spi  # type: ignore[attr-defined]
            assert isinstance(spi, SimulatedSpidev) == isinstance(factory, SimPinFactory)
            read = sensors.read_poles if sensing == "polarity" else sensors.read  # type: ignore[attr-defined]
            readings.append([read(), read()])
            sensors.close()
            chain.close()
    assert readings[0] == readings[1]
    assert readings[0][0] != 0 and readings[0][0] != (0, 0)
