"""The `/api/events` WebSocket: one client's stream of the hub's messages.

A handler that only awaited its queue would never notice a client that left or a
server that stops (uvicorn waits for every handler on exit, and a quiet board puts
nothing on the queue). So each connection runs two tasks and ends when either does:
the pump (queue -> socket) and the listener (socket -> nothing, until the close).
The hub's `close` at shutdown ends every pump with close code 1001 (going away).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from santorini_hw.daemon.event_hub import EventHub, Subscriber

SEND_TIMEOUT = 5.0
"""Seconds a WebSocket send may take before the client counts as gone."""
DROPPED = 1013
"""Close code for a client that fell too far behind ("try again later")."""
GOING_AWAY = 1001
"""Close code when the daemon stops."""


async def stream_events(
    socket: WebSocket, hub: EventHub, state: Callable[[], dict[str, Any]]
) -> None:
    """Send the state, then every message of the hub, until the client or the hub ends."""
    await socket.accept()
    subscriber = hub.subscribe()
    tasks = {
        asyncio.create_task(_pump(socket, subscriber, state)),
        asyncio.create_task(_until_closed(socket)),
    }
    try:
        _, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for task in tasks:
            task.cancel()
        hub.unsubscribe(subscriber)
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # closed already
            await socket.close()


async def _pump(socket: WebSocket, subscriber: Subscriber, state: Callable[[], Any]) -> None:
    first = json.dumps({"type": "state", "state": state()})
    try:
        await asyncio.wait_for(socket.send_text(first), SEND_TIMEOUT)
        while (text := await subscriber.queue.get()) is not None:
            await asyncio.wait_for(socket.send_text(text), SEND_TIMEOUT)
        if subscriber.dropped:
            await socket.close(code=DROPPED, reason="too slow: dropped")
        else:
            await socket.close(code=GOING_AWAY, reason="the daemon stops")
    except (WebSocketDisconnect, TimeoutError, RuntimeError, OSError):
        return


async def _until_closed(socket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it disconnects."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (await socket.receive())["type"] != "websocket.disconnect":
            pass
