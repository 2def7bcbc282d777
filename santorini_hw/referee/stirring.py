"""A hand on a standing worker seen before its reading settled.

The referee believes a change of workers that the board cannot show (presence sensors
see Apollo's swap as no move) only where hands touched both cells. A hand that lifts the
opponent's worker and sets its own down in its place may do it faster than a reading
settles (80 ms from the first scan that sees it): the cell then never reads empty. Its
reading was seen moving, though: a worker's cell whose reading moved for `TOUCH_HOLD`
seconds or more counts as touched. A flicker lasts one scan and does not count.
"""

from __future__ import annotations

from santorini_hw.sensing.observation import Observation

TOUCH_HOLD = 0.04
"""Seconds a standing worker's reading must have been moving: longer than one scan of
a board at work (10-25 ms), shorter than the settle time."""


def stirred_cells(since: dict[int, float], observation: Observation) -> int:
    """The cells (a bitboard) of standing workers whose readings have moved for at least
    `TOUCH_HOLD`, as of `observation`; `since` keeps when each started moving."""
    now = observation.time
    found = 0
    for cell, seen in enumerate(observation.cells):
        start = since.get(cell)
        moving = seen.settling and seen.worker
        if moving and start is None:
            since[cell] = start = now
        elif not moving and start is not None:
            del since[cell]
        if start is not None and now - start >= TOUCH_HOLD:
            found |= 1 << cell
    return found
