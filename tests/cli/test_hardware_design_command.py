"""`santorini-hw hardware margins|compare|diagram`: the contract, and the diagram kept
equal to a fresh generation from board.toml."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from santorini_hw.cli import main
from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH, load_hardware_config
from santorini_hw.hardware.wiring_diagram import DIAGRAM_PATH, HEADER_PINS, wiring_svg
from santorini_hw.physics.margins import format_candidates
from santorini_hw.physics.worker_field import load_worker_field

OLD_PARTS = DEFAULT_CONFIG_PATH.parent / "examples" / "old-parts.toml"


def margins(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    status = main(["hardware", "margins", "--json", "--samples", "200", *args])
    return status, json.loads(capsys.readouterr().out)


def test_margins_of_the_design_follow_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = margins(capsys)
    worker = data["worker"]
    assert isinstance(worker, list)
    assert [row["level"] for row in worker] == [0, 1, 2, 3]
    for row in worker:
        assert {"field_mT", "operate_mT", "release_mT", "margin"} <= set(row)
        assert row["margin"] == pytest.approx(row["field_mT"] / row["operate_mT"], abs=1e-3)
        assert row["margin"] >= 2 and row["release_margin"] >= 2
    stacks = data["stacks"]
    assert isinstance(stacks, dict)
    assert stacks["states"] == 8
    assert stacks["worst_separation_sigma"] > 6
    assert len(stacks["worst_pair"]) == 2
    assert status == 0 and data["ok"] is True


def test_margins_of_todays_parts_show_level_3_failing(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = margins(capsys, "--config", str(OLD_PARTS))
    worker = data["worker"]
    assert isinstance(worker, list)
    assert worker[3]["margin"] < 1
    assert worker[0]["margin"] > 2
    assert status == 1 and data["ok"] is False


def test_margins_as_text_and_a_bad_config(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["hardware", "margins", "--samples", "50"]) == 0
    text = capsys.readouterr().out
    assert "level 3:" in text and text.rstrip().endswith("ok")
    missing = tmp_path / "none.toml"
    assert main(["hardware", "margins", "--config", str(missing)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_compare_lists_every_candidate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hardware", "compare"]) == 0
    table = capsys.readouterr().out
    assert table.count("\n| ") == 5  # one row per candidate (the header opens the text)
    assert "flux guide" in table and "configured" in table
    assert "Workers in the stack network" in table


def test_the_committed_diagram_is_a_fresh_generation() -> None:
    assert DIAGRAM_PATH.read_text(encoding="utf-8") == wiring_svg(load_hardware_config())


def test_the_diagram_command_writes_the_svg(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "wiring.svg"
    assert main(["hardware", "diagram", "--output", str(output)]) == 0
    assert output.read_text(encoding="utf-8") == DIAGRAM_PATH.read_text(encoding="utf-8")
    assert str(output) in capsys.readouterr().out


def pins_of_board_toml() -> set[str]:
    raw = tomllib.loads(DEFAULT_CONFIG_PATH.read_text(encoding="utf-8"))
    gpios = [raw["workers"]["spi"][key] for key in ("clock", "miso", "select", "load")]
    gpios += list(raw["buttons"].values())
    gpios += [raw["lights"]["spi_pin"], raw["lights"]["pwm_pin"]]
    gpios += raw["workers"]["direct"]["pins"]
    bridge = raw["bridge"]
    pico = [*bridge["select_pins"], *bridge["mux_inputs"], bridge["pixel_pin"]]
    return {f"GPIO{gpio} pin {HEADER_PINS[gpio]}" for gpio in gpios} | set(pico)


def test_the_diagram_names_every_pin_of_board_toml() -> None:
    svg = DIAGRAM_PATH.read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", " ".join(re.findall(r">([^<]*)</text>", svg)))
    missing = [pin for pin in pins_of_board_toml() if pin not in text]
    assert missing == []


SENSORS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "build" / "sensors.md"


def test_the_hardware_guide_quotes_the_computed_tables() -> None:
    guide = SENSORS_PAGE.read_text(encoding="utf-8")
    table = format_candidates(samples=100).split("\n\n")[0]
    assert table in guide
    for row in load_worker_field().margins():
        line = (
            f"| {row.level} | {row.field_mt:.2f} | {row.margin:.2f} | "
            f"{row.released_mt:.3f} | {row.release_margin:.2f} |"
        )
        assert line in guide
