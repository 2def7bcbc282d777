"""Fusion: debounced workers and calibrated stacks become one Observation, with health."""

from __future__ import annotations

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.rules.cells import CELL_COUNT, parse_cell
from santorini_hw.sensing.calibration import CalibrationTable
from santorini_hw.sensing.fusion import FusionSettings, SensorFusion
from santorini_hw.sensing.observation import CellObservation, Observation

SCAN = 0.01


class Scanner:
    """Feeds a fusion one scan every 10 ms of manual time."""

    def __init__(self, config: HardwareConfig, settings: FusionSettings | None = None) -> None:
        self.clock = ManualClock()
        self.stacks = config.stacks
        table = CalibrationTable.from_config(config.stacks)
        self.fusion = SensorFusion(table, self.clock, settings)
        self.readings = [self.stacks.nominal_reading(0, False)] * CELL_COUNT
        self.workers = 0

    def build(self, cell: str, level: int, dome: bool = False) -> None:
        self.readings[parse_cell(cell)] = self.stacks.nominal_reading(level, dome)

    def scan(
        self,
        seconds: float = SCAN,
        stacks: bool = True,
        poles: tuple[int, int] | None = None,
    ) -> Observation:
        observation = None
        for _ in range(max(1, round(seconds / SCAN))):
            readings = tuple(self.readings) if stacks else None
            observation = self.fusion.update(self.workers, readings, poles)
            self.clock.advance(SCAN)
        assert observation is not None
        return observation


@pytest.fixture
def scanner(config: HardwareConfig) -> Scanner:
    return Scanner(config)


def test_an_empty_board_is_all_level_zero_and_valid(scanner: Scanner) -> None:
    observation = scanner.scan(0.2)
    assert observation.cells == (CellObservation(),) * CELL_COUNT
    assert observation.settled and observation.valid


def test_a_worker_on_a_level_two_tower(scanner: Scanner) -> None:
    scanner.scan(0.2)
    scanner.build("c3", 2)
    scanner.workers = 1 << parse_cell("c3")
    assert scanner.scan(SCAN).cell("c3") == CellObservation(settling=True)
    observation = scanner.scan(0.2)
    assert observation.cell("c3") == CellObservation(worker=True, level=2)
    assert observation.time == pytest.approx(scanner.clock.monotonic() - SCAN)


def test_a_stuck_stack_channel_is_faulty_while_others_jitter(config: HardwareConfig) -> None:
    scanner = Scanner(config, FusionSettings(stuck_scans=20))
    b2 = parse_cell("b2")
    observation = None
    for n in range(40):
        jitter = [0 if cell == b2 else n % 2 for cell in range(CELL_COUNT)]
        readings = tuple(r + j for r, j in zip(scanner.readings, jitter, strict=True))
        observation = scanner.fusion.update(0, readings)
        scanner.clock.advance(SCAN)
    assert observation is not None
    assert observation.faults() == [("b2", "stack sensor stuck at 59577")]


def test_quiet_channels_are_not_stuck_when_no_one_jitters(config: HardwareConfig) -> None:
    scanner = Scanner(config, FusionSettings(stuck_scans=20))
    assert scanner.scan(1.0).valid


def test_cells_left_alone_are_not_stuck_when_most_of_a_quiet_board_is_cleared(
    config: HardwareConfig,
) -> None:
    scanner = Scanner(config, FusionSettings(stuck_scans=20))
    cleared = [
        cell for cell in range(CELL_COUNT) if cell not in (parse_cell("a1"), parse_cell("e5"))
    ]
    for cell in cleared:
        scanner.readings[cell] = scanner.stacks.nominal_reading(2, False)
    scanner.scan(1.0)
    for cell in cleared:  # hands sweep the towers off at once; a1 and e5 stay empty
        scanner.readings[cell] = scanner.stacks.nominal_reading(0, False)
    for _ in range(100):
        assert scanner.scan(SCAN).valid


def test_out_of_band_reading_marks_the_cell_faulty(scanner: Scanner) -> None:
    scanner.scan(0.2)
    scanner.readings[parse_cell("d4")] = 65_535  # open contact
    cell = scanner.scan(0.2).cell("d4")
    assert not cell.valid
    assert cell.fault == "stack reading 65535 fits no calibration band"
    assert (cell.level, cell.dome) == (0, False)  # the last good stack is still shown


def test_a_worker_on_a_dome_is_a_fault(scanner: Scanner) -> None:
    scanner.build("e5", 3, dome=True)
    scanner.workers = 1 << parse_cell("e5")
    assert scanner.scan(0.2).faults() == [("e5", "worker on a dome")]


def test_a_reading_that_never_settles_is_a_fault(config: HardwareConfig) -> None:
    scanner = Scanner(config, FusionSettings(unsettled_after=1.0))
    scanner.scan(0.2)
    for n in range(150):  # a1 toggles every 30 ms for 1.5 s
        scanner.workers = (n // 3 % 2) << parse_cell("a1")
        observation = scanner.scan(SCAN)
    fault = observation.cell("a1").fault
    assert fault is not None and fault.startswith("readings not settling for")
    scanner.workers = 0
    assert scanner.scan(0.2).valid


def test_without_stack_readings_every_cell_is_faulty_but_workers_still_show(
    scanner: Scanner,
) -> None:
    scanner.build("b1", 1)
    scanner.scan(0.2)
    scanner.workers = 1 << parse_cell("a1")
    observation = scanner.scan(0.2, stacks=False)
    assert observation.cell("a1").worker
    assert observation.cell("b1").level == 1  # last known
    assert {fault for _, fault in observation.faults()} == {"no stack readings"}


def test_polarity_sensors_name_the_player(scanner: Scanner) -> None:
    north, south = 1 << parse_cell("a1"), 1 << parse_cell("b1")
    scanner.workers = north | south
    observation = scanner.scan(0.2, poles=(north, south))
    assert observation.cell("a1").player == "A"
    assert observation.cell("b1").player == "B"


def test_both_poles_on_one_cell_is_a_fault(scanner: Scanner) -> None:
    scanner.workers = both = 1 << parse_cell("c1")
    observation = scanner.scan(0.2, poles=(both, both))
    assert observation.cell("c1").fault == "both magnet poles sensed"
    assert observation.cell("c1").player is None


def test_observation_text_shows_the_board(scanner: Scanner) -> None:
    scanner.build("c3", 3, dome=True)
    scanner.build("b2", 1)
    scanner.workers = 1 << parse_cell("b2")
    lines = str(scanner.scan(0.2)).splitlines()
    assert lines[2] == "3  0    0    3D   0    0"
    assert lines[3] == "2  0    1*   0    0    0"
    assert lines[5] == "   a    b    c    d    e"


def test_observation_text_lists_faults(scanner: Scanner) -> None:
    scanner.readings[0] = 0
    observation = scanner.scan(0.2)
    assert str(observation).splitlines()[-1] == "a1: stack reading 0 fits no calibration band"
    assert Observation.from_text(str(observation)).cell("a1").fault == "marked faulty"


def test_from_config_uses_the_board_settle_time(config: HardwareConfig) -> None:
    clock = ManualClock()
    fusion = SensorFusion.from_config(config, clock)
    readings = tuple([config.stacks.nominal_reading(0, False)] * CELL_COUNT)
    fusion.update(0, readings)
    fusion.update(1, readings)
    clock.advance(config.workers.settle_time)
    assert fusion.update(1, readings).cell("a1").worker


def test_cell_observation_refuses_inconsistent_values() -> None:
    with pytest.raises(ValueError):
        CellObservation(valid=False)
    with pytest.raises(ValueError):
        CellObservation(player="A")
