"""The state directory and the journal are the daemon user's alone, with or without systemd.

systemd's ``StateDirectoryMode=0700`` covers the installed service; a daemon started
by hand (``santorini-hw run``) gets the same here: the directory 0700, the journal and
its WAL files 0600 (SQLite gives the WAL files the database file's mode, so the
database is created 0600 before SQLite first opens it).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

JOURNAL_SIDES = ("-wal", "-shm", "-journal")


def private_directory(path: Path) -> None:
    """Create `path` (0700), or take the group's and others' access away from it."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    _restrict(path, 0o700)


def private_database(path: Path) -> None:
    """Create the journal file 0600 if it is missing; make it and its WAL files 0600."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for file in (path, *(path.with_name(path.name + side) for side in JOURNAL_SIDES)):
        if file.exists():
            _restrict(file, 0o600)


def _restrict(path: Path, mode: int) -> None:
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(mode)
