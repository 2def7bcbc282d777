"""OS-level thread names, so `top -H`, `ps -L` and /proc tell our threads apart.

Python 3.11's `threading.Thread(name=...)` names a thread for Python only: the kernel
still calls every thread "python3". A thread that calls `name_thread()` at its start
shows its name in /proc/PID/task/TID/comm (what `bench/footprint.py` reads to say
which thread is the daemon's and which the simulated hardware's).
"""

from __future__ import annotations

import contextlib
import threading

COMM_LENGTH = 15
"""The kernel keeps at most this many characters of a thread's name."""


def name_thread(name: str) -> None:
    """Give the calling thread `name` at the OS level too (Linux; elsewhere nothing)."""
    path = f"/proc/self/task/{threading.get_native_id()}/comm"
    with contextlib.suppress(OSError), open(path, "w", encoding="ascii") as comm:
        comm.write(name[:COMM_LENGTH])
