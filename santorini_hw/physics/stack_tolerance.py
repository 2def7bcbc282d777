"""Tolerance analysis of the stack sensors: can a cell's readings tell every stack apart?

A Monte Carlo over the things that move a reading (board.toml's `[stack_tolerance]`):
each resistor within its tolerance plus its temperature drift (uniform over the whole
range: flatter, so wider, than real parts' spread), every spring-pin/pad contact's
resistance in series with the piece above it, the multiplexer's on-resistance and the
residue of the previous channel on the ADC input after the firmware's settling wait,
and the RP2040 ADC itself: noise for its effective number of bits (all of the ENOB loss
taken as random noise) on top of the wide codes of its DNL erratum (codes 512, 1536,
2560, 3584 each `dnl_lsb` codes wider, the others narrower to keep full scale). The
firmware's reading is the median of `samples` conversions, scaled to 16 bits.

Every stack the cell can hold (level 0-3, with or without a dome, and with a worker of
each player on levels 0-3 when workers carry resistors) gets a mean and a spread; two
stacks next to each other in reading are `separation` sigmas apart: the distance
between their means over the sum of their spreads (how far, in each one's own sigmas,
the boundary between them lies).

>>> from santorini_hw.hardware.config import load_hardware_config
>>> report = analyse(load_hardware_config().stacks, load_stack_tolerance(), seed=1, samples=200)
>>> len(report.states), report.worst_separation > 6
(8, True)
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from santorini_hw.hardware.config import MAX_LEVEL, Stacks, read_board_toml
from santorini_hw.hardware.toml_table import TomlTable

ADC_CODES = 4096
"""The RP2040 ADC is 12-bit."""


@dataclass(frozen=True)
class StackTolerance:
    """What moves a reading (see the module doc); `worker_ohms`: each player's worker
    resistor, when workers join the network (empty: they do not)."""

    resistor_tolerance: float
    tempco_ppm: float
    temperature_span_c: float
    contact_ohms: tuple[float, float]
    mux_on_ohms: float
    sig_capacitance_f: float
    settle_s: float
    adc_enob: float
    dnl_codes: tuple[int, ...]
    dnl_lsb: float
    samples: int
    worker_ohms: tuple[tuple[str, float], ...]

    @property
    def spread(self) -> float:
        """A resistor's largest relative deviation: tolerance plus drift."""
        return self.resistor_tolerance + self.tempco_ppm * 1e-6 * self.temperature_span_c

    @property
    def noise_lsb(self) -> float:
        """ADC noise (12-bit codes, rms) that leaves `adc_enob` effective bits."""
        return 2 ** (12 - self.adc_enob) / math.sqrt(12)


@dataclass(frozen=True)
class StackState:
    """A stack: `level` blocks, a dome or not, and the player whose worker stands on it."""

    level: int
    dome: bool
    worker: str | None = None

    def __str__(self) -> str:
        base = f"L{self.level}" if self.level else "empty"
        if self.dome:
            base = f"L{self.level}+dome" if self.level else "dome"
        return f"{base}+worker {self.worker}" if self.worker else base


@dataclass(frozen=True)
class StateSpread:
    state: StackState
    mean: float
    sigma: float
    low: int
    high: int


@dataclass(frozen=True)
class StackReport:
    """Every state's spread (in reading order) and the closest neighbouring pair."""

    states: tuple[StateSpread, ...]
    worst_separation: float
    worst_pair: tuple[str, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "states": len(self.states),
            "worst_separation_sigma": round(self.worst_separation, 2),
            "worst_pair": list(self.worst_pair),
        }


def stack_states(tolerance: StackTolerance) -> list[StackState]:
    """Every stack a cell can hold: a worker never stands on a dome."""
    states = [StackState(level, dome) for dome in (False, True) for level in range(MAX_LEVEL + 1)]
    for player, _ in tolerance.worker_ohms:
        states += [StackState(level, False, player) for level in range(MAX_LEVEL + 1)]
    return states


class _Cell:
    """One cell of one simulated board: its resistors and contacts, drawn once."""

    def __init__(self, stacks: Stacks, tolerance: StackTolerance, rng: random.Random) -> None:
        spread = tolerance.spread

        def draw(ohms: float) -> float:
            return ohms * (1 + rng.uniform(-spread, spread))

        self.reference = draw(stacks.reference_ohms)
        self.board = draw(stacks.board_ohms)
        self.blocks = [draw(ohms) for ohms in stacks.block_ohms]
        self.dome = draw(stacks.dome_ohms)
        self.workers = {player: draw(ohms) for player, ohms in tolerance.worker_ohms}
        low, high = tolerance.contact_ohms
        # two contacts (sense and common) at each interface: board/L1, L1/L2, L2/L3, L3/top
        self.contacts = [2 * rng.uniform(low, high) for _ in range(MAX_LEVEL + 1)]

    def voltage(self, state: StackState) -> tuple[float, float]:
        """The divider's output as a fraction of the supply (the ADC is ratiometric) and
        the resistance it is driven through."""
        pieces = [*self.blocks[: state.level]]
        if state.dome:
            pieces.append(self.dome)
        if state.worker is not None:
            pieces.append(self.workers[state.worker])
        conductance = 1 / self.board
        for height, ohms in enumerate(pieces):
            conductance += 1 / (ohms + sum(self.contacts[: height + 1]))
        ohms = 1 / conductance
        return ohms / (self.reference + ohms), self.reference * ohms / (self.reference + ohms)


def _code(x: float, tolerance: StackTolerance) -> int:
    """The 12-bit code for an input of `x` ideal codes, with the DNL erratum's wide codes."""
    spikes = sorted(tolerance.dnl_codes)
    wide = 1 + tolerance.dnl_lsb
    narrow = (ADC_CODES - len(spikes) * wide) / (ADC_CODES - len(spikes))
    position, code = 0.0, 0
    for spike in spikes:
        span = (spike - code) * narrow
        if x < position + span:
            return max(0, code + math.floor((x - position) / narrow))
        position += span
        if x < position + wide:
            return spike
        position += wide
        code = spike + 1
    return min(ADC_CODES - 1, code + math.floor((x - position) / narrow))


def _reading(codes: Sequence[int]) -> int:
    """Median of the conversions, stretched to 16 bits as CircuitPython's AnalogIn does."""
    code = sorted(codes)[len(codes) // 2]
    return (code << 4) | (code >> 8)


def analyse(
    stacks: Stacks, tolerance: StackTolerance, *, seed: int = 1, samples: int = 2000
) -> StackReport:
    """Simulate `samples` cells (seeded, repeatable) reading every stack state once."""
    rng = random.Random(seed)
    states = stack_states(tolerance)
    readings: dict[StackState, list[int]] = {state: [] for state in states}
    for _ in range(samples):
        cell = _Cell(stacks, tolerance, rng)
        outputs = {state: cell.voltage(state) for state in states}
        levels = [fraction for fraction, _ in outputs.values()]
        for state, (fraction, source_ohms) in outputs.items():
            tau = (source_ohms + tolerance.mux_on_ohms) * tolerance.sig_capacitance_f
            residue = math.exp(-tolerance.settle_s / tau) if tau > 0 else 0.0
            previous = rng.choice(levels)  # the other multiplexer channel read last
            ideal = (fraction + residue * (previous - fraction)) * ADC_CODES
            codes = [
                _code(rng.gauss(ideal, tolerance.noise_lsb), tolerance)
                for _ in range(tolerance.samples)
            ]
            readings[state].append(_reading(codes))
    spreads = sorted(
        (
            StateSpread(
                state=state,
                mean=statistics.fmean(values),
                sigma=statistics.pstdev(values),
                low=min(values),
                high=max(values),
            )
            for state, values in readings.items()
        ),
        key=lambda spread: spread.mean,
    )
    worst, pair = math.inf, ("", "")
    for below, above in itertools.pairwise(spreads):
        separation = (above.mean - below.mean) / max(below.sigma + above.sigma, 1e-9)
        if separation < worst:
            worst, pair = separation, (str(below.state), str(above.state))
    return StackReport(states=tuple(spreads), worst_separation=worst, worst_pair=pair)


def with_workers(tolerance: StackTolerance, worker_ohms: dict[str, float]) -> StackTolerance:
    """The same tolerances with workers joining the network (a candidate design)."""
    return replace(tolerance, worker_ohms=tuple(worker_ohms.items()))


def load_stack_tolerance(path: Path | str | None = None) -> StackTolerance:
    """`[stack_tolerance]` of a board config (default: the repository's board.toml)."""
    _, data = read_board_toml(path)
    table = TomlTable(data, "").table("stack_tolerance")
    contact = table.raw("contact_ohms", list, "[lowest, highest] ohms")
    spikes = table.raw("dnl_codes", list, "a list of ADC codes")
    workers = table.table("worker_ohms")
    worker_ohms = tuple(
        (player, workers.number(player, 1.0, 1e9)) for player in sorted(workers.names())
    )
    if len(contact) != 2 or not all(isinstance(v, int | float) and v >= 0 for v in contact):
        raise table.fail("contact_ohms", "must be [lowest, highest] in ohms")
    if not all(isinstance(code, int) and 0 <= code < ADC_CODES for code in spikes):
        raise table.fail("dnl_codes", f"must be codes 0-{ADC_CODES - 1}")
    tolerance = StackTolerance(
        resistor_tolerance=table.number("resistor_tolerance", 0.0, 0.5),
        tempco_ppm=table.number("tempco_ppm", 0.0, 10_000.0),
        temperature_span_c=table.number("temperature_span_c", 0.0, 200.0),
        contact_ohms=(float(min(contact)), float(max(contact))),
        mux_on_ohms=table.number("mux_on_ohms", 0.0, 1e6),
        sig_capacitance_f=table.number("sig_capacitance_F", 0.0, 1.0),
        settle_s=table.number("settle_s", 0.0, 1.0),
        adc_enob=table.number("adc_enob", 1.0, 12.0),
        dnl_codes=tuple(spikes),
        dnl_lsb=table.number("dnl_lsb", 0.0, 100.0),
        samples=table.integer("samples", 1, 99),
        worker_ohms=worker_ohms,
    )
    workers.done()
    table.done()
    return tolerance
