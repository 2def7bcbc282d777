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


def test_closing_the_hub_ends_every_client_and_any_later_one() -> None:
    async def scenario() -> None:
        hub = EventHub(queue_size=3)
        first, second = hub.subscribe(), hub.subscribe()
        hub.publish({"n": 1})
        hub.close()
        assert await first.queue.get() is None and await second.queue.get() is None
        assert hub.clients == 0 and hub.dropped_clients == 0 and not first.dropped
        late = hub.subscribe()
        assert await late.queue.get() is None and hub.clients == 0

    asyncio.run(scenario())
