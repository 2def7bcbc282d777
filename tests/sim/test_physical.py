"""The physical board model: what pieces allow, and sensors with deterministic noise."""

from __future__ import annotations

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.rules.cells import parse_cell
from sim.physical import Noise, PhysicalBoard, PhysicalError, Piece

C3 = parse_cell("c3")


@pytest.fixture
def board(config: HardwareConfig) -> PhysicalBoard:
    return PhysicalBoard(config.stacks, ManualClock())


def test_blocks_stack_by_size_and_a_dome_caps_them(board: PhysicalBoard) -> None:
    for _ in range(3):
        board.place("c3", "block")
    board.place("c3", "dome")
    assert (board.level(C3), board.dome(C3)) == (3, True)


def test_no_building_piece_can_be_placed_on_a_dome(board: PhysicalBoard) -> None:
    board.place("c3", "dome")
    for kind in ("block", "dome"):
        with pytest.raises(PhysicalError, match="c3 is capped by a dome"):
            board.place("c3", kind)


def test_a_worker_balances_on_a_dome(board: PhysicalBoard) -> None:
    board.place("c3", "dome")
    board.place("c3", "worker", player="A")
    assert (board.dome(C3), board.worker(C3)) == (True, "A")
    assert board.lift("c3") == Piece("worker", player="A")
    assert board.dome(C3)


def test_a_fourth_block_does_not_exist(board: PhysicalBoard) -> None:
    for _ in range(3):
        board.place("c3", "block")
    with pytest.raises(PhysicalError, match="c3 already has 3 blocks: only a dome fits"):
        board.place("c3", "block")


def test_a_worker_must_be_lifted_before_building_under_it(board: PhysicalBoard) -> None:
    board.place("c3", "worker", player="A")
    with pytest.raises(PhysicalError, match="a worker stands on c3"):
        board.place("c3", "block")


def test_workers_need_a_player_and_buildings_have_none(board: PhysicalBoard) -> None:
    with pytest.raises(PhysicalError, match="needs its player"):
        board.place("c3", "worker")
    with pytest.raises(PhysicalError, match="belongs to no player"):
        board.place("c3", "block", player="A")
    with pytest.raises(PhysicalError, match="no such piece"):
        board.place("c3", "tower")


def test_lift_takes_the_worker_then_the_dome_then_the_top_block(board: PhysicalBoard) -> None:
    board.place("c3", "block")
    board.place("c3", "block")
    board.place("c3", "dome")
    board.place("c3", "worker", player="B")
    lifted = [board.lift("c3") for _ in range(4)]
    assert lifted == [
        Piece("worker", player="B"),
        Piece("dome"),
        Piece("block", level=2),
        Piece("block", level=1),
    ]
    assert board.hand == lifted
    with pytest.raises(PhysicalError, match="nothing to lift on c3"):
        board.lift("c3")


def test_a_lifted_worker_is_carried_in_the_hand_to_its_new_cell(board: PhysicalBoard) -> None:
    board.place("c3", "block")
    board.place("c3", "worker", player="A")
    assert board.lift("c3") == Piece("worker", player="A")
    board.place("c4", "worker", player="A")
    assert board.hand == []
    assert (board.worker(C3), board.worker(parse_cell("c4")), board.level(C3)) == (None, "A", 1)


def test_stack_readings_are_the_resistor_network(
    config: HardwareConfig, board: PhysicalBoard
) -> None:
    board.place("c3", "block")
    board.place("c3", "dome")
    assert board.stack_reading(C3) == config.stacks.nominal_reading(1, dome=True)
    assert board.stack_reading(0) == config.stacks.nominal_reading(0, dome=False)


def test_a_stuck_channel_reads_its_value_whatever_stands_there(board: PhysicalBoard) -> None:
    board.set_stuck_reading("c3", 1234)
    board.place("c3", "block")
    assert board.stack_reading(C3) == 1234


def noisy_board(config: HardwareConfig, clock: ManualClock, seed: int) -> PhysicalBoard:
    noise = Noise(seed=seed, flicker=0.05, bounce_ms=30, adc_noise=100)
    board = PhysicalBoard(config.stacks, clock, noise)
    board.place("c3", "worker", player="A")
    return board


def sample(board: PhysicalBoard, clock: ManualClock) -> list[tuple[bool, int]]:
    samples = []
    for _ in range(50):
        samples.append((board.worker_present(C3), board.stack_reading(C3)))
        clock.advance(0.001)
    return samples


def test_noise_is_deterministic_for_a_seed(config: HardwareConfig) -> None:
    runs = []
    for seed in (7, 7, 8):
        clock = ManualClock()
        runs.append(sample(noisy_board(config, clock, seed), clock))
    assert runs[0] == runs[1] != runs[2]


def test_switch_bounces_after_a_change_then_holds(config: HardwareConfig) -> None:
    clock = ManualClock()
    board = noisy_board(config, clock, seed=3)
    bouncing = [board.worker_present(C3) for _ in range(40)]
    assert True in bouncing and False in bouncing
    clock.advance(0.03)
    steady = [board.worker_present(C3) for _ in range(200)]
    assert 150 < steady.count(True) < 200  # 5 % flicker


def test_noise_settings_come_from_a_scenario() -> None:
    assert Noise.from_json({"seed": 1, "flicker": 0.01, "bounce_ms": 30}) == Noise(1, 0.01, 30.0)
    with pytest.raises(ValueError, match="unknown noise setting 'jitter'"):
        Noise.from_json({"jitter": 1})
    with pytest.raises(ValueError, match="probability"):
        Noise.from_json({"flicker": 2})
