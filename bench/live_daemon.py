"""Shared by the daemon benches: a real `santorini-hw run --sim` in a subprocess, what
/proc says about it, and a random player on its virtual board through the API.

Not a benchmark itself: `bench/daemon.py`, `bench/footprint.py` and `bench/soak.py`
import it (run them from the repository root as `.venv/bin/python bench/NAME.py`).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import ALL_CELLS, cell_name, cells_of, parse_cell
from santorini_hw.rules.placement import allowed_cells
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.rules.turns import random_turn
from sim.player_model import HandStyle, PhysicalPlayer
from sim.random_games import needs_done

TIMEOUT = 30.0
GLANCE = 0.3
"""Seconds a board must look the same before a simulated player acts on what it shows."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SIM_THREADS = {"fake-bridge": "simulated bridge MCU (sim only)"}
"""OS thread names (`santorini_hw.sensing.thread_names.name_thread`) of the simulated hardware."""
DAEMON_THREADS = {
    "main": "daemon main thread (asyncio: scan loop, API, lights)",
    "bridge-client": "daemon serial reader (bridge client)",
}


def start_daemon(
    state_dir: Path, *extra: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """The daemon on the simulated board, a free port, `state_dir`, settings from `env`
    on top of ours; (process, base URL)."""
    command = [sys.executable, "-m", "santorini_hw.cli", "run", "--sim", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--state-dir", str(state_dir), *extra],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # bounded: the daemon prints it once it listens
    if "serving http://" not in line:
        process.kill()
        raise SystemExit(f"the daemon did not start: {line!r}")
    return process, line.split("serving ", 1)[1].split()[0].rstrip("/")


def stop_daemon(process: subprocess.Popen[str]) -> None:
    """SIGTERM, then SIGKILL if the daemon has not ended within TIMEOUT (said on stderr)."""
    process.terminate()
    try:
        process.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        print(f"the daemon did not stop {TIMEOUT:.0f} s after SIGTERM: killed", file=sys.stderr)
        process.kill()
        process.wait()


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """Resident memory, or one part of it (``RssAnon``: the heaps; ``RssFile``: mapped files)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of the whole process so far."""
    return _stat_cpu(Path(f"/proc/{pid}/stat"))


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def thread_usage(pid: int) -> dict[int, tuple[str, float, int]]:
    """Thread id -> (role, CPU seconds so far, wake-ups so far); the main thread is
    "main", named threads keep their OS name, anonymous ones (thread pools) read
    "worker". Wake-ups are the kernel's voluntary context switches: each time the
    thread blocked (a sleep, a wait, a read) and was woken again."""
    threads = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            seconds = _stat_cpu(task / "stat")
            status = (task / "status").read_text()
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended meanwhile
        switches = int(status.split("voluntary_ctxt_switches:")[1].split()[0])
        tid = int(task.name)
        role = "main" if tid == pid else name if name in SIM_THREADS | DAEMON_THREADS else "worker"
        threads[tid] = (role, seconds, switches)
    return threads


def _view(state: dict[str, Any]) -> tuple[Any, ...]:
    """What a player reads off the board to decide their next step."""
    return state["phase"], state["to_move"], state["position"], state["awaiting"], state["error"]


def _stat_cpu(path: Path) -> float:
    fields = path.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def metric(http: httpx.Client, name: str) -> float:
    """One value of /metrics (the first line of that name; NaN if there is none)."""
    for line in http.get("/metrics").text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return float("nan")


@dataclass
class PlayStats:
    games: int = 0
    turns: int = 0
    resets: int = 0
    """Games abandoned because the board got stuck (an error, a turn never accepted)."""
    hints: int = 0
    engine_turns: int = 0
    """The engine's placements and turns carried out (with `RandomPlayer(engine=...)`)."""
    withdrawn: int = 0
    """Engine's turns already gone from the board's state a moment after they were read,
    before the hands touched anything (an earlier version crashed on one)."""
    refused: list[str] = field(default_factory=list)
    """Why the simulated hand refused a step (409): its game is abandoned, not the soak."""
    abandoned: list[dict[str, Any]] = field(default_factory=list)
    """Per game abandoned as stuck: why, and the board's state then (phase, who is to
    move, the position, what the board awaits, its error), to look into afterwards."""
    gods: dict[str, int] = field(default_factory=dict)
    """How many games each god was dealt in (with `RandomPlayer(gods=...)`)."""

    def summary(self) -> dict[str, Any]:
        """The counts, and why each abandoned game was abandoned (its states left out)."""
        counts = {name: value for name, value in vars(self).items() if name != "abandoned"}
        return {**counts, "abandoned": [game["why"] for game in self.abandoned]}


class RandomPlayer:
    """Plays random two-player games on the virtual board through the API, at a hand's
    pace (`sim.player_model`'s untidy hands: second thoughts, slides, early builds), with
    the gods' physical steps (`sim.power_steps`) when the games have gods."""

    STYLE = HandStyle(pause=(0.12, 0.35), think=(0.2, 0.6))

    def __init__(
        self,
        http: httpx.Client,
        token: str,
        seed: int = 1,
        *,
        hints: float = 0.0,
        engine: int | None = None,
        gods: str | None = None,
    ) -> None:
        self.http = http
        self.auth = {"Authorization": f"Bearer {token}"}
        self.rng = random.Random(seed)
        self.stats = PlayStats()
        self.hints = hints
        """The chance that a player asks for a hint (and waits for it) before a turn."""
        self.engine = engine
        """B's seat is the engine at this level: its placements and turns, shown by the
        board, are carried out by the same untidy hands."""
        self.gods = gods
        """The pool each game's two gods are drawn from ("simple", "advanced" or "all"),
        as the page's random deal draws them; None: games without gods."""

    def play(self, seconds: float, turns: int | None = None) -> PlayStats:
        """Play for `seconds` of real time (the turn under way is finished first), or
        until `turns` turns (not placements) are played if that comes first."""
        end = time.monotonic() + seconds
        self._new_game()
        while time.monotonic() < end and (turns is None or self.stats.turns < turns):
            state = self._settled_state()
            if state["phase"] == "over":
                self.stats.games += 1
                self._new_game()
                continue
            stuck = self._step(state)
            if stuck is not None:
                self.stats.resets += 1
                self.stats.abandoned.append({"why": stuck, "before": state, "now": self._state()})
                self._new_game()
        return self.stats

    def _step(self, state: dict[str, Any]) -> str | None:
        """One placement or one turn; why not if the board got stuck."""
        player = PhysicalPlayer(self.rng, self.STYLE)
        showing = self._engine_turn(state)
        if showing is not None:
            state = showing  # the board as it was when the engine's turn was shown
            actions = state["awaiting"]["turn"]["actions"]
            if state["phase"] == "placement":
                taken = sum(1 << c for c, cell in enumerate(state["board"]) if cell["worker"])
                cells = tuple(parse_cell(name) for name in actions)
                player.place_workers("B", cells, taken | sum(1 << c for c in cells))
            else:
                position = position_from_json(state["position"])
                player.play_turn(position, parse_actions(" ".join(actions)), False)
            self.stats.engine_turns += 1
            self.stats.withdrawn += self._state()["awaiting"] is None
        elif state["phase"] == "placement":
            board = position_from_json(state["position"])
            cells = self._placement(board)
            taken = board.occupied | sum(1 << c for c in cells)
            if taken.bit_count() == 4 and board.side == board.lineup.sides[0]:
                # The start player places last (against Bia) and moves next: a worker set
                # down on a wrong cell and moved would read as that first move.
                taken = ALL_CELLS
            player.place_workers(state["to_move"], cells, taken)
        else:
            position = position_from_json(state["position"])
            turn = random_turn(position, self.rng)
            if turn is None:
                return "the player to move has no turn, and the game is not over"
            if self.rng.random() < self.hints:
                self._post("hint", {})
                self._wait(lambda s: s["hint"] is not None, 5.0)
                self.stats.hints += 1
            player.play_turn(position, turn.actions, press_done=needs_done(position, turn))
        try:
            self._perform(player)
        except httpx.HTTPStatusError as error:  # the simulated hand refused: a stale plan
            if error.response.status_code != 409:
                raise
            self.stats.refused.append(error.response.json().get("detail", ""))
            return "the simulated hand refused a step"

        def moved_on(now: dict[str, Any]) -> bool:
            """The step is on the record (Dionysus' additional turn: the same player next)."""
            return bool(now["record"] != state["record"] or now["phase"] != state["phase"])

        if not self._wait(moved_on, 1.0):
            if self._state()["can_end_turn"]:
                self._post("sim/press", {"button": "done"})
            if not self._wait(moved_on, 5.0):
                return "the board did not take the step (no next player in 6 s)"
        self.stats.turns += state["phase"] == "play"
        return None

    def _placement(self, board: Position) -> tuple[int, ...]:
        """Random cells for the placer's workers still to place, each one the rules
        allow after the ones before it (Eros: on opposite edges)."""
        side, cells = board.side, []
        while board.workers[side].bit_count() < 2:
            cell = self.rng.choice(cells_of(allowed_cells(board)))
            cells.append(cell)
            board = board.with_workers(side, board.workers[side] | 1 << cell)
        return tuple(cells)

    def _perform(self, player: PhysicalPlayer) -> None:
        started = time.monotonic()
        for event in player.events:
            time.sleep(max(0.0, started + event.t - time.monotonic()))
            if event.op == "lift":
                self._post("sim/lift", {"cell": cell_name(event.cell)})
            elif event.op == "place":
                body = {"cell": cell_name(event.cell), "piece": event.piece}
                if event.piece == "worker":
                    body["player"] = event.player or ""
                self._post("sim/place", body)
            else:
                self._post("sim/press", {"button": event.button})

    def _new_game(self) -> None:
        """Clear the virtual board and start a game of A and B, with two gods drawn
        from `gods` if it is set."""
        for cell in self._state()["board"]:
            lifts = (cell["worker"] is not None) + cell["level"] + cell["dome"]
            for _ in range(lifts):
                self._post("sim/lift", {"cell": cell["cell"]})
        seats = {} if self.engine is None else {"B": {"kind": "engine", "level": self.engine}}
        deal = {} if self.gods is None else {"selection": "random", "pool": self.gods}
        self._post("games", {"players": ["A", "B"], "seats": seats, **deal})
        self._wait(lambda s: s["phase"] == "placement" and s["error"] is None, 5.0)
        for god in self._state()["gods"].values() if self.gods else ():
            self.stats.gods[god] = self.stats.gods.get(god, 0) + 1

    def _settled_state(self) -> dict[str, Any]:
        """The board's state once its sensors have settled and it has looked the same for
        `GLANCE` seconds: what a person sees when they look up after their hands stop.
        The hands' last steps reach the referee only when the sensors settle, and it may
        then amend the turn or placement it had already accepted (a second thought), and
        the engine choose again: a state read sooner is one the board is about to leave
        (two earlier soaks got stuck on one in 15 games of 103)."""
        seen = self._state()
        since = started = time.monotonic()
        while time.monotonic() - started < 30.0:
            time.sleep(0.05)
            now = self._state()
            if not now["sensors"]["settled"] or _view(now) != _view(seen):
                seen, since = now, time.monotonic()
            elif time.monotonic() - since >= GLANCE:
                return now
        raise SystemExit(f"the board did not settle in 30 s: {seen['sensors']}")

    def _engine_turn(self, state: dict[str, Any]) -> dict[str, Any] | None:
        """The state in which the board shows the engine's turn (or placement) once it has
        chosen and the board has settled, when it is B's to play at the engine's seat;
        None otherwise."""
        if self.engine is None or state["to_move"] != "B" or state["phase"] == "over":
            return None
        end = time.monotonic() + 60.0
        while time.monotonic() < end:
            now = self._settled_state()
            if now["awaiting"] is not None:
                return now
        raise SystemExit(f"the engine showed no turn in 60 s: {self._state()['error']}")

    def _wait(self, condition: Any, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if condition(self._state()):
                return True
            time.sleep(0.05)
        return False

    def _state(self) -> dict[str, Any]:
        response = self.http.get("/api/state")
        response.raise_for_status()
        state: dict[str, Any] = response.json()
        return state

    def _post(self, path: str, body: dict[str, Any]) -> None:
        self.http.post(f"/api/{path}", json=body, headers=self.auth).raise_for_status()
