"""A person alone against the engine, on the simulated board. Prints figures, asserts nothing.

    .venv/bin/python bench/opponent.py --games 200           # levels 1, 5 and 10 in turn
    .venv/bin/python bench/opponent.py --games 20 --latency 0

1. Games through the whole simulated board (`sim.runner`): the player model sits at A's
   seat with its messy habits on (second thoughts, slides, a block before the worker
   lands, wrong builds corrected, stray blocks beside a win), random gods for both, and
   carries out every turn the board shows for B, the engine (`carry_out`, after a
   think). The game is planned first with the same choices the runner's engine makes
   (the same seeds), so the record can be judged: wrong (a recorded turn that differs
   from the planned one), missed (planned, never recorded), extra (recorded beyond the
   plan). The engine's answer time per turn (median, 99th percentile) by level.
2. With `--latency N`: a real daemon (`santorini-hw run --sim`) plays N turns against
   the engine at each of levels 1, 5 and 10 over its API; the time from A's turn
   accepted (`turn_complete`) to the engine's turn shown (`turn_shown`: the lights are
   updated in the same step), both stamped by the daemon's clock, read from its
   WebSocket. The simulated board's clock follows real time at each scan, so a figure is
   good to one scan period (10 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from live_daemon import start_daemon, stop_daemon
from websockets.asyncio.client import connect

from santorini_hw.rules.cells import CELL_COUNT, cell_name
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import SIMPLE_GODS
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.rules.turns import random_turn
from santorini_hw.seats.engine_seat import engine_turn
from santorini_hw.seats.model import Seat, Seats
from sim.carry_out import SPACING, carry_out_events
from sim.player_model import PhysicalPlayer
from sim.random_games import needs_done
from sim.runner import run_scenario
from sim.scenario import NoiseSettings, PhysicalEvent, Scenario
from sim.verdict import recorded_positions

LEVELS = (1, 5, 10)
MAX_TURNS = 60


Planned = tuple[str, str, Position]
"""(player, turn in notation, the position after it)."""


def plan(seed: int, level: int) -> tuple[Scenario, list[Planned], list[float]]:
    """A game planned on the rules: its scenario, the turns to be recorded, and the
    engine's answer times."""
    rng = random.Random(seed)
    gods = tuple(rng.sample(SIMPLE_GODS, 2))  # the board plays the simple gods
    seats = Seats({"B": Seat("engine", level)})
    game = Game.new(("A", "B"), gods)
    hand = PhysicalPlayer(rng)
    cells = tuple(rng.sample(range(CELL_COUNT), 2))
    hand.place_workers("A", cells, sum(1 << c for c in cells))
    for cell in cells:
        game.place(cell)
    times: list[float] = []
    planned: list[Planned] = []
    while game.phase is not Phase.OVER and len(planned) < MAX_TURNS:
        position = game.position
        if game.player == "A":
            turn = random_turn(position, rng)
            if turn is None:
                break
            hand.play_turn(position, turn.actions, needs_done(position, turn))
            game.play_turn(turn.actions)
            planned.append(("A", " ".join(a.text() for a in turn.actions), turn.result))
            continue
        start = time.perf_counter()
        chosen = engine_turn(position, game.phase is Phase.PLACEMENT, seats, seed)
        times.append(time.perf_counter() - start)
        if chosen is None:
            break
        hand.think()
        hand.events.append(PhysicalEvent(round(hand.t, 3), "carry_out"))
        hand.t += SPACING * len(carry_out_events(chosen, 0.0)) + 0.5
        if chosen.is_placement:
            for cell in chosen.cells:
                game.place(cell)
        else:
            game.play_turn(chosen.actions)
            planned.append(("B", " ".join(chosen.steps()), game.position))
    events = tuple(hand.events)
    scenario = Scenario(("A", "B"), gods, "presence", NoiseSettings(seed), events, seats=seats)
    return scenario, planned, times


def judge(planned: list[Planned], game: Game) -> tuple[int, int, int]:
    """(wrong, missed, extra) records: the person's turns are judged by the position
    they lead to (Artemis carried straight has two readings), the engine's exactly."""
    lines = [line for line in game.record if line.kind == "turn"]
    positions = recorded_positions(game)
    wrong = 0
    for (player, text, after), line, position in zip(planned, lines, positions, strict=False):
        exact = " ".join(a.text() for a in line.actions) == text
        wrong += line.player != player or position != after or (player == "B" and not exact)
    missed = max(0, len(planned) - len(lines))
    extra = max(0, len(lines) - len(planned))
    return wrong, missed, extra


def play_games(count: int, seed: int) -> None:
    totals = {"wrong": 0, "missed": 0, "extra": 0, "turns": 0, "errors": 0}
    times: dict[int, list[float]] = {level: [] for level in LEVELS}
    for number in range(count):
        level = LEVELS[number % len(LEVELS)]
        scenario, planned, answer_times = plan(seed + number, level)
        times[level] += answer_times
        result = asyncio.run(run_scenario(scenario))
        document = result.to_json()
        wrong, missed, extra = judge(planned, result.game)
        for key, value in (("wrong", wrong), ("missed", missed), ("extra", extra)):
            totals[key] += value
        totals["turns"] += len(planned)
        totals["errors"] += len(document["errors"])
        if wrong or missed or extra:
            print(
                f"game {number} (seed {seed + number}, level {level}): wrong {wrong},"
                f" missed {missed}, extra {extra}",
                flush=True,
            )
    print(
        f"{count} games, {totals['turns']} turns planned: wrong {totals['wrong']},"
        f" missed {totals['missed']}, extra {totals['extra']}"
        f" (errors raised for the hands' own mistakes: {totals['errors']})"
    )
    for level, values in times.items():
        if values:
            print(
                f"level {level}: engine answer p50 {1000 * statistics.median(values):.1f} ms,"
                f" p99 {1000 * percentile(values, 0.99):.1f} ms ({len(values)} answers)"
            )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def latencies(base: str, token: str, level: int, turns: int) -> list[float]:
    """Accepted-to-shown delays (s) for up to `turns` turns of A against the engine."""
    headers = {"Authorization": f"Bearer {token}"}
    found: list[float] = []
    rng = random.Random(level)
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as http:
        body = {"players": ["A", "B"], "seats": {"B": {"kind": "engine", "level": level}}}
        (await http.post("/api/games", json=body)).raise_for_status()
        url = base.replace("http", "ws", 1) + f"/api/events?token={token}"
        async with connect(url) as socket:
            for cell in ("a1", "e5"):
                await _place(http, cell, "worker", "A")
            accepted = None
            while len(found) < turns:
                message = json.loads(await asyncio.wait_for(socket.recv(), 30))
                event = message.get("event") if message.get("type") == "event" else None
                if event is None:
                    continue
                if event["kind"] == "turn_complete" and event["player"] == "A":
                    accepted = event["time"]
                if event["kind"] != "turn_shown":
                    continue
                if accepted is not None:
                    found.append(event["time"] - accepted)
                state = await _carry_out(http)
                if state["phase"] == "over" or not await _play_a(http, rng, len(state["record"])):
                    break
    return found


async def _place(http: httpx.AsyncClient, cell: str, piece: str, player: str | None) -> None:
    body = {"cell": cell, "piece": piece, "player": player}
    (await http.post("/api/sim/place", json=body)).raise_for_status()


async def _lift(http: httpx.AsyncClient, cell: str) -> None:
    (await http.post("/api/sim/lift", json={"cell": cell})).raise_for_status()


async def _carry_out(http: httpx.AsyncClient) -> dict[str, Any]:
    """Do what the board shows for the engine; the state once it is recorded."""
    awaiting = (await http.get("/api/state")).json()["awaiting"]
    player = awaiting["player"]
    for step in awaiting["turn"]["actions"]:
        if awaiting["placement"]:
            await _place(http, step, "worker", player)
        elif "-" in step:  # (the bench's gods-free game has no forced moves)
            source, destination = step.split("-")
            await _lift(http, source)
            await _place(http, destination, "worker", player)
        else:
            await _place(http, step.rstrip("X"), "dome" if step.endswith("X") else "block", None)
    for _ in range(300):
        state = (await http.get("/api/state")).json()
        if state["awaiting"] is None and state["turn"] == []:
            return state  # type: ignore[no-any-return]
        await asyncio.sleep(0.02)
    raise SystemExit(f"the engine's turn was not recorded: {state['error']}")


async def _play_a(http: httpx.AsyncClient, rng: random.Random, lines: int) -> bool:
    """A random legal turn for A on the virtual board, once it is recorded (after the
    record's `lines`); False when A cannot play or the game is over."""
    state = (await http.get("/api/state")).json()
    turn = random_turn(position_from_json(state["position"]), rng)
    if turn is None:
        return False
    for action in turn.actions:
        if action.is_move:
            await _lift(http, cell_name(action.src))
            await _place(http, cell_name(action.dst), "worker", "A")
        else:
            piece = "block" if action.text()[-1] != "X" else "dome"
            await _place(http, cell_name(action.dst), piece, None)
    for _ in range(300):
        state = (await http.get("/api/state")).json()
        if len(state["record"]) > lines:
            return bool(state["phase"] == "play")
        await asyncio.sleep(0.02)
    raise SystemExit(f"A's turn was not recorded: {state['error']}")


def measure_latency(turns: int) -> None:
    """Games on fresh daemons (an empty board each) until `turns` delays per level."""
    for level in LEVELS:
        delays: list[float] = []
        for _ in range(turns):  # bounded: a game gives at least one delay or ends
            with tempfile.TemporaryDirectory() as directory:
                process, base = start_daemon(Path(directory))
                try:
                    token = (Path(directory) / "token").read_text().strip()
                    delays += asyncio.run(latencies(base, token, level, turns - len(delays)))
                finally:
                    stop_daemon(process)
            if len(delays) >= turns:
                break
        if not delays:
            print(f"level {level}: no turn measured", file=sys.stderr)
            continue
        print(
            f"level {level}: person's turn accepted to the engine's turn shown:"
            f" p50 {1000 * statistics.median(delays):.0f} ms,"
            f" p99 {1000 * percentile(delays, 0.99):.0f} ms,"
            f" max {1000 * max(delays):.0f} ms ({len(delays)} turns)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--latency", type=int, default=20, help="daemon turns per level (0: none)")
    args = parser.parse_args()
    if args.games:
        play_games(args.games, args.seed)
    if args.latency:
        measure_latency(args.latency)


if __name__ == "__main__":
    main()
