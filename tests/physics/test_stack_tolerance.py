"""The stack sensors' tolerance analysis: seeded, and it tells good designs from bad."""

from __future__ import annotations

import inspect
import itertools
from collections import Counter
from dataclasses import replace

import pytest

from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH, HardwareConfig, load_hardware_config
from santorini_hw.physics.design_candidates import WORKER_OHMS, worker_resistor_candidate
from santorini_hw.physics.margins import bands_cover
from santorini_hw.physics.stack_tolerance import (
    StackState,
    _code,
    _reading,
    analyse,
    load_stack_tolerance,
    stack_states,
    with_workers,
)
from santorini_hw.sensing.calibration_procedure import CalibrationProcedure

OLD_PARTS = DEFAULT_CONFIG_PATH.parent / "examples" / "old-parts.toml"


def test_the_analysis_is_repeatable_for_a_seed(config: HardwareConfig) -> None:
    tolerance = load_stack_tolerance()
    first = analyse(config.stacks, tolerance, seed=3, samples=100)
    assert analyse(config.stacks, tolerance, seed=3, samples=100) == first
    assert analyse(config.stacks, tolerance, seed=4, samples=100) != first


def test_every_stack_a_cell_holds_is_separated_by_more_than_six_sigma(
    config: HardwareConfig,
) -> None:
    report = analyse(config.stacks, load_stack_tolerance(), samples=600)
    assert [str(spread.state) for spread in report.states] == [
        "L3+dome", "L3", "L2+dome", "L1+dome", "dome", "L2", "L1", "empty",
    ]  # fmt: skip
    assert report.worst_separation > 6
    assert report.worst_pair == ("L1+dome", "dome")
    for spread in report.states:
        nominal = config.stacks.nominal_reading(spread.state.level, spread.state.dome)
        assert spread.mean == pytest.approx(nominal, abs=200)


def test_the_default_bands_hold_every_stack_six_sigma_deep(config: HardwareConfig) -> None:
    report = analyse(config.stacks, load_stack_tolerance(), samples=600)
    assert bands_cover(config.stacks, report) > 6


def test_a_capacitor_on_the_multiplexer_output_smears_one_cell_into_the_next() -> None:
    old = load_hardware_config(OLD_PARTS).stacks
    report = analyse(old, load_stack_tolerance(OLD_PARTS), samples=200)
    assert report.worst_separation < 1


def test_a_noisier_adc_brings_stacks_closer(config: HardwareConfig) -> None:
    tolerance = load_stack_tolerance()
    good = analyse(config.stacks, tolerance, samples=200)
    noisy = analyse(config.stacks, replace(tolerance, adc_enob=6.0), samples=200)
    assert noisy.worst_separation < good.worst_separation


def test_workers_with_resistors_double_the_states_and_crowd_them(config: HardwareConfig) -> None:
    tolerance = with_workers(load_stack_tolerance(), WORKER_OHMS)
    states = stack_states(tolerance)
    assert len(states) == 16
    assert StackState(3, False, "A") in states and StackState(3, True, "A") not in states
    report = worker_resistor_candidate(config.stacks, load_stack_tolerance(), samples=200)
    assert len(report.states) == 16
    assert report.worst_separation < 6


def test_the_dnl_erratum_codes_are_wide_and_full_scale_is_kept() -> None:
    tolerance = load_stack_tolerance()
    inputs = [n / 10 for n in range(4096 * 10)]
    counts = Counter(_code(x, tolerance) for x in inputs)
    assert counts[512] > 8 * counts[100]
    assert counts[1536] == counts[2560] == counts[3584] == counts[512]
    assert _code(4095.9, tolerance) == 4095
    assert _code(0.0, tolerance) == 0


def test_readings_are_the_median_stretched_to_16_bits() -> None:
    assert _reading([4095, 0, 4095]) == 65535
    assert _reading([0, 0, 1]) == 0
    assert _reading([100, 2048, 3000]) == (2048 << 4) | (2048 >> 8)


def test_the_calibration_margin_holds_six_sigma_of_the_widest_stack(config: HardwareConfig) -> None:
    margin = inspect.signature(CalibrationProcedure).parameters["margin"].default
    report = analyse(config.stacks, load_stack_tolerance(), samples=600)
    widest = max(spread.sigma for spread in report.states)
    assert margin >= 6 * widest
    closest = min(b.mean - a.mean for a, b in itertools.pairwise(report.states))
    assert closest / 2 - config.stacks.hysteresis > 6 * widest
