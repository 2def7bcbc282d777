"""Run a scenario on the simulated board through the same code path as the real one.

Physical events land on `SimulatedHardware` (mock pins, the pty bridge, fusion, gpiozero
buttons); each observation goes to the `Referee`, as in the daemon. The simulated clock
steps one scan at a time while the sensors have not caught up with the pieces, and jumps
to the next event or timer once they have, so a long game runs in a fraction of its time.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from santorini_hw.clock import ManualClock
from santorini_hw.daemon.clock_keeper import ClockKeeper, hold_reasons
from santorini_hw.hardware.config import HardwareConfig, load_hardware_config
from santorini_hw.hints.search import best_turn
from santorini_hw.lights.compositor import DEFAULT_MAX_FPS, Compositor, LightsOutput
from santorini_hw.lights.frames import Frame, Renderer
from santorini_hw.lights.referee_lights import RefereeLights
from santorini_hw.lights.scenes import lit_cells
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.referee.game_clock import GameClock
from santorini_hw.referee.referee import Referee, RefereeSettings
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turns import Turn
from santorini_hw.seats.engine_seat import engine_turn
from santorini_hw.sensing.observation import Observation
from sim.carry_out import carry_out_events, steps_done
from sim.hardware import SimulatedHardware
from sim.physical import Noise, PhysicalError
from sim.scenario import PhysicalEvent, Scenario, ScenarioError

ADC_NOISE = 40.0
"""Counts of stack-reading noise whenever a scenario asks for noise."""
PRESS_TIMEOUT = 5.0
WARM_UP = 0.5
"""Simulated seconds of scanning before t=0: a switch flickering in the very first scan
must not become the starting state."""
HINT_NODES = 1000
"""The hint engine's budget in the simulator: a node budget keeps runs deterministic."""


@dataclass
class RunResult:
    game: Game
    events: list[RefereeEvent] = field(default_factory=list)
    lights: dict[str, str] = field(default_factory=dict)
    """The element kind shown on each lit cell at the end (`lit_cells` of the last scene)."""
    frames: list[tuple[float, Frame]] = field(default_factory=list)
    """Every frame the simulated strip showed, with its simulated time."""
    clock: ClockKeeper = field(default_factory=lambda: ClockKeeper(None, 0, None))
    """The game clock (the scenario's `clock`; none by default)."""
    end: float = 0.0
    """The simulated time at which the run ended."""
    shown: list[ExpectedTurn] = field(default_factory=list)
    """Every turn the board showed for a seat not at the board, in order."""

    def to_json(self) -> dict[str, Any]:
        """The contract's output: turns as recorded, position, winner and errors (and,
        with a clock, each player's bank left and who lost on time)."""
        game = self.game
        timing: dict[str, Any] = {}
        clock = self.clock.clock
        if clock is not None:
            banks = {p: round(clock.bank_left(p, self.end), 1) for p in clock.banks}
            timing = {"clock": banks, "lost_on_time": game.lost_on_time}
        return {
            "turns": [
                {"player": line.player, "actions": [a.text() for a in line.actions]}
                for line in game.record
                if line.kind == "turn"
            ],
            "position": position_to_json(game.board) if game.board.workers[0] else None,
            "winner": game.winner,
            "errors": [
                {"t": round(e.time, 3), "cells": list(e.cells), "message": e.text}
                for e in self.events
                if e.kind == "error_raised"
            ],
            "lights": self.lights,
            "shown": [{"player": t.player, "actions": t.steps()} for t in self.shown],
            **timing,
        }


def scenario_config(scenario: Scenario, base: HardwareConfig | None = None) -> HardwareConfig:
    """The board config with the scenario's kind of worker sensors."""
    config = base or load_hardware_config()
    if scenario.sensors == config.workers.sensing:
        return config
    workers = config.workers
    chips = max(workers.spi.chips, 7) if scenario.sensors == "polarity" else workers.spi.chips
    spi = dataclasses.replace(workers.spi, chips=chips)
    players = scenario.players
    workers = dataclasses.replace(
        workers,
        sensing="polarity" if scenario.sensors == "polarity" else "presence",
        spi=spi,
        interface="spi",
        north_player=players[0],
        south_player=players[1],
    )
    return dataclasses.replace(config, workers=workers)


async def run_scenario(scenario: Scenario, config: HardwareConfig | None = None) -> RunResult:
    """Play `scenario`; an event the pieces cannot do (a block on a dome, a lift from an
    empty cell) raises `ScenarioError` naming it (`events[12]: c4 is capped by a dome`)."""
    noise = scenario.noise
    physical_noise = Noise(
        seed=noise.seed,
        flicker=noise.flicker,
        bounce_ms=noise.bounce_ms,
        adc_noise=ADC_NOISE if noise.flicker or noise.bounce_ms else 0.0,
    )
    game = Game.new(scenario.players, scenario.gods)
    referee = Referee(game, RefereeSettings(polarity=scenario.sensors == "polarity"))
    referee.remote = scenario.seats.remote
    timer = None if scenario.clock is None else GameClock(scenario.clock, scenario.players)
    result = RunResult(game, clock=ClockKeeper(None, 0, timer))
    clock = ManualClock(start=-WARM_UP)
    config = scenario_config(scenario, config)
    async with SimulatedHardware(config, clock=clock, noise=physical_noise) as sim:
        while clock.monotonic() < 0:  # let the sensors settle before the scenario's t=0
            await sim.advance(sim.scan_period)
        output = LightsOutput(Compositor(Renderer.from_config(config.lights)), sim.strip, clock)

        def warning() -> bool:
            return result.clock.warning(clock.monotonic())

        lights = RefereeLights(referee, output, _hint, warning)  # as the daemon: events -> scenes
        timeline = sorted(enumerate(scenario.events), key=lambda pair: pair[1].t)
        await _play(sim, referee, timeline, result, lights, scenario=scenario)
        result.end = clock.monotonic()
        clock.advance(1 / DEFAULT_MAX_FPS)  # the last scene's frame slot
        _show(sim, lights.output, result)
        result.lights = lit_cells(lights.scene)
    return result


def _hint(position: Position) -> Turn | None:
    return best_turn(position, node_budget=HINT_NODES).turn


def _show(sim: SimulatedHardware, output: LightsOutput, result: RunResult) -> None:
    """Write the frame due now, if any, and note what the strip shows."""
    output.step()
    frame = sim.pixels
    if not result.frames or result.frames[-1][1] != frame:
        result.frames.append((sim.clock.monotonic(), frame))


async def _play(
    sim: SimulatedHardware,
    referee: Referee,
    timeline: list[tuple[int, PhysicalEvent]],
    result: RunResult,
    lights: RefereeLights,
    *,
    scenario: Scenario,
) -> None:
    """Play `timeline` ((index in the scenario, event), in time order)."""
    clock = sim.clock
    pending = list(reversed(timeline))
    while True:
        now = clock.monotonic()
        while pending and pending[-1][1].t <= now + 1e-9:
            index, event = pending.pop()
            if event.op == "carry_out":
                pending = _carried_out(referee, f"events[{index}]", event.t, pending)
                continue
            try:
                new = await _apply(sim, referee, event, result)
            except PhysicalError as error:
                raise ScenarioError(f"events[{index}]", str(error)) from None
            chosen = _engine(referee, scenario, result, clock.monotonic())
            result.events += chosen
            lights.update(new + chosen)
        observation = await sim.advance(sim.scan_period)
        new = referee.observe(observation)
        new += _engine(referee, scenario, result, clock.monotonic())  # before the clock's
        new += _tick(result.clock, referee, observation, clock.monotonic())
        result.events += new
        lights.update(new)
        _show(sim, lights.output, result)
        if not _caught_up(sim, observation):
            continue
        deadline = referee.deadline
        # Fusion's own deadline too: a flicker that came back still counts as moving
        # until a scan has seen it hold for the settle time (the daemon's scan loop
        # wakes for it as well); jumping past it would leave it "not settling".
        settles = sim.hardware.scanner.next_deadline()
        if not pending and deadline is None and settles is None:
            return
        flag = result.clock.next_deadline(clock.monotonic()) if pending else None
        upcoming = pending[-1][1].t if pending else None
        target = min(t for t in (deadline, settles, flag, upcoming) if t is not None)
        if target > clock.monotonic():
            clock.set(target)


def _engine(
    referee: Referee, scenario: Scenario, result: RunResult, now: float
) -> list[RefereeEvent]:
    """An engine seat to move chooses at once (the simulated clock stands still while it
    thinks; its choice is deterministic: the noise seed is the game's seed)."""
    if not referee.waiting_for_remote:
        return []
    game = referee.game
    placing = game.phase is Phase.PLACEMENT
    turn = engine_turn(game.position, placing, scenario.seats, scenario.noise.seed)
    if turn is None:
        return []
    result.shown.append(turn)
    shown = RefereeEvent("turn_shown", now, turn.player, " ".join(turn.steps()))
    return [shown, *referee.expect(turn)]


def _carried_out(
    referee: Referee, where: str, t: float, pending: list[tuple[int, PhysicalEvent]]
) -> list[tuple[int, PhysicalEvent]]:
    """The hand's events for what the board shows, merged into `pending` (latest first)."""
    awaiting = referee.awaiting
    if awaiting is None and referee.game.phase is Phase.OVER:
        return pending  # the game ended: nothing more to carry out
    if awaiting is None:
        raise ScenarioError(where, "the board shows no turn to carry out")
    done = steps_done(awaiting, referee.game)
    index = int(where[len("events[") : -1])
    steps = [(index, event) for event in carry_out_events(awaiting, t, done)]
    return sorted(pending + steps, key=lambda pair: pair[1].t, reverse=True)


def _tick(
    keeper: ClockKeeper, referee: Referee, observation: Observation, now: float
) -> list[RefereeEvent]:
    """The game clock, held as the daemon holds it (the simulated bridge stays plugged).
    It runs until the scenario's timeline ends: its flag is waited for only while events
    are still to come."""
    reasons = hold_reasons(
        bridge_connected=True,
        observation=observation,
        referee=referee,
        menu_open=False,
        clearing=False,
    )
    return keeper.update(referee.game, reasons, now)


def _caught_up(sim: SimulatedHardware, observation: Observation) -> bool:
    """Whether the sensors have caught up with the pieces: every raw reading agrees with
    the debounced one and the debounced board is the physical one. Only then may the
    clock jump ahead. Skipping while a change is still on its way (a bouncing switch
    reading its old value looks settled for a scan) would merge it with the next one
    and lose the order in which the hands touched the cells."""
    if not observation.settled:
        return False
    physical = sim.physical
    return all(
        seen.worker == (physical.worker(cell) is not None)
        and seen.player in (None, physical.worker(cell))
        and seen.level == physical.level(cell)
        and seen.dome == physical.dome(cell)
        for cell, seen in enumerate(observation.cells)
    )


async def _apply(
    sim: SimulatedHardware, referee: Referee, event: PhysicalEvent, result: RunResult
) -> list[RefereeEvent]:
    """Do one physical event; the referee's events from a button press."""
    sim.act(event)
    if event.op != "press":
        return []
    button = await asyncio.wait_for(sim.presses.get(), PRESS_TIMEOUT)
    new = referee.press(button, sim.clock.monotonic())
    result.events += new
    return new
