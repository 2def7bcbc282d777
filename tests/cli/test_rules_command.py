"""`santorini-hw rules moves|perft` as outside tools call it: a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

EXAMPLE = {
    "heights": {"c3": 2, "d2": 3},
    "domes": ["d2"],
    "workers": {"A": ["b3", "c4"], "B": ["c2", "c3"]},
    "gods": {"A": "Demeter", "B": "Artemis"},
    "to_move": "A",
    "athena_moved_up": False,
}


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "santorini_hw.cli", "rules", *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_moves_lists_every_turn_with_result_and_winner() -> None:
    done = run("moves", stdin=json.dumps(EXAMPLE))
    assert done.returncode == 0, done.stderr
    turns = json.loads(done.stdout)["turns"]
    assert turns and all(set(t) == {"actions", "result", "winner"} for t in turns)
    assert all(t["result"]["to_move"] == "B" for t in turns)
    assert {"b3-b2", "a1"} <= {a for t in turns for a in t["actions"]}
    results = [json.dumps(t["result"], sort_keys=True) for t in turns]
    assert len(results) == len(set(results))


def test_one_answer_line_per_input_line() -> None:
    other = dict(EXAMPLE, to_move="B")
    done = run("perft", "1", stdin=json.dumps(EXAMPLE) + "\n" + json.dumps(other) + "\n")
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == 2 and all(line.isdigit() for line in lines)


def test_perft_two_matches_the_sum_over_children() -> None:
    turns = json.loads(run("moves", stdin=json.dumps(EXAMPLE)).stdout)["turns"]
    children = "\n".join(json.dumps(t["result"]) for t in turns if t["winner"] is None)
    child_counts = run("perft", "1", stdin=children).stdout.split()
    wins = sum(1 for t in turns if t["winner"])
    depth_two = run("perft", "2", stdin=json.dumps(EXAMPLE)).stdout.strip()
    assert int(depth_two) == wins + sum(int(n) for n in child_counts)


def test_pretty_printed_position_is_one_document() -> None:
    done = run("perft", "1", stdin=json.dumps(EXAMPLE, indent=2))
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("{oops", "json: malformed JSON"),
        (
            '{"workers": {"A": ["a1", "a1"], "B": ["e1", "e2"]}, "to_move": "A"}',
            "workers.A: two workers",
        ),
        (json.dumps(dict(EXAMPLE, gods={"A": "Odin"})), "gods.A: unknown god 'Odin'"),
        (json.dumps(dict(EXAMPLE, heights={"c3": 7})), "heights.c3: level must be 0-3"),
        (json.dumps(dict(EXAMPLE, domes=["b3"])), "workers.A: a worker cannot stand on the dome"),
        ("", "no position on stdin"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_field(stdin: str, message: str) -> None:
    done = run("moves", stdin=stdin)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


HEAVY = ("numpy", "asyncio", "fastapi", "santorini_hw.hints.search", "santorini_hw.hardware")
"""What the rules commands never need: the engine (numpy), the daemon, the board's drivers."""


@pytest.mark.parametrize("verb", ["moves", "perft"])
def test_the_rules_commands_start_without_the_engine_or_the_daemon(verb: str) -> None:
    """Every command builds all parsers; their handlers import the heavy parts, so that a
    tool calling `rules moves` per position does not wait for them (0.70 s to 0.14 s
    here; several times that on a Pi Zero 2 W)."""
    probe = (
        "import io, json, sys\n"
        "from santorini_hw.cli import main\n"
        f"sys.stdin = io.StringIO({json.dumps(json.dumps(EXAMPLE))})\n"
        f"status = main(['rules', {verb!r}, *(['1'] if {verb!r} == 'perft' else [])])\n"
        f"print(json.dumps([status, [m for m in {HEAVY!r} if m in sys.modules]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    status, loaded = json.loads(done.stdout.splitlines()[-1])
    assert status == 0 and loaded == []
