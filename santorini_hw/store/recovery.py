"""A damaged journal is moved aside, never deleted, and the daemon starts on a fresh one.

The ``-wal`` and ``-shm`` files move with the database: a stale WAL left beside a new
database file could be replayed into it.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from santorini_hw.store.journal import Store
from santorini_hw.store.records import EventKind
from santorini_hw.store.schema import CorruptStoreError

_log = logging.getLogger(__name__)
_COMPANIONS = ("", "-wal", "-shm", "-journal")


def quarantine(path: Path, clock: Callable[[], float] = time.time) -> Path:
    """Rename `path` (and its WAL files) to ``NAME.corrupt-YYYYmmddTHHMMSS``; returns it."""
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(clock()))
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    suffix = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{suffix}")
        suffix += 1
    for companion in _COMPANIONS:
        source = Path(f"{path}{companion}")
        if source.exists():
            os.replace(source, f"{aside}{companion}")
    _fsync_directory(path.parent)
    return aside


def open_or_recover(
    path: Path, clock: Callable[[], float] = time.time
) -> tuple[Store, Path | None]:
    """Open the journal; if it is damaged, move it aside and open a fresh one.

    Returns the store and where the damaged file went (None when nothing was wrong); the
    move is also logged and recorded as a ``store_recovered`` event in the new journal.
    A journal from a newer version (`NewerSchemaError`) is not damaged and still raises.
    """
    try:
        return Store.open(path, clock=clock), None
    except CorruptStoreError as error:
        aside = quarantine(path, clock)
        _log.error("%s; moved it to %s and started a new journal", error, aside)
        store = Store.open(path, clock=clock)
        store.append_event(EventKind.STORE_RECOVERED, {"moved_to": str(aside), "error": str(error)})
        return store, aside


def _fsync_directory(directory: Path) -> None:
    """Make the renames themselves survive a power cut."""
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
