"""`bench/node_cost.py`: both engines search the same positions and a line per budget."""

from __future__ import annotations

import re

from tests.bench.run import bench_output


def test_the_node_cost_bench_prints_both_engines_cost_for_every_budget() -> None:
    options = ["--positions", "2", "--rounds", "1", "--budgets", "60", "90:4", "--vs", "HEAD"]
    lines = bench_output("node_cost.py", *options).splitlines()
    assert lines[0] == "2 positions (seed 1), fastest of 1 rounds each"
    figures = r" +this checkout +([\d.]+) us a node, HEAD +([\d.]+) us \(\d+ % (more|less)\); "
    first = re.fullmatch(r"60 nodes" + figures + r"(same answers|ANSWERS DIFFER)", lines[1])
    second = re.fullmatch(r"90 nodes, prior keeping 4" + figures + r".+", lines[2])
    assert first and second and len(lines) == 3
    assert all(float(value) > 0 for value in (*first.groups()[:2], *second.groups()[:2]))
