"""`santorini-hw run` (the daemon) and `santorini-hw token` (the API's write token).

The daemon and its settings are imported by the handlers: every command builds these
parsers, and the rules commands need none of it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from santorini_hw.daemon.settings import Settings


def register(subparsers: Any) -> None:
    run = subparsers.add_parser("run", help="run the board: referee, lights, journal, API, page")
    _common(run)
    run.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    run.add_argument("--port", type=int, default=None, help="port (default 8000; 0: any free)")
    run.add_argument("--sim", action="store_true", default=None, help="use the simulated board")
    run.add_argument(
        "--clock",
        default=None,
        help="game clock of a new game: off, tournament (60+300) or MOVE+BANK seconds",
    )
    run.set_defaults(handler=_run)
    token = subparsers.add_parser("token", help="print the API's write token")
    _common(token)
    token.set_defaults(handler=_token)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state-dir", type=Path, default=None, help="journal and token folder")
    parser.add_argument("--config", type=Path, default=None, help="a settings TOML file")


def _settings(args: argparse.Namespace) -> Settings | None:
    from santorini_hw.daemon.settings import SettingsError, load_settings

    names = ("state_dir", "host", "port", "sim", "clock")
    flags = {name: getattr(args, name, None) for name in names}
    try:
        files = None if args.config is None else (args.config,)
        if args.config is not None and not args.config.is_file():
            raise SettingsError(f"--config: no file {args.config}")
        return load_settings(files=files, overrides=flags)
    except SettingsError as error:
        print(f"error: bad setting: {error}", file=sys.stderr)
        return None


def _run(args: argparse.Namespace) -> int:
    from santorini_hw.daemon.main import run

    settings = _settings(args)
    return 2 if settings is None else run(settings)


def _token(args: argparse.Namespace) -> int:
    from santorini_hw.daemon.main import main_token

    settings = _settings(args)
    return 2 if settings is None else main_token(settings, look_further=args.state_dir is None)
