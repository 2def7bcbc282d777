"""`bench/soak.py --engine LEVEL`: the soak's hands carry out the engine's placements and
turns as a real daemon shows them, and its figures come back."""

from __future__ import annotations

import json

from tests.bench.run import bench_output


def test_the_soak_plays_against_the_engines_seat_and_samples_the_daemon() -> None:
    options = ["--minutes", "1.5", "--turns", "2", "--every", "2", "--warm-up", "0", "--json"]
    result = json.loads(bench_output("soak.py", "--engine", "1", *options, timeout=120))
    play = result["play"]
    assert result["engine"] == 1
    assert play["turns"] == 2 and play["engine_turns"] == 2  # its placement and its first turn
    assert play["resets"] == 0 and play["refused"] == [] and play["abandoned"] == []
    assert result["summary"] == {**play, "abandoned": []}  # the counts, no states
    assert len(result["samples"]) >= 2  # one at the start, one at the end
    assert all(sample["scan_errors"] == 0 for sample in result["samples"])
