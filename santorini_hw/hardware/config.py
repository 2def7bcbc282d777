"""The board's pin map and sensor model, loaded from `hardware/board.toml`.

The TOML file is the single source of the wiring: the drivers, the simulator and the
wiring docs (checked by a test) all read it. Loading validates every key and raises
`HardwareConfigError` naming the bad one, so a typo fails at start-up, not mid-game.

>>> config = load_hardware_config()
>>> config.workers.spi.chips, config.bridge.port
(4, '/dev/santorini-bridge')
>>> config.stacks.band_of(config.stacks.nominal_reading(2, dome=False))
Band(level=2, dome=False, low=39200, high=43200)
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from santorini_hw.hardware.toml_table import GPIO_PINS, HardwareConfigError, TomlTable
from santorini_hw.rules.cells import CELL_COUNT, SIZE

DEFAULT_CONFIG_PATH = Path(__file__).resolve().parents[2] / "hardware" / "board.toml"
"""The repository's `hardware/board.toml` (the package is installed editable)."""

MAX_LEVEL = 3

OWN_TABLES = ("worker_field", "stack_tolerance")
"""Top-level tables that their own modules parse (`physics/worker_field.py`,
`physics/stack_tolerance.py`): the physics of the parts, not the wiring."""


@dataclass(frozen=True)
class SpiChain:
    """A chain of 74HC165 shift registers read over SPI (BCM pins)."""

    clock: int
    miso: int
    select: int
    load: int
    chips: int


@dataclass(frozen=True)
class DirectPins:
    """One GPIO per cell, in cell index order."""

    pins: tuple[int, ...]
    pull_up: bool


@dataclass(frozen=True)
class WorkerSensing:
    interface: Literal["spi", "direct"]
    sensing: Literal["presence", "polarity"]
    active_low: bool
    north_player: str
    south_player: str
    settle_time: float
    spi: SpiChain
    direct: DirectPins

    @property
    def inputs(self) -> int:
        """Switch inputs needed: one per cell, two with polarity sensing."""
        return CELL_COUNT * (2 if self.sensing == "polarity" else 1)


@dataclass(frozen=True)
class Buttons:
    done: int
    undo: int
    hint: int


@dataclass(frozen=True)
class PixelMap:
    """Where each cell's pixels sit on the strip.

    The strip runs along rows from the corner that `rotation` (degrees clockwise)
    brings under the first pixel; with `serpentine`, every other row runs back.

    >>> PixelMap(pixels_per_cell=2, serpentine=True, rotation=0).pixels_of(5)
    (18, 19)
    """

    pixels_per_cell: int
    serpentine: bool
    rotation: int

    @property
    def pixel_count(self) -> int:
        return CELL_COUNT * self.pixels_per_cell

    def pixels_of(self, cell: int) -> tuple[int, ...]:
        column, row = cell % SIZE, cell // SIZE
        for _ in range(self.rotation // 90):
            column, row = row, SIZE - 1 - column
        if self.serpentine and row % 2:
            column = SIZE - 1 - column
        first = (row * SIZE + column) * self.pixels_per_cell
        return tuple(range(first, first + self.pixels_per_cell))


@dataclass(frozen=True)
class Lights:
    driver: Literal["spi", "pwm", "bridge"]
    spi_pin: int
    pwm_pin: int
    order: str
    brightness: float
    budget_ma: int
    map: PixelMap

    @property
    def data_pin(self) -> int | None:
        """The Pi GPIO driving the strip, or None when the bridge drives it."""
        return {"spi": self.spi_pin, "pwm": self.pwm_pin}.get(self.driver)


@dataclass(frozen=True)
class Bridge:
    port: str
    baudrate: int
    select_pins: tuple[str, ...]
    mux_inputs: tuple[str, ...]
    pixel_pin: str


@dataclass(frozen=True)
class Band:
    """Raw readings `low`..`high` (inclusive) mean this stack."""

    level: int
    dome: bool
    low: int
    high: int

    def __contains__(self, reading: object) -> bool:
        return isinstance(reading, int) and self.low <= reading <= self.high


@dataclass(frozen=True)
class Stacks:
    """The resistor coding of building pieces and the default calibration bands."""

    model: str
    adc_max: int
    reference_ohms: float
    board_ohms: float
    block_ohms: tuple[float, ...]
    dome_ohms: float
    hysteresis: int
    bands: tuple[Band, ...]

    def reading_of(self, resistors: tuple[float, ...]) -> int:
        """Raw reading of the board resistor in parallel with `resistors`, noise-free."""
        conductance = 1 / self.board_ohms + sum(1 / ohms for ohms in resistors)
        ohms = 1 / conductance
        return round(self.adc_max * ohms / (self.reference_ohms + ohms))

    def nominal_reading(self, level: int, dome: bool) -> int:
        pieces = self.block_ohms[:level] + ((self.dome_ohms,) if dome else ())
        return self.reading_of(pieces)

    def band_of(self, reading: int) -> Band | None:
        return next((band for band in self.bands if reading in band), None)


@dataclass(frozen=True)
class HardwareConfig:
    workers: WorkerSensing
    buttons: Buttons
    lights: Lights
    bridge: Bridge
    stacks: Stacks
    source: Path


def _workers(table: TomlTable) -> WorkerSensing:
    spi_table, direct_table = table.table("spi"), table.table("direct")
    spi = SpiChain(
        clock=spi_table.pin("clock"),
        miso=spi_table.pin("miso"),
        select=spi_table.pin("select"),
        load=spi_table.pin("load"),
        chips=spi_table.integer("chips", 1, 16),
    )
    spi_table.done()
    pins = direct_table.raw("pins", list, "a list of 25 GPIO numbers")
    if len(pins) != CELL_COUNT or not all(
        isinstance(pin, int) and pin in GPIO_PINS for pin in pins
    ):
        raise direct_table.fail("pins", f"must be {CELL_COUNT} GPIO numbers 0-27, not {pins!r}")
    direct = DirectPins(pins=tuple(pins), pull_up=direct_table.boolean("pull_up"))
    direct_table.done()
    workers = WorkerSensing(
        interface=cast(Literal["spi", "direct"], table.choice("interface", ("spi", "direct"))),
        sensing=cast(
            Literal["presence", "polarity"], table.choice("sensing", ("presence", "polarity"))
        ),
        active_low=table.boolean("active_low"),
        north_player=table.text("north_player"),
        south_player=table.text("south_player"),
        settle_time=table.number("settle_time", 0.0, 5.0),
        spi=spi,
        direct=direct,
    )
    table.done()
    if workers.inputs > spi.chips * 8 and workers.interface == "spi":
        raise table.fail("spi.chips", f"must give {workers.inputs} inputs (8 per chip)")
    if not direct.pull_up and {2, 3} & set(direct.pins):
        raise direct_table.fail("pull_up", "cannot be false on GPIO2/3 (fixed 1.8 kΩ pull-ups)")
    if workers.sensing == "polarity" and workers.interface == "direct":
        raise table.fail("sensing", "polarity needs interface = 'spi' (50 inputs)")
    return workers


def _lights(table: TomlTable) -> Lights:
    map_table = table.table("map")
    pixel_map = PixelMap(
        pixels_per_cell=map_table.integer("pixels_per_cell", 1, 16),
        serpentine=map_table.boolean("serpentine"),
        rotation=map_table.integer("rotation", 0, 270),
    )
    if pixel_map.rotation % 90:
        raise map_table.fail("rotation", f"must be 0, 90, 180 or 270, not {pixel_map.rotation}")
    map_table.done()
    order = table.text("order")
    if sorted(order) not in (sorted("RGB"), sorted("RGBW")):
        raise table.fail("order", f"must be a permutation of RGB or RGBW, not {order!r}")
    lights = Lights(
        driver=cast(
            Literal["spi", "pwm", "bridge"], table.choice("driver", ("spi", "pwm", "bridge"))
        ),
        spi_pin=table.pin("spi_pin"),
        pwm_pin=table.pin("pwm_pin"),
        order=order,
        brightness=table.number("brightness", 0.0, 1.0),
        budget_ma=table.integer("budget_ma", 1, 100_000),
        map=pixel_map,
    )
    table.done()
    return lights


def _stacks(table: TomlTable) -> Stacks:
    bands = []
    for band_table in table.tables("bands"):
        band = Band(
            level=band_table.integer("level", 0, MAX_LEVEL),
            dome=band_table.boolean("dome"),
            low=band_table.integer("low", 0, 65535),
            high=band_table.integer("high", 0, 65535),
        )
        band_table.done()
        if band.low > band.high:
            raise band_table.fail("low", f"must not exceed high ({band.low} > {band.high})")
        bands.append(band)
    ordered = sorted(bands, key=lambda band: band.low)
    for below, above in itertools.pairwise(ordered):
        if above.low <= below.high:
            raise table.fail("bands", f"overlap: {below} and {above}")
    if len({(band.level, band.dome) for band in bands}) != len(bands):
        raise table.fail("bands", "give each (level, dome) at most once")
    blocks = table.raw("block_ohms", list, "a list of 3 resistances")
    if len(blocks) != MAX_LEVEL or not all(
        isinstance(ohms, int | float) and ohms > 0 for ohms in blocks
    ):
        raise table.fail("block_ohms", f"must be {MAX_LEVEL} positive resistances, not {blocks!r}")
    stacks = Stacks(
        model=table.choice("model", ("parallel-resistors",)),
        adc_max=table.integer("adc_max", 1, 65535),
        reference_ohms=table.number("reference_ohms", 1.0, 1e9),
        board_ohms=table.number("board_ohms", 1.0, 1e9),
        block_ohms=tuple(float(ohms) for ohms in blocks),
        dome_ohms=table.number("dome_ohms", 1.0, 1e9),
        hysteresis=table.integer("hysteresis", 0, 65535),
        bands=tuple(bands),
    )
    table.done()
    return stacks


def _check_pins(config: HardwareConfig) -> None:
    """Refuse a GPIO wired to two jobs in the chosen configuration."""
    workers = config.workers
    used: dict[int, str] = {}
    if workers.interface == "spi":
        spi = workers.spi
        named = {"clock": spi.clock, "miso": spi.miso, "select": spi.select, "load": spi.load}
        claims = [(f"workers.spi.{key}", pin) for key, pin in named.items()]
    else:
        claims = [(f"workers.direct.pins[{n}]", pin) for n, pin in enumerate(workers.direct.pins)]
    buttons = config.buttons
    claims += [("buttons.done", buttons.done), ("buttons.undo", buttons.undo)]
    claims.append(("buttons.hint", buttons.hint))
    if config.lights.data_pin is not None:
        claims.append((f"lights.{config.lights.driver}_pin", config.lights.data_pin))
    for key, pin in claims:
        if pin in used:
            raise HardwareConfigError(f"{key}: GPIO{pin} is already used by {used[pin]}")
        used[pin] = key


def read_board_toml(path: Path | str | None = None) -> tuple[Path, dict[str, Any]]:
    """The path and parsed TOML of a board config (default: hardware/board.toml)."""
    source = Path(path) if path is not None else DEFAULT_CONFIG_PATH
    try:
        with source.open("rb") as file:
            return source, tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise HardwareConfigError(f"cannot read {source}: {error}") from error


def load_hardware_config(path: Path | str | None = None) -> HardwareConfig:
    """Load and validate a board config (default: the repository's hardware/board.toml)."""
    source, data = read_board_toml(path)
    root = TomlTable(data, "")
    buttons_table = root.table("buttons")
    buttons = Buttons(*(buttons_table.pin(key) for key in ("done", "undo", "hint")))
    buttons_table.done()
    bridge_table = root.table("bridge")
    bridge = Bridge(
        port=bridge_table.text("port"),
        baudrate=bridge_table.integer("baudrate", 1201, 10_000_000),
        select_pins=bridge_table.texts("select_pins"),
        mux_inputs=bridge_table.texts("mux_inputs"),
        pixel_pin=bridge_table.text("pixel_pin"),
    )
    bridge_table.done()
    config = HardwareConfig(
        workers=_workers(root.table("workers")),
        buttons=buttons,
        lights=_lights(root.table("lights")),
        bridge=bridge,
        stacks=_stacks(root.table("stacks")),
        source=source,
    )
    root.leave_to_others(OWN_TABLES)
    root.done()
    _check_pins(config)
    return config
