"""`memory.trim`: freed memory goes back to the system (glibc's malloc_trim)."""

from __future__ import annotations

import threading

from santorini_hw.daemon.memory import trim


def test_memory_freed_in_a_worker_thread_is_given_back() -> None:
    """What the analyst's searches do: many small objects made and dropped in a thread
    (its own allocator arena)."""

    def churn() -> None:
        garbage = [bytes(600) for _ in range(40_000)]  # 24 MB past pymalloc, in malloc
        del garbage

    worker = threading.Thread(target=churn)
    worker.start()
    worker.join()
    assert trim() is True
