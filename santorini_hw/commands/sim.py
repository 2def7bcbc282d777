"""`santorini-hw sim run SCENARIO.json [--json]` and `santorini-hw sim random`.

`run` plays a scenario (design.md's contract) on the simulated board through the same
code path as the real one and prints the game as the referee recorded it. `random`
writes a random game as a scenario, played by the simulator's physical player.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from santorini_hw.commands.god_option import GODS_HELP, two_gods
from santorini_hw.rules.gods import UnknownGodError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("sim", help="the simulated board: run scenarios")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    run = verbs.add_parser("run", help="play a scenario and print the recorded game")
    run.add_argument("scenario", help="scenario JSON file ('-' for stdin)")
    run.add_argument("--json", action="store_true", help="print the contract's JSON")
    run.set_defaults(handler=_run)
    generate = verbs.add_parser("random", help="print a random game as a scenario")
    generate.add_argument("--seed", type=int, default=0)
    generate.add_argument("--gods", default="none", help=GODS_HELP)
    generate.add_argument("--sensors", choices=["presence", "polarity"], default="presence")
    generate.add_argument("--illegal-rate", type=float, default=0.0)
    generate.set_defaults(handler=_random)


def _run(args: argparse.Namespace) -> int:
    import asyncio

    from sim.runner import run_scenario  # the simulator is only needed here
    from sim.scenario import ScenarioError, load_scenario

    try:
        if args.scenario == "-":
            text = sys.stdin.read()
        else:
            with open(args.scenario, encoding="utf-8") as file:
                text = file.read()
        scenario = load_scenario(text)
    except OSError as error:
        print(f"error: {args.scenario}: {error.strerror}", file=sys.stderr)
        return 2
    except ScenarioError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        result = asyncio.run(run_scenario(scenario)).to_json()
    except ScenarioError as error:  # an event the pieces cannot do
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
        return 0
    for number, turn in enumerate(result["turns"], start=1):
        print(f"{number}. {turn['player']}: {' '.join(turn['actions'])}")
    for raised in result["errors"]:
        print(f"error at {raised['t']} s: {raised['message']}")
    print(f"winner: {result['winner'] or 'none yet'}")
    return 0


def _random(args: argparse.Namespace) -> int:
    from sim.random_games import generate_game

    rng = random.Random(args.seed)
    try:
        gods = two_gods(args.gods, rng)
    except UnknownGodError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    game = generate_game(rng, gods=gods, sensors=args.sensors, illegal_rate=args.illegal_rate)
    print(json.dumps(game.scenario.to_json(), indent=1))
    return 0
