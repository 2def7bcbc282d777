"""The worker sensors' hardware, simulated behind gpiozero's `MockFactory` pins.

`MockShiftRegisterChain` is the 74HC165 chain: it watches the SH/LD pin, latches the
physical model's switches when it goes low, and shifts them out on MISO as the SPI
clock ticks, so `santorini_hw.sensing.shift_register` reads it through its real code
path. `MockDirectSwitches` gives each cell's GPIO a pin whose level is the model's
switch at the moment it is read.

Create the simulated hardware *before* the sensors that read it: a mock pin's class
is fixed by whoever asks for it first, and the chain needs its own clock, select and
load pins.

`SimPinFactory` is the `MockFactory` of long simulations (the daemon's virtual board):
each pin keeps only its last `PIN_HISTORY` state changes (a `MockPin` keeps them all,
and a 100 Hz scan toggles pins thousands of times a second), and an SPI bus on the
Pi's hardware pins is a `SimulatedSpidev`, a whole transfer at once as the kernel's
spidev gives it on a Pi, rather than gpiozero's bit-banging of mock pins (the
chain answers both ways; the pin-level path stays what the sensing tests check).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from gpiozero import Device
from gpiozero.pins import SPI
from gpiozero.pins.mock import MockFactory, MockPin, MockSPIDevice

from santorini_hw.hardware.config import WorkerSensing
from santorini_hw.rules.cells import CELL_COUNT
from sim.physical import PhysicalBoard

PIN_HISTORY = 64
"""State changes each pin of a `SimPinFactory` remembers (gpiozero's test helpers
`assert_states` look at a handful)."""


class SimPinFactory(MockFactory):  # type: ignore[misc]
    """Mock pins with a bounded history, and spidev on the hardware SPI pins (module doc)."""

    def __init__(self) -> None:
        super().__init__()
        self.spidevs: dict[tuple[int, int], Callable[[list[int]], list[int]]] = {}
        """(clock pin, select pin) -> the device's whole-transfer answer."""

    def pin(self, name: Any, pin_class: Any = None, **kwargs: Any) -> Any:
        pin = super().pin(name, pin_class, **kwargs)
        if not isinstance(pin.states, deque):
            pin.states = deque(pin.states, maxlen=PIN_HISTORY)
        return pin

    def spi(self, **spi_args: Any) -> Any:
        transfer = self.spidevs.get((spi_args.get("clock_pin"), spi_args.get("select_pin")))
        if transfer is None:
            return super().spi(**spi_args)
        return SimulatedSpidev(transfer, pin_factory=self)


class SimulatedSpidev(SPI):  # type: ignore[misc]
    """gpiozero's SPI interface answered by a device model in one call, like the Pi's
    spidev (`LocalPiHardwareSPI`), instead of bit by bit on mock pins."""

    def __init__(self, transfer: Callable[[list[int]], list[int]], pin_factory: Any) -> None:
        self._transfer: Callable[[list[int]], list[int]] | None = transfer
        self._mode = 0
        super().__init__(pin_factory=pin_factory)

    def transfer(self, data: Any) -> list[int]:
        self._check_open()
        assert self._transfer is not None
        return self._transfer(list(data))

    def close(self) -> None:
        self._transfer = None
        super().close()

    @property
    def closed(self) -> bool:
        return self._transfer is None

    def _get_clock_mode(self) -> int:
        return self._mode

    def _set_clock_mode(self, value: int) -> None:
        self._mode = value


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
        self._latched = self._register
        self._words: list[int] | None = None
        """The latched register as the words of one whole read."""
        self._key: int | None = None
        """`board.switches_key()` when the switches were last read (a static board's
        switches are not asked again; see `SimulatedBoard.switches_key`)."""
        self.load_pin = factory.pin(spi.load, pin_class=MockLoadPin)
        self.load_pin.listener = self._on_load

    def _on_load(self, level: bool) -> None:
        if not level:  # SH/LD low: parallel load
            self.loads += 1
            key = getattr(self._board, "switches_key", lambda: None)()
            if key is not None and key == self._key:  # the switches read as last time
                self._register = self._latched
                return
            self._key = key
            levels = _switch_levels(self._board, self._config)
            levels += [True] * (self._inputs - len(levels))
            # Serial order: chip 0's H input first, then its G ... A, then chip 1's H ...
            self._register = [
                levels[chip * 8 + bit]
                for chip in range(self._inputs // 8)
                for bit in range(7, -1, -1)
            ]
            self._latched = self._register
            self._words = None
            self._words = self.transfer([0] * (self._inputs // 8))
            self._register = self._latched

    def on_start(self) -> None:
        super().on_start()
        self.tx_buf = [int(level) for level in self._register]

    def on_bit(self) -> None:
        self._register = [*self._register[1:], False]

    def transfer(self, words: list[int]) -> list[int]:
        """A whole read as spidev gives it: eight register bits a word, MSB first,
        zeros once the chain is shifted out (what the bit-banged path gives too)."""
        if self._register is self._latched and self._words is not None:
            answer = self._words[: len(words)] + [0] * max(0, len(words) - len(self._words))
            self._register = self._register[8 * len(words) :] + [False] * min(
                len(self._register), 8 * len(words)
            )
            return answer
        bits = self._register + [False] * max(0, 8 * len(words) - len(self._register))
        answer = []
        for word in range(len(words)):
            value = 0
            for bit in bits[word * 8 : word * 8 + 8]:
                value = value << 1 | bit
            answer.append(value)
        size = len(self._register)
        self._register = (bits[8 * len(words) :] + [False] * size)[:size]
        return answer

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
