"""`santorini-hw selftest` and `santorini-hw calibrate`: guided checks of the board.

Both run on the real board (a person handles the pieces, prompted on the terminal)
or with `--sim` on the simulator (its hand handles them). The simulator is imported
only for `--sim`, so a Pi needs nothing of it; the checks, the board's drivers and the
design's models only by the handlers that run them, so that other commands (every one
builds these parsers) start without them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from santorini_hw.rules.cells import CELL_COUNT, parse_cell

if TYPE_CHECKING:
    from santorini_hw.checks.rig import Actor, Rig
    from santorini_hw.hardware.config import HardwareConfig

DEFAULT_CONFIG_DIR = Path("~/.config/santorini-hw")
BRIDGE_WAIT_S = 5.0
"""Real seconds to wait for the bridge's first readings before giving up."""

Check = Callable[["Rig", "Actor", "HardwareConfig", argparse.Namespace], Coroutine[Any, Any, int]]


def register(subparsers: Any) -> None:
    selftest = subparsers.add_parser(
        "selftest", help="check every cell's sensors and pixels (one line per cell)"
    )
    _common(selftest)
    selftest.add_argument(
        "--sim-fault",
        action="append",
        default=[],
        metavar="CELL:KIND",
        help="with --sim, break a sensor: KIND is stuck (stack reading) or worker-stuck "
        "(presence switch); repeatable",
    )
    selftest.set_defaults(handler=lambda args: _run(args, _selftest))
    calibrate = subparsers.add_parser(
        "calibrate", help="calibrate the stack-height sensors, cell by cell"
    )
    _common(calibrate)
    calibrate.add_argument("--samples", type=int, default=8, help="readings per stack (8)")
    calibrate.set_defaults(handler=lambda args: _run(args, _calibrate))
    _register_design(subparsers)


def _register_design(subparsers: Any) -> None:
    """`santorini-hw hardware margins|compare|diagram`: the design, computed from board.toml."""
    hardware = subparsers.add_parser("hardware", help="the board's design: margins, diagram")
    commands = hardware.add_subparsers(dest="hardware_command", required=True, metavar="WHAT")
    margins = commands.add_parser("margins", help="worker-field and stack-sensor margins")
    margins.add_argument("--json", action="store_true", help="print the JSON contract")
    margins.add_argument("--samples", type=int, default=2000, help="Monte Carlo cells (2000)")
    margins.add_argument("--seed", type=int, default=1, help="Monte Carlo seed (1)")
    compare = commands.add_parser("compare", help="the candidate designs' margins, a table")
    diagram = commands.add_parser("diagram", help="write the wiring diagram (SVG)")
    diagram.add_argument(
        "--output", type=Path, default=None, help="where (default hardware/wiring.svg)"
    )
    for parser in (margins, compare, diagram):
        parser.add_argument(
            "--config", type=Path, default=None, help="board config (default hardware/board.toml)"
        )
    margins.set_defaults(handler=_margins)
    compare.set_defaults(handler=_compare)
    diagram.set_defaults(handler=_diagram)


def _margins(args: argparse.Namespace) -> int:
    from santorini_hw.physics.margins import format_margins, margins

    try:
        data = margins(args.config, seed=args.seed, samples=max(2, args.samples))
    except ValueError as error:
        print(f"santorini-hw hardware margins: {error}", file=sys.stderr)
        return 2
    print(json.dumps(data) if args.json else format_margins(data))
    return 0 if data["ok"] else 1


def _compare(args: argparse.Namespace) -> int:
    from santorini_hw.physics.margins import format_candidates

    return _design(args, format_candidates)


def _design(args: argparse.Namespace, report: Callable[[Path | None], str]) -> int:
    try:
        print(report(args.config))
    except ValueError as error:
        print(f"santorini-hw hardware: {error}", file=sys.stderr)
        return 2
    return 0


def _diagram(args: argparse.Namespace) -> int:
    from santorini_hw.hardware.config import load_hardware_config
    from santorini_hw.hardware.wiring_diagram import DIAGRAM_PATH, wiring_svg

    try:
        config = load_hardware_config(args.config)
        output = args.output or DIAGRAM_PATH
        output.write_text(wiring_svg(config), encoding="utf-8")
    except (ValueError, OSError) as error:
        print(f"santorini-hw hardware diagram: {error}", file=sys.stderr)
        return 2
    print(f"wrote {output}")
    return 0


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sim", action="store_true", help="run on the simulator")
    parser.add_argument(
        "--cells", default=None, help="only these cells, comma-separated (default: all)"
    )
    parser.add_argument(
        "--config-dir",
        type=Path,
        default=DEFAULT_CONFIG_DIR,
        help="where the calibration table lives (default ~/.config/santorini-hw/)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds to wait for each thing a person is asked to do (default 60)",
    )


def _cells(text: str | None) -> list[int]:
    if text is None:
        return list(range(CELL_COUNT))
    return [parse_cell(name.strip().lower()) for name in text.split(",")]


def _run(args: argparse.Namespace, check: Check) -> int:
    import asyncio

    from santorini_hw.hardware.config import load_hardware_config
    from santorini_hw.lights.strips import StripUnavailableError
    from santorini_hw.sensing.calibration import CalibrationTable, load_table

    try:
        args.cells = _cells(args.cells)
        config = load_hardware_config()
        args.config_dir = args.config_dir.expanduser()
        args.table = load_table(args.config_dir, CalibrationTable.from_config(config.stacks))
        if args.sim:
            return asyncio.run(_on_simulator(config, args, check))
        return asyncio.run(_on_board(config, args, check))
    except (ValueError, StripUnavailableError) as error:  # bad cells, faults, config, table
        print(f"santorini-hw {args.command}: {error}", file=sys.stderr)
        return 2


async def _on_board(config: HardwareConfig, args: argparse.Namespace, check: Check) -> int:
    import asyncio

    from santorini_hw.checks.rig import HumanActor
    from santorini_hw.clock import SystemClock
    from santorini_hw.hardware.board import BoardHardware

    async with BoardHardware(config, SystemClock(), table=args.table) as board:
        deadline = asyncio.get_running_loop().time() + BRIDGE_WAIT_S
        while board.scanner.stacks is None:
            if asyncio.get_running_loop().time() > deadline:
                print(f"bridge FAIL: {board.scanner.bridge.error}", flush=True)
                return 1
            await asyncio.sleep(0.05)
        actor = HumanActor(sys.stdin, sys.stdout, patience=args.timeout)
        return await check(board, actor, config, args)


async def _on_simulator(config: HardwareConfig, args: argparse.Namespace, check: Check) -> int:
    from sim.actor import Fault, SimulatedActor
    from sim.hardware import SimulatedHardware
    from sim.physical import Noise

    faults = [Fault.parse(text) for text in getattr(args, "sim_fault", [])]
    noise = Noise(seed=1, flicker=0.002, bounce_ms=30, adc_noise=100)
    async with SimulatedHardware(config, noise=noise, table=args.table) as sim:
        for fault in faults:
            fault.apply(sim)
        return await check(sim, SimulatedActor(sim), config, args)


async def _selftest(
    rig: Rig, actor: Actor, config: HardwareConfig, args: argparse.Namespace
) -> int:
    from santorini_hw.checks.selftest import SelfTest

    failed = 0
    async for result in SelfTest(rig, actor).run(args.cells):
        print(result, flush=True)
        failed += not result.ok
    print(f"{len(args.cells) - failed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


async def _calibrate(
    rig: Rig, actor: Actor, config: HardwareConfig, args: argparse.Namespace
) -> int:
    from santorini_hw.checks.calibrate import run_calibration
    from santorini_hw.sensing.calibration import CalibrationError, save_table
    from santorini_hw.sensing.calibration_procedure import CalibrationProcedure

    procedure = CalibrationProcedure(args.table, cells=args.cells, samples=args.samples)
    try:
        table = await run_calibration(rig, actor, procedure, lambda line: print(line, flush=True))
    except (CalibrationError, TimeoutError) as error:
        print(f"calibration failed, nothing saved: {error}", flush=True)
        return 1
    print(f"saved {save_table(table, args.config_dir)}", flush=True)
    return 0
