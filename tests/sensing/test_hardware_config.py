"""The board config loader: defaults, the pixel map, and errors that name the bad key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from santorini_hw.hardware.config import (
    DEFAULT_CONFIG_PATH,
    HardwareConfig,
    PixelMap,
    load_hardware_config,
)
from santorini_hw.hardware.toml_table import HardwareConfigError
from santorini_hw.rules.cells import CELL_COUNT, parse_cell

BOARD_TOML = DEFAULT_CONFIG_PATH.read_text(encoding="utf-8")


def load_edited(tmp_path: Path, old: str, new: str) -> HardwareConfig:
    assert old in BOARD_TOML, old
    path = tmp_path / "board.toml"
    path.write_text(BOARD_TOML.replace(old, new, 1), encoding="utf-8")
    return load_hardware_config(path)


def test_default_path_is_the_repository_board_toml(config: HardwareConfig) -> None:
    repository = Path(__file__).resolve().parents[2]
    assert repository / "hardware" / "board.toml" == DEFAULT_CONFIG_PATH
    assert config.source == DEFAULT_CONFIG_PATH


def test_reference_build_is_a_four_chip_chain_on_spi0(config: HardwareConfig) -> None:
    spi = config.workers.spi
    assert (spi.clock, spi.miso, spi.select, spi.load, spi.chips) == (11, 9, 7, 25, 4)
    assert config.workers.interface == "spi"
    assert config.lights.data_pin == 10
    assert config.bridge.port == "/dev/santorini-bridge"


def test_an_explicit_path_overrides_the_default(tmp_path: Path) -> None:
    config = load_edited(tmp_path, 'port = "/dev/santorini-bridge"', 'port = "/dev/ttyACM1"')
    assert config.bridge.port == "/dev/ttyACM1"
    assert config.source == tmp_path / "board.toml"


def test_every_nominal_stack_reading_lies_inside_its_default_band(config: HardwareConfig) -> None:
    stacks = config.stacks
    for band in stacks.bands:
        nominal = stacks.nominal_reading(band.level, band.dome)
        assert stacks.band_of(nominal) == band
        assert band.low + 1000 < nominal < band.high - 1000


def test_open_and_shorted_stack_lines_fit_no_band(config: HardwareConfig) -> None:
    assert config.stacks.band_of(65535) is None
    assert config.stacks.band_of(0) is None


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("serpentine", [False, True])
def test_pixel_map_gives_every_pixel_to_exactly_one_cell(rotation: int, serpentine: bool) -> None:
    pixel_map = PixelMap(pixels_per_cell=2, serpentine=serpentine, rotation=rotation)
    pixels = [p for cell in range(CELL_COUNT) for p in pixel_map.pixels_of(cell)]
    assert sorted(pixels) == list(range(pixel_map.pixel_count))


def test_serpentine_strip_runs_back_along_the_second_row() -> None:
    pixel_map = PixelMap(pixels_per_cell=1, serpentine=True, rotation=0)
    assert pixel_map.pixels_of(parse_cell("e1")) == (4,)
    assert pixel_map.pixels_of(parse_cell("e2")) == (5,)
    assert pixel_map.pixels_of(parse_cell("a2")) == (9,)


def test_rotation_moves_the_first_pixel_to_another_corner() -> None:
    first = {
        rotation: next(
            cell
            for cell in range(CELL_COUNT)
            if PixelMap(1, serpentine=False, rotation=rotation).pixels_of(cell) == (0,)
        )
        for rotation in (0, 90, 180, 270)
    }
    assert sorted(first.values()) == sorted(parse_cell(c) for c in ("a1", "e1", "a5", "e5"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("clock = 11", "clock = 40", "workers.spi.clock must be 0 to 27, not 40"),
        ("chips = 4", "chips = 3", "workers.spi.chips must give 25 inputs"),
        ('driver = "spi"', 'driver = "i2c"', "lights.driver must be one of spi, pwm, bridge"),
        ("rotation = 0", "rotation = 45", "lights.map.rotation must be 0, 90, 180 or 270"),
        ("serpentine = true", 'serpentine = "yes"', "lights.map.serpentine must be true or false"),
        ("done = 5", "done = 7", "buttons.done: GPIO7 is already used by workers.spi.select"),
        ("hint = 13", "hnit = 13", "missing key buttons.hint"),
        ("low = 47900", "low = 43000", "stacks.bands overlap"),
        ("dome_ohms = 15000", "dome_ohms = 15000\ndome_ohm = 1", "unknown key stacks.dome_ohm"),
        ("baudrate = 115200", "baudrate = 1200", "bridge.baudrate must be 1201"),
        ("pull_up = true", "pull_up = false", "workers.direct.pull_up cannot be false on GPIO2/3"),
        ('order = "GRB"', 'order = "GRX"', "lights.order must be a permutation"),
    ],
)
def test_bad_values_are_refused_naming_the_key(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(HardwareConfigError, match=re.escape(message)):
        load_edited(tmp_path, old, new)


def test_direct_pins_refuse_pi_driven_neopixels(tmp_path: Path) -> None:
    message = "lights.spi_pin: GPIO10 is already used by workers.direct.pins[21]"
    with pytest.raises(HardwareConfigError, match=re.escape(message)):
        load_edited(tmp_path, 'interface = "spi"', 'interface = "direct"')


def test_direct_pins_work_with_bridge_driven_lights(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    text = BOARD_TOML.replace('interface = "spi"', 'interface = "direct"', 1)
    path.write_text(text.replace('driver = "spi"', 'driver = "bridge"', 1), encoding="utf-8")
    config = load_hardware_config(path)
    assert config.lights.data_pin is None
    assert len(set(config.workers.direct.pins)) == CELL_COUNT


def test_a_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(HardwareConfigError, match="cannot read"):
        load_hardware_config(tmp_path / "nothing.toml")
