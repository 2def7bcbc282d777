"""The board link's task: its own broker connection, and the board's events as its cue.

`BoardLink.run` follows the daemon's `EventHub` (anything that happened on the board:
a turn accepted, a turn carried out, an undo, a new game) and keeps a connection to the
broker subscribed to the pair's topics (`pairing.py`). Each cue and each message from
the pair goes to `BoardSync.sync`, in the daemon's loop, so the board is never touched
from another thread. What the link publishes waits in a bounded `Outbox` while the
broker is away (the log, retained, keeps only its latest); after every reconnect the
log is published again.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

import aiomqtt

from santorini_hw.clock import SystemClock
from santorini_hw.daemon.board_link.board_sync import BoardSync, LinkHost
from santorini_hw.daemon.board_link.pairing import Pairing
from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.mqtt.config import MqttConfig
from santorini_hw.daemon.mqtt.outbox import Outbox
from santorini_hw.daemon.mqtt.session import TIMEOUT, BrokerSession, connected

_log = logging.getLogger(__name__)

OUTBOX_SIZE = 100
QUIET = 1.0
"""Seconds without a dropped message after which a flood counts as over: the pair's
retained game is then asked for again (it may have been among the dropped)."""
_PIXELS = '{"type":"pixels"'
FAILED = "the pair's game could not be followed"
"""Pixel frames say nothing about the game: skipped without parsing."""


class BoardLink(BrokerSession):
    name = "board link"

    def __init__(
        self,
        config: MqttConfig,
        pairing: Pairing,
        host: LinkHost,
        hub: EventHub,
    ) -> None:
        super().__init__(config, None, asyncio.sleep, TIMEOUT)
        self._hub = hub
        self.outbox = Outbox(OUTBOX_SIZE)
        self._clock = SystemClock()
        self.sync = BoardSync(pairing, host, self.outbox.put, self._clock)
        self.counters["published"] = 0

    def health(self) -> dict[str, Any]:
        """/api/health's and the state's `board_link` (numbers: /metrics)."""
        return {
            **self.sync.report(),
            "status": self.status,
            "connected": self.status == "connected",
            "error": self.error,
            "queued": len(self.outbox),
            "dropped_total": self.outbox.dropped,
            **{f"{name}_total": count for name, count in self.counters.items()},
        }

    async def run(self) -> None:
        """Follow the board and keep the broker connected, until cancelled."""
        async with asyncio.TaskGroup() as tasks:
            tasks.create_task(self._follow())
            tasks.create_task(self._connect_forever())

    async def _follow(self) -> None:
        """A look at the game after anything happened on the board (pixels aside)."""
        self._guarded(self.sync.sync, FAILED)
        async for text in self._hub.follow():
            if text is None or not text.startswith(_PIXELS):
                self._guarded(self.sync.sync, FAILED)

    async def _session(self) -> None:
        paired = self.sync.pairing.paired
        async with connected(self.config, self._timeout) as client:
            for topic in (paired.link_game, paired.link_turn, paired.availability):
                await client.subscribe(topic, qos=1)
            self._connected()
            self._guarded(self.sync.republish, FAILED)
            async with asyncio.TaskGroup() as tasks:
                tasks.create_task(self._send(client))
                tasks.create_task(self._receive(client))
                tasks.create_task(self._repair(client))

    async def _send(self, client: aiomqtt.Client) -> None:
        while True:
            message = await self.outbox.peek()
            await client.publish(message.topic, message.payload, message.qos, message.retain)
            self.counters["published"] += 1
            self.outbox.done(message)

    async def _repair(self, client: aiomqtt.Client) -> None:
        """After a flood, subscribe to the pair's game again: the broker sends its
        retained log anew (MQTT resends retained messages on every subscribe)."""
        sync = self.sync
        repaired = sync.flood
        while True:
            await self._sleep(QUIET)
            dropped_at = sync.flood_at
            if sync.flood == repaired or dropped_at is None:
                continue
            if self._clock.monotonic() - dropped_at >= QUIET:
                repaired = sync.flood
                await client.subscribe(self.sync.pairing.paired.link_game, qos=1)

    async def _receive(self, client: aiomqtt.Client) -> None:
        async for message in client.messages:
            payload = message.payload
            data = payload if isinstance(payload, bytes | str) else str(payload)
            receive = functools.partial(self.sync.receive, str(message.topic), data)
            self._guarded(receive, FAILED)
