"""The sensing margins with a large Monte Carlo, and how long the analysis takes.

    .venv/bin/python bench/sensing_margins.py [SAMPLES]

Prints the worker-field margins per level, the stack separation for SAMPLES cells
(20000 by default) against the command's default 2000, the candidates' table, and the
time each took: the figures behind docs/build/sensors.md.
"""

from __future__ import annotations

import sys
import time

from santorini_hw.physics.margins import format_candidates, format_margins, margins


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    for count in (2000, samples):
        start = time.perf_counter()
        report = margins(samples=count)
        elapsed = time.perf_counter() - start
        print(f"--- {count} cells: {elapsed:.2f} s")
        print(format_margins(report))
    start = time.perf_counter()
    print(format_candidates())
    print(f"--- candidates: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
