"""The board's push buttons (done, undo, hint) as gpiozero input devices on the config's
pins (pull-up, pressed = low, so a press is the device's activation).

A press reaches `on_press(name)`. gpiozero calls back from its own thread on a Pi (and
synchronously from `drive_low()` on mock pins), so with a `loop` the callback is moved
into that event loop. Contact bounce is filtered here on the injected clock, because
gpiozero's `bounce_time` is not simulated on mock pins: a press less than `bounce_s`
after the previous press of the same button is ignored.

They are `DigitalInputDevice`s rather than gpiozero's `Button`s: a `Button` starts a
thread that wakes ten times a second for its own `hold_time`, whether or not anything
is held (three buttons: thirty wake-ups a second of an idle board); long presses are
timed by `button_holds.py` on the injected clock instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from gpiozero import DigitalInputDevice

from santorini_hw.clock import Clock
from santorini_hw.hardware.config import Buttons

BUTTON_NAMES = ("done", "undo", "hint")


class BoardButtons:
    """One gpiozero input per name in `BUTTON_NAMES` (pull-up, pressed = low = active)."""

    def __init__(
        self,
        config: Buttons,
        clock: Clock,
        on_press: Callable[[str], None],
        *,
        loop: asyncio.AbstractEventLoop | None = None,
        bounce_s: float = 0.05,
        pin_factory: Any = None,
    ) -> None:
        self._clock = clock
        self._on_press = on_press
        self._loop = loop
        self._bounce_s = bounce_s
        self._last: dict[str, float] = {}
        self.buttons: dict[str, Any] = {}
        try:
            for name in BUTTON_NAMES:
                button = DigitalInputDevice(
                    getattr(config, name), pull_up=True, pin_factory=pin_factory
                )
                button.when_activated = self._pressed_callback(name)
                self.buttons[name] = button
        except BaseException:
            self.close()
            raise

    def _pressed_callback(self, name: str) -> Callable[[], None]:
        return lambda: self._pressed(name)

    def _pressed(self, name: str) -> None:
        now = self._clock.monotonic()
        if now - self._last.get(name, float("-inf")) < self._bounce_s:
            return
        self._last[name] = now
        if self._loop is None:
            self._on_press(name)
        elif not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._on_press, name)

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
