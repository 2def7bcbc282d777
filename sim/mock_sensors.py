"""The worker sensors' hardware, simulated behind gpiozero's `MockFactory` pins.

`MockShiftRegisterChain` is the 74HC165 chain: it watches the SH/LD pin, latches the
physical model's switches when it goes low, and shifts them out on MISO as the SPI
clock ticks, so `santorini_hw.sensing.shift_register` reads it through its real code
path. `MockDirectSwitches` gives each cell's GPIO a pin whose level is the model's
switch at the moment it is read.

Create the simulated hardware *before* the sensors that read it: a mock pin's class
is fixed by whoever asks for it first, and the chain needs its own clock, select and
load pins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin, MockSPIDevice

from santorini_hw.hardware.config import WorkerSensing
from santorini_hw.rules.cells import CELL_COUNT
from sim.physical import PhysicalBoard


class MockLoadPin(MockPin):
    """A mock output pin that tells a listener each time it is driven."""

    def __init__(self, factory: Any, info: Any) -> None:
        super().__init__(factory, info)
        self.listener: Callable[[bool], None] | None = None

    def _set_state(self, value: bool) -> None:
        super()._set_state(value)
        if self.listener is not None:
            self.listener(bool(value))


class MockSwitchPin(MockPin):
    """A mock input pin whose level is asked of `read` whenever the pin is read."""

    def __init__(self, factory: Any, info: Any, read: Callable[[], bool]) -> None:
        super().__init__(factory, info)
        self.read = read

    def _get_state(self) -> bool:
        return self.read()


def _factory(pin_factory: MockFactory | None) -> MockFactory:
    factory = pin_factory if pin_factory is not None else Device.pin_factory
    if not isinstance(factory, MockFactory):
        raise TypeError("simulated sensors need gpiozero's MockFactory pins")
    return factory


def _switch_levels(board: PhysicalBoard, config: WorkerSensing) -> list[bool]:
    """The line level of every switch input, cell order, north then south with polarity."""
    if config.sensing == "polarity":
        poles = [board.worker_pole(cell, config.north_player) for cell in range(CELL_COUNT)]
        closed = [pole == "north" for pole in poles] + [pole == "south" for pole in poles]
    else:
        closed = [board.worker_present(cell) for cell in range(CELL_COUNT)]
    return [switch != config.active_low for switch in closed]


class MockShiftRegisterChain(MockSPIDevice):
    """A 74HC165 chain wired as `config.spi` describes, its switches from `board`.

    Unused inputs are tied high; the serial input of the last chip is tied low, so
    clocking past the end shifts in zeros, as the real chain does.
    """

    def __init__(
        self,
        board: PhysicalBoard,
        config: WorkerSensing,
        pin_factory: MockFactory | None = None,
    ) -> None:
        factory = _factory(pin_factory)
        spi = config.spi
        super().__init__(
            spi.clock, None, spi.miso, spi.select, select_high=False, pin_factory=factory
        )
        self._board = board
        self._config = config
        self._inputs = spi.chips * 8
        self.loads = 0
        self._register = [True] * self._inputs
        self.load_pin = factory.pin(spi.load, pin_class=MockLoadPin)
        self.load_pin.listener = self._on_load

    def _on_load(self, level: bool) -> None:
        if not level:  # SH/LD low: parallel load
            self.loads += 1
            levels = _switch_levels(self._board, self._config)
            levels += [True] * (self._inputs - len(levels))
            # Serial order: chip 0's H input first, then its G ... A, then chip 1's H ...
            self._register = [
                levels[chip * 8 + bit]
                for chip in range(self._inputs // 8)
                for bit in range(7, -1, -1)
            ]

    def on_start(self) -> None:
        super().on_start()
        self.tx_buf = [int(level) for level in self._register]

    def on_bit(self) -> None:
        self._register = [*self._register[1:], False]

    def close(self) -> None:
        self.load_pin.listener = None
        super().close()


class MockDirectSwitches:
    """One mock GPIO per cell, as `config.direct` lists them, reading `board`'s switches."""

    def __init__(
        self,
        board: PhysicalBoard,
        config: WorkerSensing,
        pin_factory: MockFactory | None = None,
    ) -> None:
        factory = _factory(pin_factory)
        self.pins = [
            factory.pin(pin, pin_class=MockSwitchPin, read=self._reader(board, config, cell))
            for cell, pin in enumerate(config.direct.pins)
        ]

    @staticmethod
    def _reader(board: PhysicalBoard, config: WorkerSensing, cell: int) -> Callable[[], bool]:
        return lambda: board.worker_present(cell) != config.active_low

    def __enter__(self) -> MockDirectSwitches:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Disconnect the switches: every line reads its idle (high) level."""
        for pin in self.pins:
            pin.read = lambda: True


def simulate_worker_sensors(
    board: PhysicalBoard, config: WorkerSensing, pin_factory: MockFactory | None = None
) -> MockShiftRegisterChain | MockDirectSwitches:
    """The simulated worker-sensor hardware for `config.interface`, driven by `board`."""
    if config.interface == "spi":
        return MockShiftRegisterChain(board, config, pin_factory)
    return MockDirectSwitches(board, config, pin_factory)
