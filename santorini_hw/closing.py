"""`with` / `async with` for objects that own a resource (pins, ports, files, sockets).

Every such object closes the same way, so the context-manager methods live here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Self


class Closing(ABC):
    """`with obj:` closes `obj` on the way out."""

    @abstractmethod
    def close(self) -> None:
        """Release what the object owns; safe to call twice."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncStartStop(ABC):
    """`async with obj:` starts `obj` (in the running loop) and awaits its closing."""

    @abstractmethod
    def start(self) -> None:
        """Begin work in the running event loop."""

    @abstractmethod
    async def aclose(self) -> None:
        """Stop and release everything."""

    async def __aenter__(self) -> Self:
        self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
