"""The real worker-sensor drivers read simulated hardware through gpiozero's mock pins."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import HardwareConfig, WorkerSensing
from santorini_hw.rules.cells import CELL_COUNT, parse_cell
from santorini_hw.sensing.shift_register import (
    DirectPinSensors,
    ShiftRegisterSensors,
    open_worker_sensors,
)
from sim.mock_sensors import MockShiftRegisterChain, simulate_worker_sensors
from sim.physical import PhysicalBoard


@pytest.fixture
def board(config: HardwareConfig) -> PhysicalBoard:
    return PhysicalBoard(config.stacks, ManualClock())


def mask(*cells: str) -> int:
    return sum(1 << parse_cell(cell) for cell in cells)


def test_chain_reports_each_cell_on_its_own_bit(
    mock_factory: MockFactory, config: HardwareConfig, board: PhysicalBoard
) -> None:
    with (
        simulate_worker_sensors(board, config.workers),
        ShiftRegisterSensors(config.workers) as sensors,
    ):
        assert sensors.read() == 0
        for cell in range(CELL_COUNT):
            board.place(cell, "worker", player="A")
            assert sensors.read() == 1 << cell
            board.lift(cell)


def test_chain_read_pulses_the_load_pin_once(
    mock_factory: MockFactory, config: HardwareConfig, board: PhysicalBoard
) -> None:
    with MockShiftRegisterChain(board, config.workers) as chain:
        sensors = open_worker_sensors(config.workers)
        board.place("c3", "worker", player="A")
        board.place("e5", "worker", player="B")
        assert sensors.read() == mask("c3", "e5")
        assert chain.loads == 1
        sensors.close()


def test_without_a_load_pulse_the_chain_shifts_out_stale_data(
    mock_factory: MockFactory, config: HardwareConfig, board: PhysicalBoard
) -> None:
    """The simulated chain behaves like the chip: only SH/LD low samples the switches."""
    spi = config.workers.spi
    with MockShiftRegisterChain(board, config.workers):
        sensors = ShiftRegisterSensors(config.workers)
        board.place("a1", "worker", player="A")
        sensors.read()
        board.lift("a1")
        words = sensors._chain._spi.read(spi.chips)  # a read that skips the load pulse
        assert words == [0] * spi.chips  # zeros shifted in from the grounded DS pin
        assert sensors.read() == 0
        sensors.close()


def test_polarity_chain_tells_north_from_south(
    mock_factory: MockFactory, config: HardwareConfig, board: PhysicalBoard
) -> None:
    workers = replace(config.workers, sensing="polarity", spi=replace(config.workers.spi, chips=7))
    board.place("b2", "worker", player=workers.north_player)
    board.place("d4", "worker", player=workers.south_player)
    with simulate_worker_sensors(board, workers), ShiftRegisterSensors(workers) as sensors:
        assert sensors.read_poles() == (mask("b2"), mask("d4"))
        assert sensors.read() == mask("b2", "d4")


def test_presence_chain_has_no_poles(mock_factory: MockFactory, config: HardwareConfig) -> None:
    with ShiftRegisterSensors(config.workers) as sensors, pytest.raises(RuntimeError):
        sensors.read_poles()


@pytest.fixture
def direct(config: HardwareConfig) -> WorkerSensing:
    return replace(config.workers, interface="direct")


def test_direct_pins_follow_driven_levels(mock_factory: MockFactory, direct: WorkerSensing) -> None:
    with DirectPinSensors(direct) as sensors:
        assert sensors.read() == 0
        c3_pin = mock_factory.pin(direct.direct.pins[parse_cell("c3")])
        c3_pin.drive_low()
        assert sensors.read() == mask("c3")
        c3_pin.drive_high()
        assert sensors.read() == 0


def test_direct_pins_with_external_pull_downs_and_active_high_switches(
    mock_factory: MockFactory, direct: WorkerSensing
) -> None:
    pins = tuple({2: 5, 3: 6}.get(pin, pin) for pin in direct.direct.pins)  # GPIO2/3 pull up
    active_high = replace(
        direct, active_low=False, direct=replace(direct.direct, pins=pins, pull_up=False)
    )
    with DirectPinSensors(active_high) as sensors:
        mock_factory.pin(active_high.direct.pins[0]).drive_high()
        mock_factory.pin(active_high.direct.pins[1]).drive_low()
        assert sensors.read() & 0b11 == 0b01


def test_internal_pull_ups_need_active_low_switches(direct: WorkerSensing) -> None:
    with pytest.raises(ValueError, match="active-low"):
        DirectPinSensors(replace(direct, active_low=False))


def test_direct_pins_read_the_physical_model(
    mock_factory: MockFactory, direct: WorkerSensing, board: PhysicalBoard
) -> None:
    with simulate_worker_sensors(board, direct), open_worker_sensors(direct) as sensors:
        board.place("a5", "worker", player="B")
        assert sensors.read() == mask("a5")
