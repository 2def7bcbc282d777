"""The C allocator held to a fixed large-block threshold, so that memory stays flat in play.

glibc serves a block of 128 KiB or more with its own ``mmap`` and returns it on free,
but it raises that threshold to the size of each such block freed (up to 32 MiB): after
the hint table's dict (several MB; the table is flat arrays now) was rebuilt once, every
later rebuild came from the heap, whose freed holes the next, slightly larger table
could not reuse. The daemon's RSS
then climbed in steps of 2-3 MB as hints were asked (issue 32: in process, 1,400 hints
took RSS from 29 to 58 MB; with the threshold fixed, 34-36 MB throughout). Setting the
threshold once (``mallopt(M_MMAP_THRESHOLD)``) also turns the adjustment off.

Other C libraries (musl) have no ``mallopt``: nothing is done there.
"""

from __future__ import annotations

import ctypes
import logging

M_MMAP_THRESHOLD = -3
"""glibc's `mallopt` parameter number (malloc.h)."""
MMAP_THRESHOLD = 128 * 1024
"""glibc's own starting value: blocks this large or larger are mapped, and unmapped."""

_log = logging.getLogger(__name__)


def fix_mmap_threshold(threshold: int = MMAP_THRESHOLD) -> bool:
    """Fix glibc's mmap threshold at `threshold` bytes; False where there is no glibc."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        _log.info("no glibc mallopt: the allocator keeps its own thresholds")
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, threshold))
