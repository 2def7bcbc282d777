"""The MQTT link's bounded queue: what waits for the broker, in order, never unbounded.

A retained message (state, availability, discovery) replaces the one waiting for the
same topic, since only the latest counts, and moves to the end so it follows the events
before it. When the queue is full the oldest event (a non-retained message) is dropped
and counted; retained ones are never dropped, and there are only a few topics of them.

>>> box = Outbox(2)
>>> for text in ("e1", "e2", "e3"):
...     box.put(Message("b/event", text))
>>> [m.payload for m in box.pending()], box.dropped
(['e2', 'e3'], 1)
"""

from __future__ import annotations

import asyncio
from collections import deque

from santorini_hw.daemon.mqtt.messages import Message


class Outbox:
    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"an outbox holds at least one message, not {size}")
        self.size = size
        self.dropped = 0
        self._queue: deque[Message] = deque()
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return len(self._queue)

    def put(self, message: Message) -> None:
        if message.retain:
            for waiting in self._queue:
                if waiting.retain and waiting.topic == message.topic:
                    self._queue.remove(waiting)
                    break
        self._queue.append(message)
        if len(self._queue) > self.size:
            oldest = next((m for m in self._queue if not m.retain), None)
            if oldest is not None:
                self._queue.remove(oldest)
                self.dropped += 1
        self._ready.set()

    async def peek(self) -> Message:
        """The next message, left in place until `done` (a failed send is retried)."""
        while not self._queue:
            self._ready.clear()
            await self._ready.wait()
        return self._queue[0]

    def done(self, message: Message) -> None:
        """`message` reached the broker (unless a newer one already replaced it)."""
        if self._queue and self._queue[0] is message:
            self._queue.popleft()

    def pending(self) -> list[Message]:
        return list(self._queue)
