"""The board's buttons as two endless tasks of the service: presses and long presses,
each handled on the event loop; one that fails is logged and counted, never fatal.

`BoardService` mixes `ButtonLoops` in and starts both in its task group.
"""

from __future__ import annotations

import logging
from typing import Protocol

from santorini_hw.hardware.board import BoardHardware

_log = logging.getLogger("santorini_hw.daemon.service")


class _Host(Protocol):
    hardware: BoardHardware
    counters: dict[str, int]

    def press(self, button: str) -> None: ...

    def hold(self, action: str) -> None: ...

    def _failed(self, command: str, error: ValueError) -> None: ...


class ButtonLoops:
    async def _press_loop(self: _Host) -> None:
        while True:
            button = await self.hardware.presses.get()
            try:
                self.press(button)
            except ValueError as error:  # a board button has nobody to answer
                self._failed(button, error)
            except Exception:  # never let one press take the board down
                _crashed(self, f"press {button}")

    async def _hold_loop(self: _Host) -> None:
        while True:
            action = await self.hardware.holds.get()
            try:
                self.hold(action)
            except Exception:
                _crashed(self, f"hold {action}")


def _crashed(host: _Host, what: str) -> None:
    _log.exception("%s failed; the board goes on", what)
    host.counters["command_errors"] += 1
