"""A real daemon in a subprocess (`santorini-hw run --sim` on 127.0.0.1, port 0), driven
over HTTP: the end-to-end tests' hands on the virtual board."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

START_TIMEOUT = 60.0
WAIT_TIMEOUT = 30.0
"""Generous: a loaded CI machine may be slow; nothing here asserts on timing."""


class Daemon:
    def __init__(self, state_dir: Path, env: dict[str, str] | None = None) -> None:
        self.state_dir = state_dir
        self.env = {**os.environ, **(env or {})}
        """The daemon's environment: settings as SANTORINI_HW_<KEY> variables."""
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []
        self.url = ""

    def start(self) -> Daemon:
        command = [sys.executable, "-m", "santorini_hw.cli", "run", "--sim", "--host", "127.0.0.1"]
        command += ["--port", "0", "--state-dir", str(self.state_dir)]
        self.output = []
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env
        )
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()
        self._wait(lambda: self.url != "", START_TIMEOUT, "the daemon to serve")
        token = (self.state_dir / "token").read_text().strip()
        self.http = httpx.Client(base_url=self.url, timeout=WAIT_TIMEOUT)
        self.auth = {"Authorization": f"Bearer {token}"}
        return self

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.output.append(line)
            if "serving http://" in line:
                self.url = line.split("serving ", 1)[1].split()[0].rstrip("/")

    def _wait(self, condition: Callable[[], bool], timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if self.process is not None and self.process.poll() is not None:
                raise AssertionError(f"the daemon exited: {''.join(self.output)}")
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}: {''.join(self.output)}")
            time.sleep(0.02)

    # -- reading ---------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        response = self.http.get("/api/state")
        response.raise_for_status()
        return response.json()  # type: ignore[no-any-return]

    def wait_state(self, condition: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        found: list[dict[str, Any]] = []

        def check() -> bool:
            found[:] = [self.state()]
            return condition(found[0])

        self._wait(check, WAIT_TIMEOUT, what)
        return found[0]

    # -- the virtual board -----------------------------------------------------------------
    def post(self, path: str, body: Any = None) -> httpx.Response:
        response = self.http.post(f"/api/{path}", json=body, headers=self.auth)
        assert response.status_code < 300, (path, body, response.status_code, response.text)
        return response

    def place(self, cell: str, piece: str = "block", player: str | None = None) -> None:
        self.post("sim/place", {"cell": cell, "piece": piece, "player": player})

    def lift(self, cell: str) -> dict[str, Any]:
        return self.post("sim/lift", {"cell": cell}).json()  # type: ignore[no-any-return]

    def place_workers(self, workers: dict[str, list[str]]) -> None:
        for player, cells in workers.items():
            for cell in cells:
                self.place(cell, "worker", player)
            placed = sorted(cells)
            self.wait_state(
                lambda s, want=placed, p=player: s["position"]["workers"][p] == want,
                f"{player}'s workers placed",
            )

    def turn(self, player: str, move: str, build: str) -> dict[str, Any]:
        """One plain turn on the physical board; returns the state once it is recorded."""
        turns = self.turns()
        source, destination = move.split("-")
        self.lift(source)
        self.place(destination, "worker", player)
        self.place(build, "block")
        expected = [*turns, f"{move} {build}"]
        return self.wait_state(lambda s: _turns(s) == expected, f"{player}: {move} {build}")

    def turns(self) -> list[str]:
        return _turns(self.state())

    # -- stopping --------------------------------------------------------------------------
    def stop(self, number: int = signal.SIGTERM) -> int:
        assert self.process is not None
        self.process.send_signal(number)
        code = self.process.wait(timeout=WAIT_TIMEOUT)
        self.http.close()
        return code

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def _turns(state: dict[str, Any]) -> list[str]:
    return [line["text"] for line in state["record"] if line["kind"] == "turn"]


SETUP = {"A": ["a1", "d1"], "B": ["c3", "e5"]}
A_WINS = [
    ("A", "d1-d2", "c1"),
    ("B", "c3-b3", "b2"),
    ("A", "d2-d1", "c1"),
    ("B", "b3-c3", "b2"),
    ("A", "d1-d2", "c1"),
    ("B", "c3-c2", "b1"),
    ("A", "a1-b1", "a1"),
    ("B", "c2-c3", "d3"),
    ("A", "b1-b2", "a1"),
    ("B", "c3-d3", "d4"),
]
"""A short game: B builds A's staircase; A climbs b1 (1), b2 (2), then c1 (3) and wins."""
WINNING_MOVE = ("A", "b2", "c1")
