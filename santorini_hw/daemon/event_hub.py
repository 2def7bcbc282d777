"""Fan-out of the daemon's messages to WebSocket clients, none of which may slow the board.

Each subscriber has a bounded queue. `publish` never waits: a message is serialised once
and put on every queue; a client whose queue is full has fallen too far behind and is
dropped (its queue gets `None` after being emptied, which tells its sender to close).
`close` (the daemon stops) does the same to every client, and to any that comes later.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any


class Subscriber:
    def __init__(self, size: int) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(size)
        self.dropped = False


class EventHub:
    def __init__(self, queue_size: int = 256) -> None:
        self.queue_size = queue_size
        self._subscribers: set[Subscriber] = set()
        self.published = 0
        self.dropped_clients = 0
        self.closed = False

    @property
    def clients(self) -> int:
        return len(self._subscribers)

    def subscribe(self) -> Subscriber:
        subscriber = Subscriber(self.queue_size)
        if self.closed:
            subscriber.queue.put_nowait(None)
        else:
            self._subscribers.add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.discard(subscriber)

    async def follow(self) -> AsyncIterator[str | None]:
        """Every message, as a subscriber of its own (the daemon's links): None after
        it fell behind and was dropped (subscribed again: what it missed is lost);
        ends when the hub closes."""
        subscriber = self.subscribe()
        try:
            while True:
                text = await subscriber.queue.get()
                if text is None:
                    if self.closed:
                        return
                    subscriber = self.subscribe()
                yield text
        finally:
            self.unsubscribe(subscriber)

    def publish(self, message: dict[str, Any]) -> None:
        """Queue `message` (JSON-serialisable) for every client; drop the ones that lag."""
        if not self._subscribers:
            return
        text = json.dumps(message, separators=(",", ":"))
        self.published += 1
        for subscriber in list(self._subscribers):
            try:
                subscriber.queue.put_nowait(text)
            except asyncio.QueueFull:
                self._drop(subscriber)

    def close(self) -> None:
        """The daemon stops: every client's sender ends (close code "going away")."""
        self.closed = True
        for subscriber in list(self._subscribers):
            self._end(subscriber)

    def _drop(self, subscriber: Subscriber) -> None:
        subscriber.dropped = True
        self.dropped_clients += 1
        self._end(subscriber)

    def _end(self, subscriber: Subscriber) -> None:
        self._subscribers.discard(subscriber)
        while not subscriber.queue.empty():
            subscriber.queue.get_nowait()
        subscriber.queue.put_nowait(None)
