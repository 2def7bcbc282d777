"""Both sides of the anchor match as processes: our command line and the anchor's worker.

Our side is the `santorini-hw` command of the project's venv (`rules best --nodes N` for
its turns, `rules moves` for every position's legal turns), or the same two answers
computed in this process (`InProcessRules`: the same search, without a process start a
question, so a match runs several times faster); the anchor's side is
`worker.py` in the bench-only venv, kept running for a whole match and spoken to one
JSON line at a time. Each measures its own time a move.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

from santorini_hw.commands.hints import result_json
from santorini_hw.commands.rules import turns_json
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.position_json import position_from_json

from .install import Anchor
from .translate import GODS_SLOTS, Step

WORKER = Path(__file__).resolve().parent / "worker.py"


class AnchorStoppedError(RuntimeError):
    """The anchor's process ended or answered nonsense; its log says why."""


class AnchorCannotPlayError(RuntimeError):
    """The anchor's own rules call the position a finished game, so it cannot move."""


class EngineMove(NamedTuple):
    turn: dict[str, Any] | None
    """The turn in the `rules moves` format (None when there is none)."""
    nodes: int
    seconds: float
    """Wall time of the whole command, the process start included."""


class AnchorMove(NamedTuple):
    steps: list[Step]
    seconds: float
    """The anchor's own time for its search (all steps of the turn)."""
    round_trip: float


class RulesCommand:
    """`santorini-hw rules ...`, one process per question, position JSON on stdin."""

    timed = "the whole command, its start included"

    def __init__(self, executable: Path) -> None:
        self.executable = executable

    def _ask(self, *arguments: str, position: dict[str, Any]) -> dict[str, Any]:
        done = subprocess.run(
            [str(self.executable), "rules", *arguments],
            input=json.dumps(position) + "\n",
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"santorini-hw rules {' '.join(arguments)}: {done.stderr.strip()}")
        answer: dict[str, Any] = json.loads(done.stdout)
        return answer

    def legal_turns(self, position: dict[str, Any]) -> list[dict[str, Any]]:
        turns: list[dict[str, Any]] = self._ask("moves", position=position)["turns"]
        return turns

    def best(self, position: dict[str, Any], *, nodes: int, seed: int) -> EngineMove:
        started = time.perf_counter()
        answer = self._ask("best", "--nodes", str(nodes), "--seed", str(seed), position=position)
        return EngineMove(answer["turn"], int(answer["nodes"]), time.perf_counter() - started)


class InProcessRules:
    """`RulesCommand`'s answers from this process: the functions behind the command line,
    their JSON made the same way (its time a move is the search's alone)."""

    timed = "its search, in the bench's process"

    def __init__(self, *, prior_keep: int | None = None) -> None:
        self.prior_keep = prior_keep
        """`search.best_turn`'s move prior (0: off; None: the engine's default), which the
        command line does not offer."""

    def legal_turns(self, position: dict[str, Any]) -> list[dict[str, Any]]:
        answer = json.dumps(turns_json(position_from_json(position)))
        turns: list[dict[str, Any]] = json.loads(answer)["turns"]
        return turns

    def best(self, position: dict[str, Any], *, nodes: int, seed: int) -> EngineMove:
        started = time.perf_counter()
        extra = {} if self.prior_keep is None else {"prior_keep": self.prior_keep}
        result = best_turn(position_from_json(position), node_budget=nodes, seed=seed, **extra)
        answer = json.loads(json.dumps(result_json(result)))
        return EngineMove(answer["turn"], result.nodes, time.perf_counter() - started)


OurSide = RulesCommand | InProcessRules
"""Whichever answers for our engine in a match."""


def default_executable() -> Path:
    """The `santorini-hw` script beside the running interpreter (the project's venv)."""
    return Path(sys.executable).parent / "santorini-hw"


class AnchorProcess:
    """The anchor's worker for one mode (network with or without gods); `close()` it."""

    def __init__(self, python: Path, anchor: Anchor, *, gods: bool, backend: str) -> None:
        self.gods = gods
        self.log_path = anchor.directory / "worker.log"
        self._log = self.log_path.open("w", encoding="utf-8")
        self.process = subprocess.Popen(
            [
                str(python),
                str(WORKER),
                "--anchor",
                str(anchor.directory),
                "--network",
                str(anchor.network),
                "--backend",
                backend,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
        )
        self.settings: dict[str, Any] = self._read()["ready"]

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise AnchorStoppedError(f"the anchor's worker stopped; see {self.log_path}")
        try:
            answer: dict[str, Any] = json.loads(line)
        except json.JSONDecodeError:
            raise AnchorStoppedError(
                f"the anchor's worker said {line!r}; see {self.log_path}"
            ) from None
        return answer

    def _send(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def new_game(self) -> None:
        """Forget the search tree, as the anchor's own arena does between games."""
        self._send({"new_game": True})

    def play(self, state: list[list[list[int]]], *, moves: int, sims: int) -> AnchorMove:
        started = time.perf_counter()
        answer = self._send({"state": state, "moves": moves, "sims": sims})
        if "finished" in answer:
            raise AnchorCannotPlayError(
                f"the anchor's rules see a finished game (result {answer['finished']})"
            )
        slots = GODS_SLOTS if self.gods else 1
        steps = [Step.decode(int(action), slots) for action in answer["actions"]]
        return AnchorMove(steps, float(answer["seconds"]), time.perf_counter() - started)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()
