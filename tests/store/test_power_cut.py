"""Nothing confirmed is lost: a journalling process killed at any instant keeps every
turn and undo whose call had returned (the child acknowledges each one on stdout)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

from santorini_hw.store import Store, StoredMove

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(path: Path, seed: int, acks_before_kill: int) -> list[list[str]]:
    """Start the child, SIGKILL it after that many acks; every line it printed is an ack."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.store.append_child", str(path), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    stuck = threading.Timer(120, child.kill)  # a hung child fails the test, not the run
    stuck.start()
    acks = [child.stdout.readline() for _ in range(acks_before_kill)]
    stuck.cancel()
    child.send_signal(signal.SIGKILL)
    acks += child.stdout.readlines()
    child.stdout.close()
    assert child.wait() == -signal.SIGKILL
    assert all(acks[:acks_before_kill]), "the child stopped before it was killed"
    return [line.strip().split(maxsplit=3) for line in acks]


def test_every_acknowledged_turn_and_undo_survives_a_kill(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    rng = random.Random(20240611)
    acks = [ack for run in range(4) for ack in run_and_kill(path, run, rng.randint(5, 90))]

    with Store.open(path) as store:
        moves: dict[tuple[int, int, str], list[StoredMove]] = {}
        for game in store.games():
            for move in store.game(game.id).moves:
                moves.setdefault((game.id, move.ply, move.notation), []).append(move)
        restorable = store.unfinished_game()
        assert restorable is None or restorable.replay() is not None

    for kind, game_id, ply, notation in acks:
        found = moves.get((int(game_id), int(ply), notation), [])
        assert found, f"acknowledged {kind} {game_id} {ply} {notation} was lost"
        if kind == "undo":
            assert any(move.taken_back for move in found)
    assert {kind for kind, *_ in acks} == {"turn", "undo"}
