"""Nothing lost mid-correction: a journal on a slow card (every commit delayed, as an SD
card's fsync) killed with SIGKILL at random instants inside an amend, an undo, a
takeback of two turns, a resync or its undo keeps either the record from before the
change or the one after it, never the old one cut short (issue 32)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from santorini_hw.store import Entry, Store
from tests.store.helpers import standing_entries

ROOT = Path(__file__).resolve().parents[2]
SLOW = Path(__file__).resolve().parent / "slow_commits"


def slow_commits(delay: float, log: Path | None = None) -> dict[str, str]:
    """A child's environment in which every SQLite commit waits `delay` seconds first
    (and notes its start in `log`): `slow_commits/sitecustomize.py`."""
    path = os.pathsep.join([str(SLOW), str(ROOT), os.environ.get("PYTHONPATH", "")])
    slow = {"PYTHONPATH": path, "SLOW_COMMITS_DELAY": str(delay)}
    return {**os.environ, **slow, **({} if log is None else {"SLOW_COMMITS_LOG": str(log)})}


DELAY = 0.06
"""Seconds each commit waits: the window a kill must hit."""
CORRECTIONS = ("amend", "undo", "takeback", "resync", "unresync")
KILLS_EACH = 3
"""Kills of each kind: before its commit, inside it, and as it ends or after it."""


def kill_instants(rng: random.Random, kills: int, window: float) -> list[float]:
    """`kills` instants in `window` seconds, one at random in each equal slice of it, in
    random order: spread over the whole window as no few uniform draws would be."""
    instants = [(slice_ + rng.random()) * window / kills for slice_ in range(kills)]
    rng.shuffle(instants)
    return instants


def entries(said: list[list[str]]) -> list[Entry]:
    return [Entry(*entry) for entry in said]


def kill_inside(
    path: Path, seed: int, kind: str, after: float
) -> tuple[int, list[Entry], list[Entry]]:
    """Run the child until it starts a change of `kind`, SIGKILL it `after` seconds
    later; the game, and its record before and after that change."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.store.tail_child", str(path), str(seed), kind],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=slow_commits(DELAY),
    )
    assert child.stdout is not None
    stuck = threading.Timer(120, child.kill)  # a hung child fails the test, not the run
    stuck.start()
    try:
        for line in child.stdout:
            said = json.loads(line)
            if said.get("change") == kind:
                time.sleep(after)
                child.send_signal(signal.SIGKILL)
                return said["game"], entries(said["old"]), entries(said["new"])
        raise AssertionError(f"the child ended without a {kind} change")
    finally:
        stuck.cancel()
        child.kill()
        child.stdout.close()
        child.wait()


@pytest.mark.long
def test_a_kill_inside_any_correction_leaves_the_old_record_or_the_new(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    rng = random.Random(32)
    outcomes: Counter[tuple[str, str]] = Counter()
    instants = {kind: kill_instants(rng, KILLS_EACH, 3 * DELAY) for kind in CORRECTIONS}
    for run in range(KILLS_EACH):
        for kind in CORRECTIONS:
            seed = run * len(CORRECTIONS) + CORRECTIONS.index(kind)
            game_id, old, new = kill_inside(path, seed, kind, instants[kind][run])
            with Store.open(path) as store:
                found = standing_entries(store, game_id)
            assert found in (old, new), f"a kill inside {kind} left {found}"
            outcomes[kind, "new" if found == new else "old"] += 1
    assert {kind for kind, _ in outcomes} == set(CORRECTIONS)
    assert {when for _, when in outcomes} == {"old", "new"}, "no kill landed on both sides"
