#!/usr/bin/env python3
"""The README's two commands: set everything up, then run the board or the whole test suite.

    python3 dev.py run    # the main job (see README)
    python3 dev.py test   # lint, type-check and every test

Only the Python standard library is used here, so this runs on a fresh machine that has
Python 3.11 and git. Everything else is installed into `.venv/` at the repository root.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"
STAMP = VENV / ".installed-from"


def _run(*argv: str | Path) -> None:
    print("+", " ".join(str(a) for a in argv), flush=True)
    subprocess.run([str(a) for a in argv], cwd=ROOT, check=True)


def _setup() -> None:
    """Create the virtual environment and install the project when its metadata changed."""
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", ".[test]")
    STAMP.write_text(digest)


def _test(extra: list[str]) -> None:
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "mypy")
    _run(BIN / "python", "-m", "pytest", *extra)


def _main_job(extra: list[str]) -> None:
    os.execv(BIN / "santorini-hw", [str(BIN / "santorini-hw"), "play", *extra])


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test"):
        print(__doc__)
        return 2
    _setup()
    try:
        if sys.argv[1] == "test":
            _test(sys.argv[2:])
        else:
            _main_job(sys.argv[2:])
    except subprocess.CalledProcessError as failure:
        return failure.returncode or 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
