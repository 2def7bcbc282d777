"""Calibration: bands with hysteresis, faults, the procedure, and saved tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from santorini_hw.hardware.config import Band, HardwareConfig
from santorini_hw.rules.cells import CELL_COUNT, parse_cell
from santorini_hw.sensing.calibration import (
    CalibrationError,
    CalibrationTable,
    StackClassifier,
    load_table,
    save_table,
)
from santorini_hw.sensing.calibration_procedure import BUILD_ORDER, CalibrationProcedure

C3 = parse_cell("c3")


@pytest.fixture
def table(config: HardwareConfig) -> CalibrationTable:
    return CalibrationTable.from_config(config.stacks)


def stack_of(band: Band | None) -> tuple[int, bool] | None:
    return None if band is None else (band.level, band.dome)


def test_readings_inside_a_band_give_that_stack(
    config: HardwareConfig, table: CalibrationTable
) -> None:
    classifier = StackClassifier(table)
    for level, dome in BUILD_ORDER:
        reading = config.stacks.nominal_reading(level, dome)
        assert stack_of(classifier.classify(C3, reading)) == (level, dome)


def test_hysteresis_keeps_the_stack_near_its_band_edge(table: CalibrationTable) -> None:
    classifier = StackClassifier(table)
    assert stack_of(classifier.classify(C3, 41_000)) == (2, False)  # L2: 39200-43200
    assert stack_of(classifier.classify(C3, 43_200 + 400)) == (2, False)
    assert stack_of(classifier.classify(C3, 39_200 - 400)) == (2, False)


def test_the_same_gap_reading_without_a_current_band_is_a_fault(table: CalibrationTable) -> None:
    assert StackClassifier(table).classify(C3, 43_500) is None


def test_readings_outside_every_band_are_faults_not_guesses(table: CalibrationTable) -> None:
    classifier = StackClassifier(table)
    classifier.classify(C3, 41_000)
    assert classifier.classify(C3, 45_000) is None  # between L2 and L1, far from both
    assert classifier.classify(C3, 65_535) is None  # open contact
    assert classifier.classify(C3, 0) is None  # short


def test_leaving_by_a_neighbour_band_switches_stack(table: CalibrationTable) -> None:
    classifier = StackClassifier(table)
    classifier.classify(C3, 37_000)  # dome on the bare cell: 35500-38700
    assert stack_of(classifier.classify(C3, 39_300)) == (2, False)


def test_hysteresis_is_per_cell(table: CalibrationTable) -> None:
    classifier = StackClassifier(table)
    classifier.classify(C3, 41_000)
    assert classifier.classify(C3 + 1, 43_500) is None


def procedure_readings(config: HardwareConfig, shift: dict[tuple[int, bool], int]) -> dict:
    return {
        stack: config.stacks.nominal_reading(*stack) + shift.get(stack, 0) for stack in BUILD_ORDER
    }


def run_procedure(procedure: CalibrationProcedure, readings: dict) -> None:
    while (step := procedure.step) is not None:
        base = readings[(step.level, step.dome)]
        procedure.add_samples([base - 30, base, base + 30, base + 10] * 2)


def test_procedure_walks_every_stack_of_every_cell_in_build_order(
    table: CalibrationTable,
) -> None:
    procedure = CalibrationProcedure(table, cells=[0, 1], samples=1)
    steps = []
    while procedure.step is not None:
        steps.append(procedure.step)
        procedure.add_samples([59_000])
    assert [(s.cell, s.level, s.dome) for s in steps[:8]] == [(0, *s) for s in BUILD_ORDER]
    assert len(steps) == 16 and steps[8].cell == 1
    assert str(steps[4]) == "a1: L3+dome"


def test_procedure_measures_bands_around_the_samples(
    config: HardwareConfig, table: CalibrationTable
) -> None:
    procedure = CalibrationProcedure(table, cells=[C3])
    readings = procedure_readings(config, {(1, False): 900})  # this cell reads L1 high
    run_procedure(procedure, readings)
    calibrated = procedure.table()
    classifier = StackClassifier(calibrated)
    assert stack_of(classifier.classify(C3, readings[(1, False)] + 1000)) == (1, False)
    assert calibrated.bands[0] == table.bands[0]  # other cells keep the defaults


def test_procedure_rejects_inseparable_stacks_naming_them(
    config: HardwareConfig, table: CalibrationTable
) -> None:
    procedure = CalibrationProcedure(table, cells=[C3])
    l1 = config.stacks.nominal_reading(1, False)
    readings = procedure_readings(config, {})
    readings[(2, False)] = l1 - 200  # a bad L2 resistor reads almost like L1
    run_procedure(procedure, readings)
    with pytest.raises(CalibrationError, match=r"c3: readings of L2 .* and L1 .* not separable"):
        procedure.table()


def test_procedure_is_not_done_until_every_step_has_samples(table: CalibrationTable) -> None:
    procedure = CalibrationProcedure(table, cells=[C3])
    procedure.add_samples([59_000] * 3)
    assert procedure.progress == (0, 8)
    with pytest.raises(CalibrationError, match="not finished: next is c3: empty"):
        procedure.table()


def test_redo_forgets_a_step(config: HardwareConfig, table: CalibrationTable) -> None:
    procedure = CalibrationProcedure(table, cells=[C3], samples=1)
    procedure.add_samples([59_000])
    first = procedure.step
    assert first is not None
    procedure.add_samples([49_000])
    procedure.redo(first)
    assert procedure.step == first


def test_a_table_with_overlapping_bands_is_refused(table: CalibrationTable) -> None:
    bad = [Band(0, False, 50_000, 60_000), Band(1, False, 49_000, 50_200)]
    with pytest.raises(CalibrationError, match=r"b1: L1 .* and empty .* not separable"):
        table.with_cell(1, bad)


def test_save_and_load_round_trip(tmp_path: Path, table: CalibrationTable) -> None:
    changed = table.with_cell(C3, [Band(0, False, 58_000, 61_000), Band(1, False, 48_000, 52_000)])
    path = save_table(changed, tmp_path / "config")
    assert path.name == "calibration.json"
    assert load_table(tmp_path / "config", table) == changed
    assert [p.name for p in path.parent.iterdir()] == ["calibration.json"]  # no temp files


def test_save_replaces_the_previous_table(tmp_path: Path, table: CalibrationTable) -> None:
    save_table(table, tmp_path)
    other = CalibrationTable(table.bands, hysteresis=table.hysteresis - 100)
    save_table(other, tmp_path)
    assert load_table(tmp_path, table).hysteresis == table.hysteresis - 100


def test_loading_without_a_saved_table_gives_the_default(
    tmp_path: Path, table: CalibrationTable
) -> None:
    assert load_table(tmp_path, table) is table


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        json.dumps({"version": 99, "cells": {}, "hysteresis": 1}),
        json.dumps({"version": 1, "cells": {"a1": []}, "hysteresis": 1}),
        json.dumps({"version": 1, "cells": {"z9": []}, "hysteresis": 1}),
    ],
)
def test_malformed_tables_are_refused(tmp_path: Path, table: CalibrationTable, text: str) -> None:
    (tmp_path / "calibration.json").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError):
        load_table(tmp_path, table)


def test_table_json_names_every_cell(table: CalibrationTable) -> None:
    assert len(table.to_json()["cells"]) == CELL_COUNT
