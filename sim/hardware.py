"""The whole board, simulated through the same code path as the real one.

`SimulatedHardware` builds a `PhysicalBoard` (pieces, hand, noise), the 74HC165 chain
on gpiozero `MockFactory` pins, a `FakeBridge` (the real firmware logic) on a pty
whose ADC is the physical board, and then the real `BoardHardware` on top of them:
the shift-register driver reads the mock pins, a `BridgeClient` opens the pty path
with pyserial, `SensorFusion` fuses, the buttons are gpiozero inputs on mock pins,
and the Pi's NeoPixels are a `SimulatedStrip` (a bridge-driven strip lands in the fake
bridge's pixels). Only the pin factory, the serial path and the strip's wire differ.

Time. The physical model and fusion run on a `ManualClock` that only this object
advances, so a scenario can run faster than real time. The fake bridge and the
client's serial thread run in real time, so a change to the stacks reaches the
readings a few real milliseconds later. `sync()` waits (in real time, the simulated
clock standing still) until the client's readings agree with what the stack sensors
read now, and `advance()` syncs before every scan, so what fusion sees at simulated
time t is the board at time t, however slow the machine:

    async with SimulatedHardware() as sim:
        sim.place("c3", "block")
        observation = await sim.settle()        # scans on the simulated clock
        assert observation.cell("c3").level == 1
        sim.press("done")
        assert await sim.presses.get() == "done"
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from types import TracebackType

from gpiozero import Device

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.board import SCAN_PERIOD, BoardHardware
from santorini_hw.hardware.config import HardwareConfig, PixelMap, load_hardware_config
from santorini_hw.lights.strips import Pixel, PixelStrip, SimulatedStrip
from santorini_hw.physics.worker_field import find_worker_field
from santorini_hw.rules.cells import CELL_COUNT, cell_name, parse_cell
from santorini_hw.sensing.bridge_client import BridgeCounters, BridgeSettings
from santorini_hw.sensing.calibration import CalibrationTable
from santorini_hw.sensing.observation import Observation
from sim.fake_bridge import FakeBridge
from sim.mock_sensors import MockShiftRegisterChain, SimPinFactory, simulate_worker_sensors
from sim.physical import Noise, PhysicalBoard, Piece
from sim.scenario import PhysicalEvent

BRIDGE_THRESHOLD = 512
"""Counts a cell's reading must move before the fake bridge reports it."""
SYNC_TIMEOUT = 10.0
"""Real seconds `sync()` waits for the bridge before giving up (generous: slow CI)."""
DRIFT_S = 0.05
"""With ADC noise, how often the fake bridge reads its cells again although nothing
moved (noise alone rarely crosses its reporting threshold)."""
SIM_BRIDGE = BridgeSettings(backoff_initial_s=0.02, backoff_max_s=0.2)
"""Reconnect quickly: a simulated replug should not wait out a real backoff."""


class SimulatedBoard(PhysicalBoard):
    """A `PhysicalBoard` whose presence switches can also stick, and which tells what
    each stack sensor reads without noise (to know when the bridge has caught up)."""

    def __init__(self, config: HardwareConfig, clock: ManualClock, noise: Noise | None) -> None:
        super().__init__(config.stacks, clock, noise, find_worker_field(config.source))
        self._config = config
        self._time = clock
        self._stuck_switches: dict[int, bool] = {}
        self._stuck_readings: dict[int, int] = {}
        self._stack_changed = [float("-inf")] * CELL_COUNT
        self.stack_changes = 0
        """Stack operations so far (pieces placed or lifted, channels stuck or repaired)."""
        self.on_stack_change: Callable[[], None] = lambda: None
        self.changes = 0
        """Physical operations so far (any piece placed or lifted, any sensor stuck)."""
        self._changed_at = float("-inf")

    def _changed(self) -> None:
        self.changes += 1
        self._changed_at = self._time.monotonic()

    def switches_key(self) -> int | None:
        """A key that stays the same as long as every switch reads the same: the count of
        operations while no noise moves them (no flicker, no contact bouncing after the
        last operation) and every sampling switch has looked at the field since; None
        while they may read differently at each read."""
        since = self._time.monotonic() - self._changed_at
        sampling = self.switches.period if self.switches is not None else 0.0
        if self.noise.flicker or since < self.noise.bounce_ms / 1000 or since <= sampling:
            return None
        return self.changes

    def _stack_changed_now(self, cell: int) -> None:
        self._stack_changed[cell] = self._time.monotonic()
        self.stack_changes += 1
        self.on_stack_change()

    def stack_activity(self) -> tuple[int, float | None]:
        """What the fake bridge needs to scan only on change: (`stack_changes`, seconds
        until a reading may move by itself — 0 while a cell's contacts bounce,
        `DRIFT_S` with ADC noise, None when the readings stay put)."""
        now, bounce = self._time.monotonic(), self.noise.bounce_ms / 1000
        if any(now - changed < bounce for changed in self._stack_changed):
            return self.stack_changes, 0.0
        return self.stack_changes, DRIFT_S if self.noise.adc_noise else None

    def set_stuck_switch(self, cell: int, closed: bool | None) -> None:
        """Make a cell's presence switch read `closed` for ever (None repairs it)."""
        if closed is None:
            self._stuck_switches.pop(cell, None)
        else:
            self._stuck_switches[cell] = closed
        self._changed()

    def set_stuck_reading(self, cell: int | str, reading: int | None) -> None:
        super().set_stuck_reading(cell, reading)
        index = cell if isinstance(cell, int) else _index(cell)
        if reading is None:
            self._stuck_readings.pop(index, None)
        else:
            self._stuck_readings[index] = reading
        self._stack_changed_now(index)
        self._changed()

    def worker_present(self, cell: int) -> bool:
        stuck = self._stuck_switches.get(cell)
        return super().worker_present(cell) if stuck is None else stuck

    def place(self, cell: int | str, kind: str, player: str | None = None) -> None:
        super().place(cell, kind, player)
        self._changed()
        if kind != "worker":
            self._stack_changed_now(_index(cell))

    def lift(self, cell: int | str) -> Piece:
        piece = super().lift(cell)
        self._changed()
        if piece.kind != "worker":
            self._stack_changed_now(_index(cell))
        return piece

    def expected_reading(self, cell: int) -> int | None:
        """What the cell's stack sensor reads now without noise; None while its contacts
        still bounce (its readings are random then)."""
        if cell in self._stuck_readings:
            return self._stuck_readings[cell]
        if self._time.monotonic() - self._stack_changed[cell] < self.noise.bounce_ms / 1000:
            return None
        return self._config.stacks.nominal_reading(self.level(cell), self.dome(cell))


def _index(cell: int | str) -> int:
    return cell if isinstance(cell, int) else parse_cell(cell)


class SimulatedHardware:
    """A simulated board behind the real `BoardHardware`; see the module doc.

    `noise` adds switch flicker, contact bounce and ADC noise; `table` is the
    calibration fusion uses (the config's default bands unless given); `bridge_dir` is
    the folder of the fake bridge's port (a temporary one unless given).
    """

    def __init__(
        self,
        config: HardwareConfig | None = None,
        *,
        clock: ManualClock | None = None,
        noise: Noise | None = None,
        table: CalibrationTable | None = None,
        scan_period: float = SCAN_PERIOD,
        bridge_dir: str | None = None,
    ) -> None:
        self.config = config or load_hardware_config()
        self.clock = clock or ManualClock()
        self.scan_period = scan_period
        self.physical = SimulatedBoard(self.config, self.clock, noise)
        self._lock = threading.Lock()  # the bridge thread reads the board too
        # gpiozero's software SPI bus (the chain's) asks for the global pin factory, so
        # the simulator's mock pins are installed there while it is open.
        self.pin_factory = SimPinFactory()
        self._previous_factory = Device.pin_factory
        Device.pin_factory = self.pin_factory
        self._chain = simulate_worker_sensors(self.physical, self.config.workers, self.pin_factory)
        if isinstance(self._chain, MockShiftRegisterChain):  # read through "spidev"
            spi = self.config.workers.spi
            self.pin_factory.spidevs[(spi.clock, spi.select)] = self._chain.transfer
        self.bridge = FakeBridge(
            self._read_stack,
            pixels=self.config.lights.map.pixel_count,
            threshold=BRIDGE_THRESHOLD,
            directory=bridge_dir,
            activity=self._stack_activity,
        )
        self.physical.on_stack_change = self.bridge.poke
        self.hardware = BoardHardware(
            self.config,
            self.clock,
            table=table,
            pin_factory=self.pin_factory,
            bridge_path=self.bridge.path,
            bridge_settings=SIM_BRIDGE,
            simulated_strip=True,
            scan_period=scan_period,
        )
        self.presses = self.hardware.presses

    # ------------------------------------------------------------ what the daemon sees

    @property
    def strip(self) -> PixelStrip:
        return self.hardware.strip

    @property
    def pixel_map(self) -> PixelMap:
        return self.config.lights.map

    @property
    def pixels(self) -> tuple[Pixel, ...]:
        """What the strip shows now, RGB in strip order (after the bridge's current cap
        when the bridge drives it)."""
        strip = self.hardware.strip
        if isinstance(strip, SimulatedStrip):
            return strip.last_frame
        frames = self.bridge.led_frames
        return frames[-1] if frames else ((0, 0, 0),) * self.pixel_map.pixel_count

    @property
    def counters(self) -> BridgeCounters:
        return self.hardware.scanner.bridge.counters

    def stack_reading(self, cell: int) -> int | None:
        return self.hardware.stack_reading(cell)

    def scan(self) -> Observation:
        """One scan at the current simulated time (without waiting for the bridge)."""
        with self._lock:
            return self.hardware.scan()

    async def advance(self, seconds: float) -> Observation:
        """Scan every `scan_period` for `seconds` of simulated time, syncing the bridge
        before each scan; the last observation."""
        observation = None
        for _ in range(max(1, round(seconds / self.scan_period))):
            observation = await self._step()
        assert observation is not None
        return observation

    async def settle(self, timeout: float = 1.0) -> Observation:
        """Advance until an observation is settled, at most `timeout` simulated seconds;
        the last observation either way."""
        observation = await self._step()
        for _ in range(round(timeout / self.scan_period)):
            if observation.settled:
                break
            observation = await self._step()
        return observation

    async def _step(self) -> Observation:
        await self.sync()
        observation = self.scan()
        self.clock.advance(self.scan_period)
        return observation

    async def sync(self, timeout: float = SYNC_TIMEOUT) -> None:
        """Wait in real time until the client's readings agree with the board: the
        stack readings of a plugged bridge match every sensor whose contacts are not
        bouncing (within the bridge's reporting threshold and the ADC noise), and an
        unplugged bridge has no readings. Raises TimeoutError naming what disagrees."""
        await wait_real(lambda: not self._out_of_sync(), timeout, self._out_of_sync)

    def _out_of_sync(self) -> str:
        stacks = self.hardware.scanner.stacks
        if not self.bridge.plugged:
            return "" if stacks is None else "the client has not noticed the unplug"
        if stacks is None:
            return f"no readings from the bridge ({self.hardware.scanner.bridge.error})"
        tolerance = BRIDGE_THRESHOLD + 6 * self.physical.noise.adc_noise + 64
        with self._lock:
            expected = [self.physical.expected_reading(cell) for cell in range(CELL_COUNT)]
        late = [
            f"{cell_name(cell)} reads {stacks.values[cell]}, sensor {want}"
            for cell, want in enumerate(expected)
            if want is not None and abs(stacks.values[cell] - want) > tolerance
        ]
        return "; ".join(late)

    # ------------------------------------------------------------ physical operations

    def place(self, cell: int | str, kind: str, player: str | None = None) -> None:
        """Put a worker (of `player`), a block or a dome on top of a cell."""
        with self._lock:
            self.physical.place(cell, kind, player)

    def lift(self, cell: int | str) -> Piece:
        """Take the top piece off a cell (a worker, else a dome, else the top block)."""
        with self._lock:
            return self.physical.lift(cell)

    def press(self, button: str) -> None:
        """Press and release a board button (`done`, `undo`, `hint`): its pin goes low."""
        pin = self.pin_factory.pin(getattr(self.config.buttons, button))
        pin.drive_low()
        pin.drive_high()

    def act(self, event: PhysicalEvent) -> None:
        """Do one scripted event: a lift, a place or a press."""
        if event.op == "lift":
            self.lift(event.cell)
        elif event.op == "place":
            self.place(event.cell, event.piece, event.player)
        else:
            self.press(event.button)

    async def hold(self, button: str, seconds: float) -> None:
        """Hold a board button down for `seconds` on the board's clock, then release it.
        Something else must move the clock meanwhile: in the daemon, its scan loop
        follows real time; in a scenario, another task calling `advance`."""
        pin = self.pin_factory.pin(getattr(self.config.buttons, button))
        since = self.clock.monotonic()
        pin.drive_low()
        try:
            await wait_real(
                lambda: self.clock.monotonic() - since >= seconds,
                seconds + SYNC_TIMEOUT,
                lambda: f"the clock moved {self.clock.monotonic() - since:.2f} s",
                poll=0.01,
            )
        finally:
            pin.drive_high()

    def unplug(self) -> None:
        """Pull the bridge's USB cable (the client sees its port vanish)."""
        self.bridge.unplug()

    def replug(self) -> None:
        """Plug the bridge back in: it boots afresh behind the same path."""
        self.bridge.replug()

    def _stack_activity(self) -> tuple[int, float | None]:
        with self._lock:
            return self.physical.stack_activity()

    def _read_stack(self, cell: int) -> int:
        with self._lock:
            return self.physical.stack_reading(cell)

    # ------------------------------------------------------------ life cycle

    async def start(self) -> None:
        self.bridge.start()
        self.hardware.start()

    async def aclose(self) -> None:
        await self.hardware.aclose()
        self.bridge.close()
        self._chain.close()
        self.pin_factory.reset()
        Device.pin_factory = self._previous_factory

    async def __aenter__(self) -> SimulatedHardware:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()


async def wait_real(
    condition: Callable[[], bool],
    timeout: float,
    explain: Callable[[], str] = lambda: "",
    poll: float = 0.002,
) -> None:
    """Poll `condition` in real time (yielding to the event loop) until it holds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"not in {timeout} s: {explain()}")
        await asyncio.sleep(poll)
