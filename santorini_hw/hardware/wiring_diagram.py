"""The wiring diagram, drawn from board.toml: `santorini-hw hardware diagram` writes it.

The SVG is plain text made only from the config, so it is the same on every machine:
a test regenerates it and compares it with the committed `hardware/wiring.svg`, and
checks that every pin of the config is named in it. Left: the Pi's header, each pin
wired to the part it drives; right: the RP2040 bridge and its multiplexers; below: one
cell's column (the sense line, the worker line and the contacts every piece carries)
and the direct-pin table for small builds.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from santorini_hw.hardware.config import DEFAULT_CONFIG_PATH, HardwareConfig
from santorini_hw.physics.worker_field import find_worker_field
from santorini_hw.rules.cells import CELL_NAMES

DIAGRAM_PATH = DEFAULT_CONFIG_PATH.parent / "wiring.svg"

HEADER_PINS = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
    10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32,
    13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
}  # fmt: skip
"""BCM GPIO -> physical pin of the Pi's 40-pin header (the same on every 40-pin Pi)."""

WIDTH = 1100
ROW = 22
FONT = "font-family='DejaVu Sans Mono, monospace' font-size='13'"


class _Canvas:
    def __init__(self) -> None:
        self.items: list[str] = []

    def text(self, x: float, y: float, text: str, *, bold: bool = False) -> None:
        weight = " font-weight='bold'" if bold else ""
        self.items.append(f"<text x='{x}' y='{y}' {FONT}{weight}>{escape(text)}</text>")

    def box(self, x: float, y: float, width: float, height: float, title: str) -> None:
        self.items.append(
            f"<rect x='{x}' y='{y}' width='{width}' height='{height}' fill='#f7f7f2' "
            "stroke='#333' stroke-width='1.5' rx='6'/>"
        )
        self.text(x + 10, y + 20, title, bold=True)

    def wire(self, x1: float, y1: float, x2: float, y2: float, colour: str = "#0b5394") -> None:
        self.items.append(
            f"<line x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='{colour}' stroke-width='2'/>"
        )

    def svg(self, height: float) -> str:
        head = (
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{height}' "
            f"viewBox='0 0 {WIDTH} {height}'>\n<rect width='100%' height='100%' fill='white'/>"
        )
        return "\n".join([head, *self.items, "</svg>"]) + "\n"


def _pi_pins(config: HardwareConfig) -> list[tuple[int, str, str]]:
    """(BCM, role, where it goes) for every Pi pin the reference build uses."""
    spi, buttons, lights = config.workers.spi, config.buttons, config.lights
    rows = [
        (spi.clock, "SPI0 SCLK", f"CLK (pin 2) of all {spi.chips} 74HC165"),
        (spi.miso, "SPI0 MISO", "QH (pin 9) of 74HC165 chip 0"),
        (spi.select, "SPI0 CE1", "/CE (pin 15) of every 74HC165"),
        (spi.load, "GPIO", "SH/LD (pin 1) of every 74HC165"),
        (buttons.done, "GPIO, pull-up", "Done button to GND"),
        (buttons.undo, "GPIO, pull-up", "Undo button to GND"),
        (buttons.hint, "GPIO, pull-up", "Hint button to GND"),
        (lights.spi_pin, "SPI0 MOSI", "NeoPixel data (driver spi) via 74AHCT125"),
        (lights.pwm_pin, "PWM0", "NeoPixel data (driver pwm) via 74AHCT125"),
    ]
    return rows


def _pi(canvas: _Canvas, config: HardwareConfig, top: float) -> float:
    rows = _pi_pins(config)
    height = 40 + ROW * (len(rows) + 2)
    canvas.box(20, top, 330, height, "Raspberry Pi 40-pin header")
    canvas.box(640, top, 440, height, "Pi-side parts")
    for n, (bcm, role, target) in enumerate(rows):
        y = top + 45 + n * ROW
        canvas.text(30, y, f"GPIO{bcm:<2} pin {HEADER_PINS[bcm]:<2} {role}")
        canvas.wire(350, y - 4, 640, y - 4)
        canvas.text(650, y, target)
    y = top + 45 + len(rows) * ROW
    canvas.text(30, y, "3V3 pin 1; GND pins 6,9,14,20,25,30,34,39")
    canvas.text(650, y, f"lights.driver = {config.lights.driver}; 330 R in series")
    canvas.text(650, y + ROW, "74AHCT125 at 5 V: 1A in, 1Y out, 1/OE to GND")
    return top + height + 20


def _bridge(canvas: _Canvas, config: HardwareConfig, top: float) -> float:
    bridge = config.bridge
    rows = [
        *((pin, f"S{n} of both CD74HC4067 (select)") for n, pin in enumerate(bridge.select_pins)),
        *(
            (pin, f"SIG of CD74HC4067 #{n}, cells {16 * n}-{min(16 * n + 15, 24)}, no cap")
            for n, pin in enumerate(bridge.mux_inputs)
        ),
        (bridge.pixel_pin, "NeoPixel data (driver bridge) via 74AHCT125"),
    ]
    height = 40 + ROW * (len(rows) + 1)
    canvas.box(20, top, 330, height, "RP2040 bridge (Raspberry Pi Pico)")
    canvas.box(640, top, 440, height, "Multiplexers and bridge-side parts")
    for n, (pin, target) in enumerate(rows):
        y = top + 45 + n * ROW
        canvas.text(30, y, pin)
        canvas.wire(350, y - 4, 640, y - 4, colour="#38761d")
        canvas.text(650, y, target)
    canvas.text(30, top + 45 + len(rows) * ROW, f"USB to the Pi: {bridge.port}")
    return top + height + 20


def _column(canvas: _Canvas, config: HardwareConfig, top: float) -> float:
    stacks, field = config.stacks, find_worker_field(config.source)
    part = field.sensor.part if field else "Hall switch"
    in_blocks = field is not None and field.sensors_in_blocks
    contacts = "SENSE, GND, 3V3, WORKER" if in_blocks else "SENSE, GND"
    lines = [
        f"Sense: 3V3 - {stacks.reference_ohms / 1000:g}k ref - node - mux channel; "
        "100 nF node to AGND (at the mux input, one per cell)",
        f"Board under the cell: {stacks.board_ohms / 1000:g}k from sense to GND, pads: {contacts}",
        "Blocks "
        + ", ".join(f"L{n + 1} {ohms / 1000:g}k" for n, ohms in enumerate(stacks.block_ohms))
        + f", dome {stacks.dome_ohms / 1000:g}k: sense to GND; pins below, pads on top",
        f"Worker line: 10k pull-up to 3V3 at the 74HC165 input; the board's {part}"
        + (" and" if in_blocks else " (open drain) pulls it low"),
        *(
            [f"every block's {part} (open drain, 100 nF at VCC) pull it low: a wired OR"]
            if in_blocks
            else []
        ),
        f"Cell i: 74HC165 chip i // 8, input A + i % 8; mux i // 16, channel i % 16 "
        f"({config.workers.spi.chips} chips)",
    ]
    height = 40 + ROW * len(lines)
    canvas.box(20, top, 1060, height, "One cell's column (every cell a1..e5 the same)")
    for n, line in enumerate(lines):
        canvas.text(30, top + 45 + n * ROW, line)
    return top + height + 20


def _direct(canvas: _Canvas, config: HardwareConfig, top: float) -> float:
    pins = config.workers.direct.pins
    per_row = 5
    rows = (len(pins) + per_row - 1) // per_row
    height = 40 + ROW * rows
    canvas.box(20, top, 1060, height, "workers.interface = direct: one GPIO per cell")
    for n, pin in enumerate(pins):
        x = 30 + (n % per_row) * 210
        y = top + 45 + (n // per_row) * ROW
        canvas.text(x, y, f"{CELL_NAMES[n]} GPIO{pin} pin {HEADER_PINS[pin]}")
    return top + height + 20


def wiring_svg(config: HardwareConfig) -> str:
    """The wiring diagram of `config`, as SVG text."""
    canvas = _Canvas()
    canvas.text(20, 30, f"santorini-hw wiring, from {config.source.name}", bold=True)
    y = 50.0
    for part in (_pi, _bridge, _column, _direct):
        y = part(canvas, config, y)
    return canvas.svg(y)
