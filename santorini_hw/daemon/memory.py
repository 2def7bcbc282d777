"""Hand the memory the C allocator keeps free back to the system.

A finished game's review runs hundreds of searches in worker threads, and glibc keeps
what they free in its arenas: the daemon's resident size crept up by a megabyte or two
an hour of play while Python's own objects stayed flat (`bench/soak.py` samples both).
`malloc_trim(0)` releases the free pages of every arena. It is glibc's (Raspberry Pi OS,
Debian); where the C library has none (musl, macOS) trimming is skipped.
"""

from __future__ import annotations

import ctypes
from functools import cache
from typing import Any


@cache
def _malloc_trim() -> Any:
    return getattr(ctypes.CDLL(None), "malloc_trim", None)


def trim() -> bool | None:
    """True if pages went back to the system, False if none could, None without glibc."""
    malloc_trim = _malloc_trim()
    if malloc_trim is None:
        return None
    return bool(malloc_trim(0))
