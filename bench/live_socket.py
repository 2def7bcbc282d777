"""Shared by the remote benches (`bench/remote.py`, `bench/board_to_board.py`): a live
daemon's API with the owner's token and its WebSocket, every message stamped on this
process's clock when it arrives. Not a benchmark itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

TIMEOUT = 30.0


class Socket:
    """The daemon's WebSocket, every message stamped when it arrives."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.messages: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.state: dict[str, Any] = {}

    async def read(self) -> None:
        async for text in self.connection:
            self.messages.put_nowait((time.monotonic(), json.loads(text)))

    async def until(self, wanted: Any) -> float:
        """The arrival time of the first message for which `wanted(message)` holds."""
        while True:
            arrived, message = await asyncio.wait_for(self.messages.get(), TIMEOUT)
            if message["type"] == "state":
                self.state = message["state"]
            if wanted(message):
                return arrived

    async def state_where(self, wanted: Any) -> dict[str, Any]:
        if not (self.state and wanted(self.state)):
            await self.until(lambda m: m["type"] == "state" and wanted(m["state"]))
        return self.state

    def skip(self) -> None:
        """Forget what arrived so far: only what follows counts."""
        while not self.messages.empty():
            self.messages.get_nowait()


@dataclass
class LiveBoard:
    http: httpx.AsyncClient
    socket: Socket

    async def post(self, path: str, body: object = None) -> None:
        (await self.http.post(f"/api/{path}", json=body)).raise_for_status()


@contextlib.asynccontextmanager
async def live_board(base: str, token: str) -> AsyncIterator[LiveBoard]:
    """The daemon at `base`: its API (owner's token) and its WebSocket, being read."""
    headers = {"Authorization": f"Bearer {token}"}
    host = base.removeprefix("http://")
    async with (
        httpx.AsyncClient(base_url=base, headers=headers, timeout=TIMEOUT) as http,
        connect(f"ws://{host}/api/events?token={token}") as connection,
    ):
        socket = Socket(connection)
        reader = asyncio.create_task(socket.read())
        try:
            yield LiveBoard(http, socket)
        finally:
            reader.cancel()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
