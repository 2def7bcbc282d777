"""Commands run as a user the OS refuses things to: `nobody` when the tests run as root
(root may read and chmod anything), the tests' own user otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping

NOBODY = 65534


def run_unprivileged(
    *args: str, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m santorini_hw.cli ARGS` (from `/`), as nobody if we are root."""
    return subprocess.run(
        [sys.executable, "-m", "santorini_hw.cli", *args],
        check=False,
        capture_output=True,
        text=True,
        cwd="/",
        env={**os.environ, **(env or {})},
        preexec_fn=_drop_root if os.geteuid() == 0 else None,
        timeout=60,
    )


def _drop_root() -> None:
    os.setgid(NOBODY)
    os.setuid(NOBODY)
