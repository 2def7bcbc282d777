"""WebSocket fan-out: every client gets every message; a lagging client is dropped."""

from __future__ import annotations

import asyncio
import json

from santorini_hw.daemon.event_hub import EventHub


def test_a_slow_client_is_dropped_and_the_others_keep_receiving() -> None:
    async def scenario() -> None:
        hub = EventHub(queue_size=3)
        fast, slow = hub.subscribe(), hub.subscribe()
        for number in range(5):
            hub.publish({"n": number})
            assert json.loads(await fast.queue.get()) == {"n": number}
        assert slow.dropped and not fast.dropped
        assert await slow.queue.get() is None  # tells its sender to close
        assert hub.clients == 1 and hub.dropped_clients == 1

    asyncio.run(scenario())
