"""The hint engine of an earlier commit, as a player for `hints.match`.

`git archive REV santorini_hw` unpacks that commit's package into a temporary directory,
its C extensions (those its `pyproject.toml` names) are built there as its install
builds them, and a child Python process imports it from there (PYTHONPATH first, so it
shadows this checkout) and answers one search per line: position JSON and a time budget
in, the resulting position out. The match maps that position back to the legal turn of today's
rules core that leads to it, so an illegal answer stops the match with an error.
Both engines think in turn, never at the same time: the same CPU for each.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path
from types import TracebackType

from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.rules.turns import Turn, generate_turns

ROOT = Path(__file__).resolve().parent.parent
DRIVER = """
import json, sys
import santorini_hw
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.position_json import position_from_json, position_to_json
print(json.dumps({"package": santorini_hw.__file__}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    position = position_from_json(request["position"])
    turn = best_turn(position, time_budget=request["time"], seed=request["seed"]).turn
    answer = None if turn is None else position_to_json(turn.result)
    print(json.dumps({"result": answer}), flush=True)
"""


def knows_advanced_gods(rev: str) -> bool:
    """Whether commit `rev`'s rules core plays the twenty advanced gods (its engine cannot
    read a position with one otherwise)."""
    found = subprocess.run(
        ["git", "cat-file", "-e", f"{rev}:santorini_hw/rules/power_turn.py"],
        check=False,
        cwd=ROOT,
        capture_output=True,
    )
    return found.returncode == 0


def unpacked(rev: str) -> tempfile.TemporaryDirectory[str]:
    """Commit `rev`'s package in a temporary directory (for a child's PYTHONPATH), with
    its C extensions built."""
    directory = tempfile.TemporaryDirectory(prefix="baseline-engine-")
    archive = subprocess.run(
        ["git", "archive", rev, "santorini_hw", "pyproject.toml"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", directory.name], input=archive, check=True)
    build_extensions(Path(directory.name))
    return directory


def build_extensions(root: Path) -> list[Path]:
    """Build in place the C extensions `root/pyproject.toml` names, with the compiler and
    flags this Python was built with (setuptools' own choice): without them an engine
    runs its hot loops in Python, several times slower a node, which is not the engine
    that commit ships. Optional, as in the install: one that fails to build is left out.
    Returns the modules built."""
    config = tomllib.loads((root / "pyproject.toml").read_text())
    modules = config.get("tool", {}).get("setuptools", {}).get("ext-modules", [])
    variables = sysconfig.get_config_vars()
    compiler = [
        *shlex.split(variables["LDSHARED"]),
        *shlex.split(variables["CFLAGS"]),
        variables["CCSHARED"],
        f"-I{sysconfig.get_paths()['include']}",
    ]
    built = []
    for module in modules:
        target = root / (module["name"].replace(".", "/") + variables["EXT_SUFFIX"])
        sources = [str(root / source) for source in module["sources"]]
        command = [*compiler, *sources, "-o", str(target)]
        done = subprocess.run(command, check=False, capture_output=True)
        if done.returncode == 0:
            built.append(target)
    return built


def driver_process(package: str | Path, driver: str) -> subprocess.Popen[str]:
    """A Python child running the code `driver` with `package` first on its path (so it
    imports that `santorini_hw`), lines of text in and out."""
    return subprocess.Popen(
        [sys.executable, "-c", driver],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(package)},
        cwd=package,
    )


class BaselineEngine:
    """A child process running the engine of commit `rev`; use it as a context manager."""

    def __init__(self, rev: str, seconds: float) -> None:
        self.rev = rev
        self.seconds = seconds
        self.directory = unpacked(rev)
        self.process = driver_process(self.directory.name, DRIVER)
        package = self._read()["package"]
        if not str(package).startswith(self.directory.name):
            raise RuntimeError(f"the baseline imported {package}, not commit {rev}'s package")

    def _read(self) -> dict[str, object]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the baseline engine ({self.rev}) stopped")
        answer: dict[str, object] = json.loads(line)
        return answer

    def __call__(self, position: Position, rng: random.Random) -> Turn | None:
        """The baseline's turn (a match player): its result mapped to today's legal turn."""
        assert self.process.stdin is not None
        request = {
            "position": position_to_json(position),
            "time": self.seconds,
            "seed": rng.getrandbits(32),
        }
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        result = self._read()["result"]
        if result is None:
            return None
        after = position_from_json(result)
        for turn in generate_turns(position):
            if turn.result == after:
                return turn
        raise RuntimeError(f"the baseline played an illegal turn: {position!r} -> {after!r}")

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        self.directory.cleanup()

    def __enter__(self) -> BaselineEngine:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
