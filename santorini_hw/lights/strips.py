"""Pixel strip drivers: the last step from final RGB values to light, behind one interface.

A `PixelStrip` shows one frame at a time: an RGB triple per pixel in strip order, with
colour, brightness, gamma and current limiting already applied upstream. Three
backends implement it, chosen by `hardware/board.toml`'s `[lights] driver` through
`open_strip`:

- `NeoPixelStrip`: the Pi's own GPIO through adafruit-circuitpython-neopixel;
- `BridgeStrip`: the bridge microcontroller drives the strip, the Pi sends LED frames;
- `SimulatedStrip`: a `PixelBuf` whose wire output is recorded, standing in for the
  Pi's NeoPixels in tests and the simulator (same buffer code, only `_transmit` differs).

>>> strip = SimulatedStrip(3)
>>> strip.show([(255, 0, 0), (0, 0, 0), (0, 0, 9)])
>>> strip.last_frame, strip.wire_frames[-1].hex()
(((255, 0, 0), (0, 0, 0), (0, 0, 9)), '00ff00000000000009')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, Protocol

from adafruit_pixelbuf import PixelBuf

from santorini_hw.hardware.config import Lights

Pixel = tuple[int, int, int]

__all__ = [
    "BridgeStrip",
    "LedSink",
    "NeoPixelStrip",
    "Pixel",
    "PixelStrip",
    "SimulatedStrip",
    "StripUnavailableError",
    "open_strip",
]


class PixelStrip(Protocol):
    """A strip of `pixel_count` RGB pixels that shows whole frames."""

    pixel_count: int

    def show(self, pixels: Sequence[Pixel]) -> None:
        """Show one frame: exactly `pixel_count` (r, g, b) values 0-255, strip order."""
        ...

    def close(self) -> None:
        """Blank the strip and release it."""
        ...


class StripUnavailableError(RuntimeError):
    """The configured strip driver cannot run on this machine (missing library, not a Pi)."""


class LedSink(Protocol):
    """What `BridgeStrip` needs of `BridgeClient`: a place to queue LED frames."""

    def send_leds(self, frame: Sequence[Pixel]) -> None: ...


def _checked(pixels: Sequence[Pixel], count: int) -> list[Pixel]:
    if len(pixels) != count:
        raise ValueError(f"a frame of this strip has {count} pixels, not {len(pixels)}")
    frame = [(int(r), int(g), int(b)) for r, g, b in pixels]
    if any(not 0 <= channel <= 255 for pixel in frame for channel in pixel):
        raise ValueError("pixel channels are 0-255")
    return frame


def _show_on(buffer: Any, pixels: Sequence[Pixel]) -> None:
    """Write a whole frame into a `PixelBuf` (brightness 1, no auto-write) and send it."""
    buffer[:] = _checked(pixels, len(buffer))
    PixelBuf.show(buffer)


class SimulatedStrip(PixelBuf):  # type: ignore[misc]
    """A NeoPixel strip whose wire output is recorded instead of clocked out.

    It is a `PixelBuf` like `neopixel.NeoPixel`, so it also takes the library's own
    API (`strip[0] = (255, 0, 0)`, `fill`, `show()`). Every transmission is kept in
    `wire_frames` (the bytes in wire order, e.g. G R B per pixel), the newest `history`
    of them; `last_frame` decodes the newest back to RGB.
    """

    def __init__(self, pixel_count: int, *, byteorder: str = "GRB", history: int = 64) -> None:
        super().__init__(pixel_count, byteorder=byteorder, brightness=1.0, auto_write=False)
        self.pixel_count = pixel_count
        self._rgb_offsets = tuple(byteorder.index(channel) for channel in "RGB")
        self._step = len(byteorder)
        self.wire_frames: deque[bytes] = deque(maxlen=history)
        self.frame_count = 0  # every frame ever shown, including those out of `wire_frames`

    def show(self, pixels: Sequence[Pixel] | None = None) -> None:
        """Show `pixels` (a whole frame), or the buffer as it is (the PixelBuf API)."""
        if pixels is None:
            super().show()
        else:
            _show_on(self, pixels)

    def _transmit(self, buffer: bytearray) -> None:
        self.wire_frames.append(bytes(buffer))
        self.frame_count += 1

    @property
    def last_frame(self) -> tuple[Pixel, ...]:
        """The newest frame on the wire as RGB; all dark before the first show."""
        if not self.wire_frames:
            return ((0, 0, 0),) * self.pixel_count
        wire = self.wire_frames[-1]
        red, green, blue = self._rgb_offsets
        return tuple(
            (wire[base + red], wire[base + green], wire[base + blue])
            for base in range(0, self.pixel_count * self._step, self._step)
        )

    def close(self) -> None:
        self.show([(0, 0, 0)] * self.pixel_count)


class NeoPixelStrip:
    """The Pi's own NeoPixels through adafruit-circuitpython-neopixel (the `pi` extra).

    On a Pi 4 or earlier Blinka drives the strip with rpi_ws281x, one strip per Pi:
    GPIO10 goes out through the SPI controller (no root, once SPI is enabled; the
    separate neopixel-spi library is not needed), GPIO18 through PWM (root, and the
    analog audio off). On a Pi 5 Blinka uses Adafruit-Blinka-Raspberry-Pi5-Neopixel
    through /dev/pio0 on any pin instead (install it as well). Blinka checks its Pi
    dependencies on import: under systemd set BLINKA_SKIP_DEPENDENCY_CHECK=1.
    """

    def __init__(self, pixel_count: int, pin: int, *, order: str = "GRB") -> None:
        try:
            import board
            import neopixel
        except (ImportError, NotImplementedError, RuntimeError) as error:
            raise StripUnavailableError(
                "the Pi's NeoPixel driver is not available: neopixel is not supported on "
                f"this board or not installed (pip install 'santorini-hw[pi]' on a Pi): {error}"
            ) from error
        data_pin = getattr(board, f"D{pin}", None)
        if data_pin is None:
            raise StripUnavailableError(f"this board has no GPIO{pin} for the NeoPixels")
        self.pixel_count = pixel_count
        self._pixels = neopixel.NeoPixel(
            data_pin, pixel_count, brightness=1.0, auto_write=False, pixel_order=order
        )

    def show(self, pixels: Sequence[Pixel]) -> None:
        _show_on(self._pixels, pixels)

    def close(self) -> None:
        self.show([(0, 0, 0)] * self.pixel_count)
        self._pixels.deinit()


class BridgeStrip:
    """Pixels driven by the bridge microcontroller: frames go out as LEDS frames.

    The client keeps only the newest frame and re-sends it after a reconnect; the
    bridge blanks the strip itself when the Pi falls silent.
    """

    def __init__(self, sink: LedSink, pixel_count: int) -> None:
        self._sink = sink
        self.pixel_count = pixel_count

    def show(self, pixels: Sequence[Pixel]) -> None:
        self._sink.send_leds(_checked(pixels, self.pixel_count))

    def close(self) -> None:
        self.show([(0, 0, 0)] * self.pixel_count)


def open_strip(
    lights: Lights, bridge_client: LedSink | None = None, *, simulated: bool = False
) -> PixelStrip:
    """The strip `lights.driver` names; `simulated` swaps the Pi's NeoPixels for a
    `SimulatedStrip` (a bridge-driven strip is simulated by the fake bridge itself)."""
    count = lights.map.pixel_count
    if lights.driver == "bridge":
        if bridge_client is None:
            raise ValueError("lights driven by the bridge need the bridge client")
        return BridgeStrip(bridge_client, count)
    if simulated:
        return SimulatedStrip(count, byteorder=lights.order)
    pin = lights.data_pin
    assert pin is not None  # spi and pwm drivers always have a data pin
    return NeoPixelStrip(count, pin, order=lights.order)
