"""The Build pages (docs/build/) quote board.toml: every table row must agree with the file."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH, HardwareConfig
from santorini_hw.rules.cells import CELL_NAMES
from santorini_hw.sensing.calibration import describe

ROOT = Path(__file__).resolve().parents[2]
BUILD_PAGES = sorted((ROOT / "docs" / "build").glob("*.md"))
"""The maker's guide: wiring, sensors, parts, calibration."""
FIRMWARE = ROOT / "firmware_bridge" / "code.py"


def row_cells(line: str) -> list[str]:
    """The cells of a markdown table row; `\\|` is a pipe inside a cell."""
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def tables(text: str) -> list[list[dict[str, str]]]:
    """Every markdown table of `text`, as rows keyed by the header cells."""
    found: list[list[dict[str, str]]] = []
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.startswith("|") and n + 1 < len(lines) and lines[n + 1].startswith("|---"):
            header = row_cells(line)
            rows = []
            for row in lines[n + 2 :]:
                if not row.startswith("|"):
                    break
                cells = row_cells(row)
                rows.append(dict(zip(header, cells, strict=True)))
            found.append(rows)
    return found


def lookup(data: Any, key: str) -> Any:
    """The value at a dotted key with [n] indices, e.g. `stacks.block_ohms[1]`."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key):
        data = data[int(part[1:-1])] if part.startswith("[") else data[part]
    return data


DOCS = [table for page in BUILD_PAGES for table in tables(page.read_text(encoding="utf-8"))]
RAW = tomllib.loads(DEFAULT_CONFIG_PATH.read_text(encoding="utf-8"))
KEYED_ROWS = [row for table in DOCS for row in table if "Key" in row]


def value_column(row: dict[str, str]) -> str:
    """The column right after `Key`: the value the row quotes."""
    names = list(row)
    return row[names[names.index("Key") + 1]]


@pytest.mark.parametrize("row", KEYED_ROWS, ids=[row["Key"] for row in KEYED_ROWS])
def test_documented_value_matches_board_toml(row: dict[str, str]) -> None:
    assert value_column(row) == str(lookup(RAW, row["Key"]))


@pytest.mark.parametrize(
    "row", [row for row in KEYED_ROWS if "Header pin" in row], ids=lambda row: row["Key"]
)
def test_header_pin_is_where_that_gpio_is_on_the_pi(row: dict[str, str]) -> None:
    info = MockFactory().board_info
    [(_, pin)] = list(info.find_pin(f"GPIO{row['BCM']}"))
    assert int(row["Header pin"]) == pin.number


def test_every_pin_in_board_toml_is_documented(config: HardwareConfig) -> None:
    keys = {row["Key"] for row in KEYED_ROWS}
    expected = {f"workers.spi.{name}" for name in ("clock", "miso", "select", "load")}
    expected |= {f"buttons.{name}" for name in ("done", "undo", "hint")}
    expected |= {"lights.spi_pin", "lights.pwm_pin", "bridge.pixel_pin"}
    expected |= {f"workers.direct.pins[{n}]" for n in range(len(config.workers.direct.pins))}
    expected |= {f"bridge.select_pins[{n}]" for n in range(len(config.bridge.select_pins))}
    expected |= {f"bridge.mux_inputs[{n}]" for n in range(len(config.bridge.mux_inputs))}
    assert expected <= keys


def test_direct_pin_table_lists_cells_in_index_order() -> None:
    rows = [row for row in KEYED_ROWS if row["Key"].startswith("workers.direct.pins")]
    assert [row["Cell"] for row in rows] == list(CELL_NAMES)


def test_chip_table_matches_the_input_order(config: HardwareConfig) -> None:
    [chips] = [table for table in DOCS if table and "Chip" in table[0]]
    assert len(chips) == config.workers.spi.chips
    for row in chips:
        chip = int(row["Chip"])
        cells = CELL_NAMES[chip * 8 : chip * 8 + 8]
        assert row["Cells"].split(",")[0].split() == list(cells)


def test_band_table_matches_the_default_bands(config: HardwareConfig) -> None:
    [bands] = [table for table in DOCS if table and "Nominal" in table[0]]
    stacks = config.stacks
    documented = {(r["Stack"], int(r["Nominal"]), int(r["Low"]), int(r["High"])) for r in bands}
    expected = {
        (describe(b.level, b.dome), stacks.nominal_reading(b.level, b.dome), b.low, b.high)
        for b in stacks.bands
    }
    assert documented == expected


def test_bridge_firmware_uses_the_documented_rp2040_pins(config: HardwareConfig) -> None:
    firmware = FIRMWARE.read_text(encoding="utf-8")
    bridge = config.bridge
    selects = ", ".join(f"board.{pin}" for pin in bridge.select_pins)
    assert f"SELECT_PINS = ({selects})" in firmware
    assert f"MUX_INPUTS = ({', '.join(f'board.{pin}' for pin in bridge.mux_inputs)})" in firmware
    assert f"PIXEL_PIN = board.{bridge.pixel_pin}" in firmware
