"""A remote seat's list of legal turns, made away from the event loop, once per position.

Most lists are short, but Morpheus with many saved blocks has tens of thousands of
turns (51,345 with eight saved: 10 s of CPU here, far longer on a Pi Zero 2 W, and
megabytes of JSON). Made inside the loop, that would stop the scan loop, the lights and
every WebSocket for as long. So the route takes what the list is made from in the loop
(`TurnList`: a position is immutable) and the list is made and encoded in a worker
thread. One list is made at a time (a phone polling while it is made waits for it
instead of starting another), and the last one is kept as encoded JSON, so asking
again for the same position costs nothing.
"""

from __future__ import annotations

import asyncio
import json

from santorini_hw.seats.remote_seat import TurnList, listed

NOTHING = b"[]"
"""The list while the seat may send nothing."""


class TurnListing:
    def __init__(self) -> None:
        self._making = asyncio.Lock()
        self._last: tuple[TurnList, bytes] | None = None

    async def encoded(self, request: TurnList | None) -> bytes:
        """The JSON array of `request`'s turns (`listed`)."""
        if request is None:
            return NOTHING
        async with self._making:
            if self._last is None or self._last[0] != request:
                self._last = (request, await asyncio.to_thread(_encode, request))
            return self._last[1]


def _encode(request: TurnList) -> bytes:
    return json.dumps(listed(request), separators=(",", ":")).encode()
