"""The `santorini-hw` command: one sub-command per module in `santorini_hw.commands`.

Each command module exposes `register(subparsers)`, which adds its parser and sets
`handler` (a function taking the parsed arguments and returning an exit status).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from santorini_hw import __version__

COMMAND_MODULES = (
    "santorini_hw.commands.rules",
    "santorini_hw.commands.hints",
    "santorini_hw.commands.play",
    "santorini_hw.commands.sim",
    "santorini_hw.commands.hardware",
    "santorini_hw.commands.daemon",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="santorini-hw", description="Smart Santorini board: rules, sensing, daemon."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
