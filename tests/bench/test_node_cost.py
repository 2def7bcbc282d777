"""`bench/node_cost.py`: both engines search the same positions and a line per budget."""

from __future__ import annotations

import importlib
import re

import pytest

from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS
from tests.bench.run import ROOT, bench_output


def test_the_node_cost_bench_prints_both_engines_cost_for_every_budget() -> None:
    options = ["--positions", "2", "--rounds", "1", "--budgets", "60", "90:4", "--vs", "HEAD"]
    lines = bench_output("node_cost.py", *options).splitlines()
    assert lines[0] == "2 positions (seed 1), fastest of 1 rounds each"
    figures = r" +this checkout +([\d.]+) us a node, HEAD +([\d.]+) us \(\d+ % (more|less)\); "
    first = re.fullmatch(r"60 nodes" + figures + r"(same answers|ANSWERS DIFFER)", lines[1])
    second = re.fullmatch(r"90 nodes, prior keeping 4" + figures + r".+", lines[2])
    assert first and second and len(lines) == 3
    assert all(float(value) > 0 for value in (*first.groups()[:2], *second.groups()[:2]))


def test_the_node_cost_bench_samples_positions_with_an_advanced_god_when_asked() -> None:
    options = ["--positions", "1", "--rounds", "1", "--budgets", "60", "--vs", "HEAD"]
    lines = bench_output("node_cost.py", *options, "--gods", "advanced").splitlines()
    assert lines[0] == "1 positions (seed 1, an advanced god in each), fastest of 1 rounds each"
    assert re.fullmatch(
        r"60 nodes +this checkout +[\d.]+ us a node, HEAD .+; same answers", lines[1]
    )


def test_the_sampled_positions_hold_an_advanced_god_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))  # as the script runs: its siblings
    sample_positions = importlib.import_module("node_cost").sample_positions
    positions = sample_positions(6, 2, advanced=True)
    assert len(positions) == 6
    assert all(any(god in ADVANCED_GODS for god in p.lineup.gods) for p in positions)
    assert all(all(god in SIMPLE_GODS for god in p.lineup.gods) for p in sample_positions(3, 2))
