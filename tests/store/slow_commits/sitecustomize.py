"""Slow commits for a process under test: a card whose fsync takes its time.

Put this folder first on a child process's ``PYTHONPATH`` and Python imports it at
start-up: every SQLite ``COMMIT`` of that process then waits ``SLOW_COMMITS_DELAY``
seconds before it runs, and first appends a line to ``SLOW_COMMITS_LOG`` (if set), so
that a test can kill the process while a commit is under way.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import time
from typing import Any

DELAY = float(os.environ.get("SLOW_COMMITS_DELAY", "0"))
LOG = os.environ.get("SLOW_COMMITS_LOG")


class SlowCommits(sqlite3.Connection):
    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "COMMIT":
            if LOG:
                with open(LOG, "a") as log:
                    log.write("commit\n")
            time.sleep(DELAY)
        return super().execute(sql, *args)


sqlite3.connect = functools.partial(sqlite3.connect, factory=SlowCommits)  # type: ignore[assignment]
