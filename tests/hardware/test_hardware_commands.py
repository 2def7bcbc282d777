"""`santorini-hw selftest` and `calibrate` on the simulator, and the human prompts."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from santorini_hw.checks.rig import HumanActor
from santorini_hw.cli import main
from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.rules.cells import parse_cell
from santorini_hw.sensing.calibration import CalibrationTable, StackClassifier, load_table


def selftest(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = main(["selftest", "--sim", "--cells", "a1,c3,e5", *args])
    return status, capsys.readouterr().out.splitlines()


def test_selftest_passes_every_cell_of_a_healthy_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, lines = selftest(capsys, "--config-dir", str(tmp_path))
    assert lines == ["a1 ok", "c3 ok", "e5 ok", "3 passed, 0 failed"]
    assert status == 0


def test_selftest_catches_a_stuck_stack_sensor(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, lines = selftest(capsys, "--config-dir", str(tmp_path), "--sim-fault", "c3:stuck")
    assert lines[0] == "a1 ok" and lines[2] == "e5 ok"
    assert lines[1] == "c3 FAIL: expected a level-1 block, the sensors read no worker, level 0"
    assert status == 1


def test_selftest_catches_a_stuck_presence_switch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, lines = selftest(
        capsys, "--config-dir", str(tmp_path), "--sim-fault", "e5:worker-stuck"
    )
    assert lines[2] == "e5 FAIL: expected a worker, the sensors read no worker, level 0"
    assert lines[:2] == ["a1 ok", "c3 ok"]
    assert status == 1


def test_selftest_refuses_an_unknown_fault(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(["selftest", "--sim", "--config-dir", str(tmp_path), "--sim-fault", "c3:melted"])
    assert status == 2
    assert "stuck, worker-stuck" in capsys.readouterr().err


def test_calibrate_on_the_simulator_saves_a_table_that_classifies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, config: HardwareConfig
) -> None:
    status = main(["calibrate", "--sim", "--cells", "c3", "--config-dir", str(tmp_path)])
    output = capsys.readouterr().out
    assert status == 0, output
    assert "[1/8] c3: empty" in output and "[8/8] c3: dome" in output
    assert (tmp_path / "calibration.json").exists()
    default = CalibrationTable.from_config(config.stacks)
    table = load_table(tmp_path, default)
    c3 = parse_cell("c3")
    assert table.bands[c3] != default.bands[c3]  # measured, not the defaults
    assert table.bands[parse_cell("a1")] == default.bands[parse_cell("a1")]
    classifier = StackClassifier(table)
    for level, dome in [(0, False), (2, False), (3, True), (1, True)]:
        band = classifier.classify(c3, config.stacks.nominal_reading(level, dome))
        assert band is not None and (band.level, band.dome) == (level, dome)


def test_a_person_answering_yes_sees_the_lit_cell() -> None:
    output = io.StringIO()
    actor = HumanActor(io.StringIO("y\n"), output, patience=5)
    assert asyncio.run(actor.sees_lit(parse_cell("c3")))
    assert "Is c3 lit, and no other cell? [y/n]" in output.getvalue()


def test_a_person_who_never_answers_fails_the_prompt() -> None:
    actor = HumanActor(io.StringIO(""), io.StringIO(), patience=5)

    async def scenario() -> None:
        assert not await actor.sees_lit(parse_cell("c3"))
        with pytest.raises(TimeoutError):
            await actor.build(parse_cell("c3"), 2, False)

    asyncio.run(scenario())
