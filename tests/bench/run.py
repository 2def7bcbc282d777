"""A bench script run as its user runs it: from the repository root, by this Python."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bench_output(script: str, *options: str, timeout: float = 300) -> str:
    """What `bench/<script>` prints with `options`; a non-zero exit fails the test."""
    done = subprocess.run(
        [sys.executable, f"bench/{script}", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
    )
    return done.stdout
