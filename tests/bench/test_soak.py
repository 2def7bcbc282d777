"""`bench/soak.py --engine LEVEL`: the soak's hands carry out the engine's placements and
turns as a real daemon shows them, and its figures come back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.long
def test_the_soak_plays_against_the_engines_seat_and_samples_the_daemon() -> None:
    options = ["--minutes", "0.25", "--every", "2", "--warm-up", "0", "--engine", "1", "--json"]
    done = subprocess.run(
        [sys.executable, "bench/soak.py", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result = json.loads(done.stdout)
    play = result["play"]
    assert result["engine"] == 1
    assert play["engine_turns"] >= 1  # its placement at least: the first thing it shows
    assert play["resets"] == 0 and play["refused"] == []
    assert len(result["samples"]) >= 2
    assert all(sample["scan_errors"] == 0 for sample in result["samples"])
