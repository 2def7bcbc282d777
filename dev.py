#!/usr/bin/env python3
"""The README's two commands: set everything up, then run the board or the whole test suite.

    python3 dev.py run          # the main job (see README)
    python3 dev.py test         # lint, type-check, build the docs strictly, and every test
    python3 dev.py docs         # serve the documentation site at http://127.0.0.1:8001/
    python3 dev.py screenshots  # redraw the page's screenshots under docs/images/

Only the Python standard library is used here, so this runs on a fresh machine that has
Python 3.11 and git. Everything else is installed into `.venv/` at the repository root.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"
STAMP = VENV / ".installed-from"
DEBIAN_TOOLS = {"/usr/bin/chromium": "chromium", "/usr/sbin/mosquitto": "mosquitto"}
SITE = ROOT / "build" / "site"
"""Where `test` builds the documentation (git-ignored); the docs tests read it there."""
DOCS_ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
PARALLEL = ["--numprocesses", "auto", "--maxprocesses", "4", "--dist", "loadgroup"]
"""pytest-xdist: a worker per core (at most four: each test may start a daemon, a broker
and a browser), each module's shared daemon kept on one worker; `-n 0` after `test` runs
serially."""


def _run(*argv: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in argv), flush=True)
    subprocess.run([str(a) for a in argv], cwd=ROOT, check=True, env=env)


def _run_quietly(*argv: str | Path) -> None:
    """Run a noisy installer: one line when it works, its whole output when it fails."""
    print("+", " ".join(str(a) for a in argv), flush=True)
    argv_text = [str(a) for a in argv]
    done = subprocess.run(argv_text, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(done.stdout + done.stderr, end="", file=sys.stderr, flush=True)
        raise subprocess.CalledProcessError(done.returncode, done.args)


def _setup() -> None:
    """Create the virtual environment and install the project when its metadata or its C
    sources changed."""
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256()
    for source in [ROOT / "pyproject.toml", *sorted(ROOT.glob("santorini_hw/**/*.c"))]:
        digest.update(source.read_bytes())  # a changed C source is built again
    if STAMP.exists() and STAMP.read_text() == digest.hexdigest():
        return
    _c_compiler()
    _run_quietly(BIN / "python", "-m", "pip", "install", "--upgrade", "pip")
    _run_quietly(BIN / "python", "-m", "pip", "install", "-e", ".[test,docs]")
    STAMP.write_text(digest.hexdigest())


def _c_compiler() -> None:
    """A C compiler and this Python's headers, for the hint engine's C extensions (optional
    for an install, but the tests check that they were built)."""
    missing = [] if shutil.which("cc") else ["gcc"]
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        missing.append(f"python{sys.version_info.major}.{sys.version_info.minor}-dev")
    _apt_install(missing)


def _debian_tools() -> None:
    """Debian packages the tests drive: chromium for the page's browser test (Playwright
    never downloads one) and the Mosquitto broker for the MQTT link's tests."""
    _apt_install([package for path, package in DEBIAN_TOOLS.items() if not Path(path).exists()])


def _apt_install(missing: list[str]) -> None:
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    _run_quietly(*sudo, "apt-get", "update")
    apt = [*sudo, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]
    _run_quietly(*apt, "install", "-y", *missing)


def _test(extra: list[str]) -> None:
    _debian_tools()
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "mypy")
    # Not --quiet: it hides the warnings from --strict too, and the build then passes.
    _run(BIN / "mkdocs", "build", "--strict", "--site-dir", SITE, env=DOCS_ENV)
    tested = {**os.environ, "SANTORINI_DOCS_SITE": str(SITE)}
    _run(BIN / "python", "-m", "pytest", *PARALLEL, *extra, env=tested)


def _docs(extra: list[str]) -> None:
    """The documentation site, rebuilt on every save."""
    command = [BIN / "mkdocs", "serve", "--dev-addr", "127.0.0.1:8001", *extra]
    _run(*command, env=DOCS_ENV)


def _screenshots(extra: list[str]) -> None:
    _debian_tools()
    _run(BIN / "python", "tools/screenshots.py", *extra)


def _main_job(extra: list[str]) -> None:
    """The daemon on the simulated board, with its monitoring page (the virtual board)."""
    state = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state"))
    state_dir = str(state / "santorini-hw")
    command = [str(BIN / "santorini-hw"), "run", "--sim", "--host", "127.0.0.1", "--port", "8000"]
    command += ["--state-dir", state_dir, *extra]
    token = subprocess.run(
        [str(BIN / "santorini-hw"), "token", "--state-dir", state_dir],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    print(f"Open http://127.0.0.1:8000/#token={token} to play on the virtual board.", flush=True)
    # `santorini-hw token` finds this folder's token too (the user's state folder).
    print(f"The token again: {BIN / 'santorini-hw'} token --state-dir {state_dir}", flush=True)
    os.execv(command[0], command)


def main() -> int:
    commands = {"run": _main_job, "test": _test, "docs": _docs, "screenshots": _screenshots}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    _setup()
    try:
        commands[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as failure:
        return failure.returncode or 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
