"""The daemon's allocator setting keeps memory flat over an evening of hints (issue 32):
with glibc's adjusting mmap threshold, each rebuild of the hint table came from the heap
and RSS climbed in steps (measured 35.5 to 48.7 MB from hint 300 to 1,000 of a child
process asking them in worker threads, as the daemon does); fixed, 34.7 to 36.5 MB."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from santorini_hw.daemon.allocator import fix_mmap_threshold

ROOT = Path(__file__).resolve().parents[2]
HINTS = 1_000
GROWTH_MB = 5.0


def test_glibc_takes_the_threshold() -> None:
    assert fix_mmap_threshold()


def test_hint_after_hint_the_daemons_memory_stays_flat() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.daemon.hint_memory_child", str(HINTS), "fixed"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    filled, end = (float(line) for line in done.stdout.split())
    assert end - filled < GROWTH_MB, (filled, end)
