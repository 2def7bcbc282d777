"""The optional MQTT link: the board's state and events to a broker, and its buttons back.

`MqttLink.run` follows the daemon's `EventHub` (the stream the WebSocket clients get)
into a bounded `Outbox`, and, apart from that, keeps a connection to the broker: on each
connect it sends `online` (the last will says `offline`), the Home Assistant discovery
configs, the current state, then whatever waits in the outbox. A broker that is down,
slow or refusing costs the board nothing: the hub never waits, the outbox drops its
oldest events when full (and counts them), and the link retries with a doubling delay.
After every reconnect the retained topics are sent again, so a broker restarted
without persistence gets the board's state back. `health()` is its report for
/api/health and /metrics.

Commands (`hint`, `done`, `new_game`) are taken only when enabled, only on the board's
own command topic and never retained (a retained command would replay on reconnect);
they go where the board's own buttons go, so they act exactly like them.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiomqtt

from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.mqtt.config import MqttConfig
from santorini_hw.daemon.mqtt.ha_discovery import COMMANDS, discovery_messages
from santorini_hw.daemon.mqtt.messages import (
    Message,
    availability_message,
    event_message,
    state_message,
)
from santorini_hw.daemon.mqtt.outbox import Outbox
from santorini_hw.daemon.mqtt.session import TIMEOUT, Backoff, BrokerSession, connected

_log = logging.getLogger(__name__)

OUTBOX_SIZE = 200
"""Messages that may wait for the broker before the oldest events are dropped."""
_PIXELS = '{"type":"pixels"'
UNPUBLISHED = "a message could not be published"
"""Pixel frames are the page's business (and frequent): skipped without parsing."""


class MqttLink(BrokerSession):
    def __init__(
        self,
        config: MqttConfig,
        hub: EventHub,
        state: Callable[[], dict[str, Any]],
        presses: asyncio.Queue[str],
        holds: asyncio.Queue[str],
        *,
        outbox_size: int = OUTBOX_SIZE,
        backoff: Backoff | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        timeout: float = TIMEOUT,
    ) -> None:
        super().__init__(config, backoff, sleep, timeout)
        self._hub = hub
        self._state = state
        self._presses, self._holds = presses, holds
        self.outbox = Outbox(outbox_size)
        self.counters |= {"published": 0, "commands": 0}
        self.rejected = 0
        self.hub_drops = 0
        self._events = 0
        self._last_state: str | None = None

    # -- reports ---------------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        """/api/health's `mqtt`; its numbers are /metrics' `santorini_mqtt_*`."""
        return {
            "broker": self.config.broker.url,
            "prefix": self.config.topics.prefix,
            "status": self.status,
            "connected": self.status == "connected",
            "error": self.error,
            "queued": len(self.outbox),
            "dropped_total": self.outbox.dropped,
            "hub_drops_total": self.hub_drops,
            "commands_rejected_total": self.rejected,
            **{f"{name}_total": count for name, count in self.counters.items()},
        }

    # -- the task --------------------------------------------------------------------------
    async def run(self) -> None:
        """Follow the board and keep the broker connected, until cancelled."""
        async with asyncio.TaskGroup() as tasks:
            tasks.create_task(self._follow())
            tasks.create_task(self._connect_forever())

    async def _follow(self) -> None:
        """The hub's messages into the outbox (never waits on the broker)."""
        self._guarded(self._put_current_state, UNPUBLISHED)
        async for text in self._hub.follow():
            if text is None:  # the hub dropped us: events were lost, the state is not
                self.hub_drops += 1
                self._guarded(self._put_current_state, UNPUBLISHED)
            elif not text.startswith(_PIXELS):
                take = functools.partial(self._take, text)
                self._guarded(take, UNPUBLISHED)

    def _take(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "event":
            self._events += 1
            self.outbox.put(event_message(self.config.topics, message["event"], self._events))
        elif message["type"] == "state":
            self._put_state(message["state"])

    def _put_current_state(self) -> None:
        self._put_state(self._state())

    def _put_state(self, state: dict[str, Any]) -> None:
        """The retained state, when it says something new (mid-scan changes often don't)."""
        message = state_message(self.config.topics, state)
        if message.payload != self._last_state:
            self._last_state = message.payload
            self.outbox.put(message)

    async def _session(self) -> None:
        will = availability_message(self.config.topics, online=False)
        async with connected(self.config, self._timeout, will) as client:
            try:
                await self._announce(client)
                async with asyncio.TaskGroup() as tasks:
                    tasks.create_task(self._send(client))
                    tasks.create_task(self._receive(client))
            except asyncio.CancelledError:
                await self._goodbye(client)
                raise

    async def _announce(self, client: aiomqtt.Client) -> None:
        """Online, discovery and the current state go first; then the command topic."""
        config = self.config
        await self._publish(client, availability_message(config.topics, online=True))
        if config.discovery:
            for message in discovery_messages(config.topics, config.commands):
                await self._publish(client, message)
        self._last_state = None
        self._put_current_state()
        if config.commands:
            await client.subscribe(config.topics.command, qos=1)
        self._connected()

    async def _send(self, client: aiomqtt.Client) -> None:
        while True:
            message = await self.outbox.peek()
            await self._publish(client, message)
            self.outbox.done(message)

    async def _publish(self, client: aiomqtt.Client, message: Message) -> None:
        await client.publish(message.topic, message.payload, message.qos, message.retain)
        self.counters["published"] += 1

    async def _receive(self, client: aiomqtt.Client) -> None:
        """Commands, if subscribed; ends with MqttError when the connection drops."""
        async for message in client.messages:
            self.command(str(message.topic), message.payload, retained=message.retain)

    def command(self, topic: str, payload: Any, *, retained: bool) -> bool:
        """One message from the broker: a button of the board, or a logged refusal."""
        text = payload.decode(errors="replace") if isinstance(payload, bytes) else str(payload)
        name = text.strip().lower()
        reason = None
        if not self.config.commands or topic != self.config.topics.command:
            reason = "not the board's command topic, or commands are off"
        elif retained:
            reason = "retained (a command is taken once, when sent)"
        elif name not in COMMANDS:
            reason = f"unknown command (known: {', '.join(COMMANDS)})"
        if reason is not None:
            self.rejected += 1
            _log.warning("MQTT: command %r on %s ignored: %s", text[:40], topic, reason)
            return False
        self.counters["commands"] += 1
        if name == "new_game":
            self._holds.put_nowait("new_game")  # done's long press: the same lineup again
        else:
            self._presses.put_nowait(name)
        return True

    async def _goodbye(self, client: aiomqtt.Client) -> None:
        """A clean stop says `offline` itself (the will is only for an unclean end)."""
        try:
            offline = availability_message(self.config.topics, online=False)
            await asyncio.wait_for(self._publish(client, offline), 1.0)
        except (aiomqtt.MqttError, TimeoutError, OSError):
            _log.warning("MQTT: could not say offline on the way out")
