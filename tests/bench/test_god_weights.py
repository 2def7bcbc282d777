"""`bench/god_weights.py`: the engine against the engine blind to a pool of gods' own
weights, four games a seed, the openings' split and every game as JSON."""

from __future__ import annotations

import json
import re

from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS
from tests.bench.run import bench_output


def test_the_control_plays_simple_gods_on_the_linear_evaluation_and_counts_the_split() -> None:
    options = ["--nodes", "40", "--seeds", "1", "2", "--zero", "simple", "--pool", "simple"]
    lines = bench_output("god_weights.py", *options, "--linear", "--jobs", "2", "--json")
    heading, summary, split, document = lines.splitlines()
    assert heading == (
        "the engine against the engine blind to the simple gods' own weights; gods from"
        " simple; 40 nodes; the linear evaluation; seeds 1-2"
    )
    games = json.loads(document)
    records = games["records"]
    wins = sum(record["engine_won"] for record in records)
    assert len(records) == games["games"] == 8 and games["wins"] == wins
    assert summary.startswith(f"games 8: wins {wins}, losses {8 - wins} ")
    once, twice, never = map(
        int, re.fullmatch(r"openings: (\d) split, (\d) .+, (\d) .+", split).groups()
    )
    assert once + twice + never == 4 and once + 2 * twice == wins
    assert all(god in {g.value for g in SIMPLE_GODS} for r in records for god in r["gods"])
    assert [r["engine_first"] for r in records] == [True, False] * 4


def test_the_bar_draws_its_gods_from_the_pool_it_is_given() -> None:
    options = ["--nodes", "30", "--seeds", "5", "5", "--pool", "advanced", "--json"]
    heading, _, _, document = bench_output("god_weights.py", *options).splitlines()
    assert "blind to the advanced gods' own weights; gods from advanced" in heading
    assert "the shipped evaluation" in heading
    records = json.loads(document)["records"]
    assert len(records) == 4
    assert all(god in {g.value for g in ADVANCED_GODS} for r in records for god in r["gods"])
