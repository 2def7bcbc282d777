"""A physical model of the board: stacks of pieces, workers, hands and sensor noise.

The model knows the physical rules of the pieces (a dome caps a stack, blocks go up
to level 3, a worker stands on top), not the game's. Its sensors answer as the real
ones would: `worker_present` is a switch under the cell (with flicker and contact
bounce), `stack_reading` is the 16-bit ADC value of the cell's resistor network
(`hardware/board.toml`'s resistor coding, with ADC noise). Given the board's
`WorkerField`, the switches are physical (`sim.magnetic_switches`): a worker is seen
only where its magnet's field reaches a switch. Time comes from an
injected clock, so the simulator runs as fast as it likes; noise comes from a seeded
random generator, so a run is repeatable for a given seed and sequence of calls.

>>> from santorini_hw.clock import ManualClock
>>> from santorini_hw.hardware.config import load_hardware_config
>>> board = PhysicalBoard(load_hardware_config().stacks, ManualClock())
>>> board.place("c3", "block"); board.place("c3", "worker", player="A")
>>> board.level(12), board.worker(12), board.lift("c3")
(1, 'A', Piece(kind='worker', level=0, player='A'))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from santorini_hw.clock import Clock
from santorini_hw.hardware.config import MAX_LEVEL, Stacks
from santorini_hw.physics.worker_field import WorkerField
from santorini_hw.rules.cells import CELL_COUNT, cell_name, parse_cell
from sim.magnetic_switches import MagneticSwitches

PieceKind = Literal["worker", "block", "dome"]
PIECE_KINDS: tuple[PieceKind, ...] = ("worker", "block", "dome")


class PhysicalError(ValueError):
    """A physical operation the pieces do not allow (e.g. placing on a dome)."""


@dataclass(frozen=True)
class Piece:
    """A piece: a worker (of `player`), a block (of size `level`, 1-3) or a dome."""

    kind: PieceKind
    level: int = 0
    player: str | None = None


@dataclass(frozen=True)
class Noise:
    """Sensor imperfections, deterministic for a given `seed`.

    `flicker`: chance that one switch read is wrong; `bounce_ms`: after a piece lands
    on or leaves a cell, its sensors read at random for this long; `adc_noise`:
    standard deviation of the stack readings, in counts.
    """

    seed: int = 0
    flicker: float = 0.0
    bounce_ms: float = 0.0
    adc_noise: float = 0.0

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Noise:
        """From a scenario's `noise` object (`seed`, `flicker`, `bounce_ms`, `adc_noise`)."""
        numbers: dict[str, float] = {}
        for key, value in data.items():
            if key not in ("seed", "flicker", "bounce_ms", "adc_noise"):
                raise ValueError(f"unknown noise setting {key!r}")
            if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
                raise ValueError(f"noise {key} must be a number >= 0, not {value!r}")
            numbers[key] = float(value)
        if numbers.get("flicker", 0.0) > 1:
            raise ValueError("noise flicker is a probability (0 to 1)")
        return cls(seed=int(numbers.pop("seed", 0)), **numbers)


@dataclass
class _Cell:
    stack: list[Piece] = field(default_factory=list)  # blocks then maybe a dome
    worker: Piece | None = None
    worker_changed: float = float("-inf")
    stack_changed: float = float("-inf")
    previous_reading: int = 0
    stuck_reading: int | None = None


class PhysicalBoard:
    """25 cells of pieces, a hand holding lifted pieces, and the sensors under them.

    Without a `worker_field` the presence switches are ideal: a worker is seen wherever
    it stands."""

    def __init__(
        self,
        stacks: Stacks,
        clock: Clock,
        noise: Noise | None = None,
        worker_field: WorkerField | None = None,
    ) -> None:
        self._stacks = stacks
        self._clock = clock
        self.switches = MagneticSwitches(worker_field, clock.monotonic()) if worker_field else None
        self.noise = noise or Noise()
        self._random = random.Random(self.noise.seed)
        # The bridge reads the stacks from its own thread at its own pace: its noise has a
        # stream of its own, so the switches' noise stays repeatable whatever the timing.
        self._adc_random = random.Random(self.noise.seed + 1)
        self._cells = [_Cell() for _ in range(CELL_COUNT)]
        for cell in self._cells:
            cell.previous_reading = stacks.reading_of(())
        self.hand: list[Piece] = []
        self._refresh_switches()

    # Physical operations

    def place(self, cell: int | str, kind: str, player: str | None = None) -> None:
        """Put a piece on top of a cell: from the hand if it holds one, else from the box."""
        index = _index(cell)
        name, state = cell_name(index), self._cells[index]
        if kind not in PIECE_KINDS:
            raise PhysicalError(f"no such piece: {kind!r} (pieces: worker, block, dome)")
        if state.worker is not None:
            raise PhysicalError(f"a worker stands on {name}: lift it before placing a {kind}")
        if kind != "worker" and state.stack and state.stack[-1].kind == "dome":
            raise PhysicalError(f"{name} is capped by a dome")
        if kind == "worker":  # it balances even on a dome: the referee, not physics, refuses it
            if player is None:
                raise PhysicalError(f"placing a worker on {name} needs its player")
            state.worker = self._take(Piece("worker", player=player))
            state.worker_changed = self._clock.monotonic()
            self._refresh_switches()
            return
        if player is not None:
            raise PhysicalError(f"a {kind} belongs to no player (got player {player!r})")
        height = len(state.stack)
        if kind == "block" and height == MAX_LEVEL:
            raise PhysicalError(f"{name} already has {MAX_LEVEL} blocks: only a dome fits")
        piece = Piece("block", level=height + 1) if kind == "block" else Piece("dome")
        self._change_stack(state, lambda: state.stack.append(self._take(piece)))

    def lift(self, cell: int | str) -> Piece:
        """Take the top piece (a worker, else a dome, else the top block) into the hand."""
        index = _index(cell)
        state = self._cells[index]
        if state.worker is not None:
            piece, state.worker = state.worker, None
            state.worker_changed = self._clock.monotonic()
        elif state.stack:
            piece = state.stack[-1]
            self._change_stack(state, state.stack.pop)
        else:
            raise PhysicalError(f"nothing to lift on {cell_name(index)}")
        self.hand.append(piece)
        self._refresh_switches()
        return piece

    def set_stuck_reading(self, cell: int | str, reading: int | None) -> None:
        """Make a cell's stack channel read `reading` for ever (None repairs it)."""
        self._cells[_index(cell)].stuck_reading = reading

    def _take(self, piece: Piece) -> Piece:
        if piece in self.hand:
            self.hand.remove(piece)
        return piece

    def _change_stack(self, state: _Cell, change: Callable[[], object]) -> None:
        state.previous_reading = self._stacks.reading_of(self._resistors(state))
        change()
        state.stack_changed = self._clock.monotonic()
        self._refresh_switches()

    def _refresh_switches(self) -> None:
        if self.switches is not None:
            levels = [self.level(cell) for cell in range(CELL_COUNT)]
            workers = {
                cell: state.worker.player or ""
                for cell, state in enumerate(self._cells)
                if state.worker is not None
            }
            self.switches.update(levels, workers, self._clock.monotonic())

    # What is really there (noise-free)

    def level(self, cell: int) -> int:
        return sum(piece.kind == "block" for piece in self._cells[cell].stack)

    def dome(self, cell: int) -> bool:
        stack = self._cells[cell].stack
        return bool(stack) and stack[-1].kind == "dome"

    def worker(self, cell: int) -> str | None:
        """The player whose worker stands on `cell`, if any."""
        worker = self._cells[cell].worker
        return None if worker is None else worker.player

    # Sensors

    def worker_present(self, cell: int) -> bool:
        """The cell's presence switch as read now: bouncing after a change, flickering."""
        state = self._cells[cell]
        if self._bouncing(state.worker_changed):
            return self._random.random() < 0.5
        if self.switches is not None:
            present = self.switches.closed(cell, self._clock.monotonic())
        else:
            present = state.worker is not None
        if self.noise.flicker and self._random.random() < self.noise.flicker:
            return not present
        return present

    def worker_pole(self, cell: int, north_player: str) -> Literal["north", "south"] | None:
        """The magnet pole a polarity sensor sees (north for `north_player`), with noise."""
        if not self.worker_present(cell):
            return None
        player = self.worker(cell)
        if player is None:  # a flicker or bounce: either pole
            return "north" if self._random.random() < 0.5 else "south"
        return "north" if player == north_player else "south"

    def stack_reading(self, cell: int) -> int:
        """The raw 16-bit reading of the cell's resistor network, as the bridge's ADC sees it."""
        state = self._cells[cell]
        if state.stuck_reading is not None:
            return state.stuck_reading
        value = float(self._stacks.reading_of(self._resistors(state)))
        if self._bouncing(state.stack_changed):  # contacts making and breaking
            low = min(value, state.previous_reading)
            value = self._adc_random.uniform(low, self._stacks.reading_of(()))
        elif self.noise.adc_noise:
            value = self._adc_random.gauss(value, self.noise.adc_noise)
        return max(0, min(self._stacks.adc_max, round(value)))

    def stack_readings(self) -> tuple[int, ...]:
        return tuple(self.stack_reading(cell) for cell in range(CELL_COUNT))

    def _resistors(self, state: _Cell) -> tuple[float, ...]:
        stacks = self._stacks
        return tuple(
            stacks.dome_ohms if piece.kind == "dome" else stacks.block_ohms[piece.level - 1]
            for piece in state.stack
        )

    def _bouncing(self, changed: float) -> bool:
        return self._clock.monotonic() - changed < self.noise.bounce_ms / 1000


def _index(cell: int | str) -> int:
    if isinstance(cell, str):
        return parse_cell(cell)
    if not 0 <= cell < CELL_COUNT:
        raise PhysicalError(f"no cell with index {cell} (0 to {CELL_COUNT - 1})")
    return cell
