"""Lights figures: the time from a scene update to its frame being written to a strip.

    .venv/bin/python bench/lights.py [--updates 2000] [--games 40]

Prints one JSON object, in milliseconds:

- `direct`: `update` + `tick` + `SimulatedStrip.show` called in a row (the work itself:
  compose, render, cap, PixelBuf encoding), one update after each quiet spell;
- `task_quiet`: through `LightsOutput.run` in an asyncio loop, steady scenes 50 ms
  apart (each is shown at once: loop wake-up + the work);
- `task_burst`: the same with updates 5 ms apart, which the compositor coalesces to at
  most 30 frames/s; latency here is of the updates that were shown, and most wait for
  the next frame slot by design.
- `referee_event`: random games played physically (lift, put down, build) into a
  `Referee`; from the events a settled observation produced to the frame written on a
  `SimulatedStrip` through `RefereeLights` (`scene_for` + compositor + PixelBuf), and
  `observation_to_frame` including the referee's own judging. Every frame slot is free
  (the clock moves 0.1 s per observation), so this is the work, not the rate limit.

The scenes are random legal moves (with pulsing hints and blinking errors in `direct`;
the task runs use steady scenes so every frame written answers an update) on the board
config's pixel map. On a Pi Zero 2 W expect several times these figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from santorini_hw.clock import ManualClock, SystemClock
from santorini_hw.hardware.config import load_hardware_config
from santorini_hw.lights.compositor import Compositor, LightsOutput
from santorini_hw.lights.frames import Renderer
from santorini_hw.lights.referee_lights import RefereeLights
from santorini_hw.lights.scenes import Element, Fix, Mark, Scene
from santorini_hw.lights.strips import SimulatedStrip
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.actions import MOVE
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import apply_action, start_turn
from santorini_hw.rules.turns import random_turn
from santorini_hw.sensing.observation import CellObservation, Observation

LEGAL = (Element.DESTINATION, Element.BUILD, Element.DOME_BUILD, Element.SECOND_BUILD)


def random_scenes(count: int, *, animated: bool, seed: int = 1) -> list[Scene]:
    """Legal moves, plus (if `animated`) pulsing hints and blinking errors now and then."""
    rng = random.Random(seed)
    scenes = []
    for _ in range(count):
        scene = Scene().with_marks(rng.sample(range(25), 2), Mark(Element.TURN_WORKER, player=0))
        scene = scene.with_marks(
            rng.sample(range(25), rng.randrange(1, 9)), Mark(rng.choice(LEGAL))
        )
        if animated and rng.random() < 0.3:
            for kind in (Element.HINT_WORKER, Element.HINT_MOVE, Element.HINT_BUILD):
                scene = scene.with_mark(rng.randrange(25), Mark(kind))
        if animated and rng.random() < 0.2:
            scene = scene.with_mark(rng.randrange(25), Mark.error(Fix.WRONG_LEVEL, level=2))
        scenes.append(scene)
    return scenes


def summary(latencies: Sequence[float]) -> dict[str, float]:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(p99 * 1000, 3),
        "frames": len(ordered),
    }


class TimedStrip(SimulatedStrip):
    """A simulated strip noting when each frame was written."""

    def __init__(self, pixel_count: int) -> None:
        super().__init__(pixel_count)
        self.written_at: list[float] = []

    def show(self, pixels: Sequence[tuple[int, int, int]] | None = None) -> None:
        super().show(pixels)
        self.written_at.append(time.perf_counter())


def direct(renderer: Renderer, scenes: Sequence[Scene]) -> dict[str, float]:
    compositor = Compositor(renderer)
    strip = SimulatedStrip(renderer.pixel_count)
    clock = ManualClock()
    latencies = []
    for scene in scenes:
        clock.advance(0.1)
        start = time.perf_counter()
        compositor.update(scene)
        frame = compositor.tick(clock.monotonic())
        if frame is not None:
            strip.show(frame)
            latencies.append(time.perf_counter() - start)
    return summary(latencies)


async def through_task(renderer: Renderer, scenes: Sequence[Scene], gap: float) -> dict[str, float]:
    strip = TimedStrip(renderer.pixel_count)
    output = LightsOutput(Compositor(renderer), strip, SystemClock())
    task = asyncio.create_task(output.run())
    await asyncio.sleep(0.1)
    sent = []
    for scene in scenes:
        sent.append(time.perf_counter())
        output.show(scene)
        await asyncio.sleep(gap)
    await asyncio.sleep(0.1)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    # Match each written frame (but the first and last, dark) to the newest scene sent before it.
    latencies = []
    for written in strip.written_at[1:-1]:
        newest = max(at for at in sent if at <= written)
        latencies.append(written - newest)
    return summary(latencies)


def seen(position: Position, now: float) -> Observation:
    """What noise-free presence sensors and stack sensors read for `position`."""
    cells = tuple(
        CellObservation(
            worker=bool(position.occupied >> cell & 1),
            level=position.height(cell),
            dome=bool(position.domes >> cell & 1),
        )
        for cell in range(CELL_COUNT)
    )
    return Observation(cells, now)


def physical_play(position: Position, rng: random.Random) -> list[Position]:
    """The boards a hand shows while playing a random turn: each move is a lift (the
    worker in the air) then the worker put down, each build one more piece."""
    turn = random_turn(position, rng)
    if turn is None:
        return []
    state, boards = start_turn(position), []
    for action in turn.actions:
        if action.kind == MOVE:
            side = state.board.side
            lifted = state.board.workers[side] & ~(1 << action.src)
            boards.append(state.board.with_workers(side, lifted))
        state = apply_action(state, action)
        boards.append(state.board)
    return boards


def referee_event(renderer: Renderer, games: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    clock = ManualClock()
    strip = SimulatedStrip(renderer.pixel_count)
    to_frame, with_referee = [], []
    for _ in range(games):
        game = Game.new()
        for cell in rng.sample(range(CELL_COUNT), 4):
            game.place(cell)
        referee = Referee(game)
        lights = RefereeLights(
            referee, LightsOutput(Compositor(renderer), strip, clock), lambda _: None
        )
        while game.phase is Phase.PLAY:
            boards = physical_play(game.position, rng)
            for board in boards:
                clock.advance(0.1)
                start = time.perf_counter()
                events = referee.observe(seen(board, clock.monotonic()))
                judged = time.perf_counter()
                written = strip.frame_count
                lights.update(events)
                lights.output.step()
                if strip.frame_count > written:
                    end = time.perf_counter()
                    to_frame.append(end - judged)
                    with_referee.append(end - start)
            if not boards:
                break
    return {"event_to_frame": summary(to_frame), "observation_to_frame": summary(with_referee)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=2000)
    parser.add_argument("--games", type=int, default=40, help="random games for referee_event")
    args = parser.parse_args()
    renderer = Renderer.from_config(load_hardware_config().lights)
    steady = random_scenes(args.updates, animated=False)
    figures = {
        "pixels": renderer.pixel_count,
        "direct": direct(renderer, random_scenes(args.updates, animated=True)),
        "task_quiet": asyncio.run(through_task(renderer, steady[: args.updates // 20], gap=0.05)),
        "task_burst": asyncio.run(through_task(renderer, steady[: args.updates // 5], gap=0.005)),
        "referee_event": referee_event(renderer, args.games),
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
