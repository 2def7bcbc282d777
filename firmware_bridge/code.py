"""CircuitPython entry point on the RP2040: real pins in, bridge logic out.

Wiring only; the logic lives in firmware_bridge/bridge.py. The pin numbers below
must match the pin map in hardware/.
"""

import binascii
import time

import analogio
import board
import digitalio
import microcontroller
import neopixel
import usb_cdc
from watchdog import WatchDogMode

from firmware_bridge.bridge import Bridge, MuxReader

SELECT_PINS = (board.GP2, board.GP3, board.GP4, board.GP5)  # S0..S3 of both CD74HC4067
MUX_INPUTS = (board.A0, board.A1)  # common pins: mux 0 (cells 0-15), mux 1 (cells 16-24)
PIXEL_PIN = board.GP16
PIXEL_COUNT = 25  # 0 when the Pi drives the pixels itself
LED_BUDGET_MA = 1500  # what the 5 V supply can spare for the pixels
WATCHDOG_S = 5.0


class UsbPort:
    """Non-blocking reads on the CDC data port; writes dropped while no host listens."""

    def __init__(self, serial):
        self._serial = serial
        self._serial.timeout = 0
        self._serial.write_timeout = 0.1

    def read(self, size):
        waiting = self._serial.in_waiting
        return (self._serial.read(min(size, waiting)) or b"") if waiting else b""

    def write(self, data):
        if self._serial.connected:
            self._serial.write(data)


def output(pin):
    io = digitalio.DigitalInOut(pin)
    io.direction = digitalio.Direction.OUTPUT

    def set_value(value):
        io.value = value

    return set_value


if usb_cdc.data is None:
    raise RuntimeError("usb_cdc data port disabled: copy boot.py to CIRCUITPY and reset")

microcontroller.watchdog.timeout = WATCHDOG_S
microcontroller.watchdog.mode = WatchDogMode.RESET

reader = MuxReader(
    [output(pin) for pin in SELECT_PINS],
    [analogio.AnalogIn(pin) for pin in MUX_INPUTS],
    time.sleep,
)
pixels = None
if PIXEL_COUNT:
    pixels = neopixel.NeoPixel(PIXEL_PIN, PIXEL_COUNT, brightness=1.0, auto_write=False)

Bridge(
    UsbPort(usb_cdc.data),
    reader,
    pixels,
    lambda: time.monotonic_ns() // 1000000,
    watchdog=microcontroller.watchdog.feed,
    led_budget_ma=LED_BUDGET_MA,
    board_id=str(binascii.hexlify(microcontroller.cpu.uid), "ascii"),
).run()
