"""Worker sensors: one switch per cell, read through a 74HC165 chain or one GPIO each.

Both backends implement `WorkerSensors`: `read()` returns a 25-bit presence bitmask
(bit i = cell index i, set = a worker stands there). They go through gpiozero, so on a
Pi they use the real pins and in tests and the simulator they use `MockFactory` pins
through the very same code. Readings are raw: debouncing is `debounce.py`'s job.

A 74HC165 chain shifts its parallel inputs out one bit per clock once SH/LD has been
pulsed low, so it reads as an SPI device with no MOSI: `ShiftRegisterChain` pulses
the load pin, then reads one byte per chip. Chip 0 is the one whose QH feeds MISO;
input i is chip i // 8, parallel input A + i % 8, so the bytes read little-endian
give input i at bit i.
"""

from __future__ import annotations

from typing import Any, Protocol

from gpiozero import DigitalInputDevice, DigitalOutputDevice, SPIDevice

from santorini_hw.closing import Closing
from santorini_hw.hardware.config import WorkerSensing
from santorini_hw.rules.cells import ALL_CELLS, CELL_COUNT


class WorkerSensors(Protocol):
    """Raw worker presence of all cells."""

    def read(self) -> int:
        """Bitmask of cells where a worker stands (bit i = cell index i)."""
        ...

    def close(self) -> None: ...


class PolaritySensors(WorkerSensors, Protocol):
    """Worker sensors with one switch per magnet pole, so two players can be told apart."""

    def read_poles(self) -> tuple[int, int]:
        """Bitmasks of cells where a north pole and where a south pole is sensed."""
        ...


class ShiftRegisterChain(SPIDevice):  # type: ignore[misc]
    """A chain of `chips` 74HC165s: SPI clock, MISO and /CE as select, plus SH/LD.

    `read_inputs()` returns all 8 × `chips` parallel inputs as an int (input i at bit
    i), as the pins show them: no inversion, unused inputs included.
    """

    def __init__(
        self,
        chips: int,
        *,
        clock_pin: int,
        miso_pin: int,
        select_pin: int,
        load_pin: int,
        pin_factory: Any = None,
    ) -> None:
        self._load: Any = None
        super().__init__(
            clock_pin=clock_pin,
            mosi_pin=None,
            miso_pin=miso_pin,
            select_pin=select_pin,
            pin_factory=pin_factory,
        )
        try:
            self._load = DigitalOutputDevice(
                load_pin, initial_value=True, pin_factory=self.pin_factory
            )
        except BaseException:
            self.close()
            raise
        self._chips = chips

    @property
    def chips(self) -> int:
        return self._chips

    def read_inputs(self) -> int:
        self._check_open()
        # The pin itself rather than the device's on()/off(): this runs 100 times a
        # second, and the device layer's locking and blink handling are not needed here.
        load = self._load.pin
        load.state = False  # SH/LD low: every chip copies its parallel inputs
        load.state = True  # SH/LD high: hold them and shift on each clock
        words = self._spi.read(self._chips)
        return int.from_bytes(bytes(words), "little")

    def close(self) -> None:
        if self._load is not None:
            self._load.close()
            self._load = None
        super().close()


class ShiftRegisterSensors(Closing):
    """`WorkerSensors` (and `PolaritySensors`) on a 74HC165 chain.

    Cell i's switch is input i; with polarity sensing its north switch is input i and
    its south switch input 25 + i.
    """

    def __init__(self, config: WorkerSensing, pin_factory: Any = None) -> None:
        spi = config.spi
        self._chain = ShiftRegisterChain(
            spi.chips,
            clock_pin=spi.clock,
            miso_pin=spi.miso,
            select_pin=spi.select,
            load_pin=spi.load,
            pin_factory=pin_factory,
        )
        self._invert = config.active_low
        self._polarity = config.sensing == "polarity"

    def _inputs(self) -> int:
        inputs: int = self._chain.read_inputs()
        return ~inputs if self._invert else inputs

    def read(self) -> int:
        if self._polarity:
            north, south = self.read_poles()
            return north | south
        return self._inputs() & ALL_CELLS

    def read_poles(self) -> tuple[int, int]:
        if not self._polarity:
            raise RuntimeError("these worker sensors sense presence only, not polarity")
        inputs = self._inputs()
        return inputs & ALL_CELLS, (inputs >> CELL_COUNT) & ALL_CELLS

    def close(self) -> None:
        self._chain.close()


class DirectPinSensors(Closing):
    """`WorkerSensors` with one GPIO per cell (gpiozero `DigitalInputDevice`s).

    With `pull_up` the Pi's internal pull-ups hold the lines high and a switch pulls
    its line low; without, external resistors set the idle level and `active_low`
    says which level means "worker".
    """

    def __init__(self, config: WorkerSensing, pin_factory: Any = None) -> None:
        direct = config.direct
        if direct.pull_up and not config.active_low:
            raise ValueError("internal pull-ups need active-low switches (workers.active_low)")
        self._devices: list[Any] = []
        try:
            for pin in direct.pins:
                self._devices.append(
                    DigitalInputDevice(
                        pin,
                        pull_up=True if direct.pull_up else None,
                        active_state=None if direct.pull_up else not config.active_low,
                        pin_factory=pin_factory,
                    )
                )
        except BaseException:
            self.close()
            raise

    def read(self) -> int:
        mask = 0
        for cell, device in enumerate(self._devices):
            if device.is_active:
                mask |= 1 << cell
        return mask

    def close(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()


def open_worker_sensors(config: WorkerSensing, pin_factory: Any = None) -> WorkerSensors:
    """The worker sensors the config describes (`interface = "spi"` or `"direct"`)."""
    if config.interface == "spi":
        return ShiftRegisterSensors(config, pin_factory)
    return DirectPinSensors(config, pin_factory)
