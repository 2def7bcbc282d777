"""Long presses of the board buttons: hold done for "new game", hold undo for "adopt the
board as it is", hold hint for "the board as a menu".

`HoldTimer` is the pure logic on an injected clock: a button pressed at t and still
down at t + `hold_s` is held, once per press. gpiozero's own `hold_time` runs on a real
thread, which neither the simulator's manual clock nor the tests can step, so the timing
lives here and `ButtonHolds` only feeds it the edges of `BoardButtons`' gpiozero
inputs (chaining after the short-press callback, which stays as it is).

A long press starts as a short one: "done", "undo" or "hint" is reported at the press,
then the hold action. Every hold action supersedes what the short press did (a new game
replaces the turn just ended; adopting the board drops the takeback just asked for; the
menu drops the hint being searched).

A hold is reported when the next `poll(now)` sees it (the daemon polls at
`next_deadline()`), or at the release at the latest.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from santorini_hw.clock import Clock
from santorini_hw.sensing.buttons import BoardButtons

HOLD_ACTIONS = {"done": "new_game", "undo": "adopt_board", "hint": "menu"}
"""Button held -> the action it asks for."""
DEFAULT_HOLD_S = 2.0
"""Long enough that no ordinary press gets there, short enough not to feel broken."""


class HoldTimer:
    """Which buttons have been held down `hold_s` seconds, from their edges and times.

    >>> timer = HoldTimer(hold_s=2.0)
    >>> timer.pressed("done", 10.0)
    >>> timer.poll(11.0), timer.next_deadline()
    ([], 12.0)
    >>> timer.poll(12.5)
    ['new_game']
    >>> timer.released("done", 13.0)
    []
    """

    def __init__(self, hold_s: float = DEFAULT_HOLD_S) -> None:
        if hold_s <= 0:
            raise ValueError(f"hold_s must be positive, not {hold_s}")
        self.hold_s = hold_s
        self._down: dict[str, float] = {}
        """Buttons down and not yet reported as held: when they went down."""

    def pressed(self, name: str, now: float) -> None:
        if name in HOLD_ACTIONS:
            self._down[name] = now

    def released(self, name: str, now: float) -> list[str]:
        """The hold action if this press was long and not yet reported."""
        actions = self.poll(now, only=name)
        self._down.pop(name, None)
        return actions

    def poll(self, now: float, *, only: str | None = None) -> list[str]:
        """Hold actions of buttons down for `hold_s` by `now`, each reported once."""
        held = [
            name
            for name, since in self._down.items()
            if now - since >= self.hold_s and only in (None, name)
        ]
        for name in held:
            del self._down[name]
        return [HOLD_ACTIONS[name] for name in held]

    def next_deadline(self) -> float | None:
        """When the next hold can be reported, None if no button is down."""
        return min(self._down.values()) + self.hold_s if self._down else None


class ButtonHolds:
    """Hold detection on `BoardButtons`' gpiozero inputs; actions go to `on_hold`
    (through `loop`, if given, as `BoardButtons` does for presses)."""

    def __init__(
        self,
        buttons: BoardButtons,
        clock: Clock,
        on_hold: Callable[[str], None],
        *,
        hold_s: float = DEFAULT_HOLD_S,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.timer = HoldTimer(hold_s)
        self._lock = threading.Lock()  # edges come from gpiozero's thread, polls from the loop
        self._clock = clock
        self._on_hold = on_hold
        self._loop = loop
        self.edges = 0
        """Edges seen so far: a scan loop that compares it knows when to ask again for
        `next_deadline()` (a press starts a hold's timer)."""
        for name in HOLD_ACTIONS:
            button = buttons.buttons[name]
            button.when_activated = _chain(button.when_activated, self._edge(name, down=True))
            button.when_deactivated = self._edge(name, down=False)

    def _edge(self, name: str, *, down: bool) -> Callable[[], None]:
        def edge() -> None:
            with self._lock:
                self.edges += 1
                now = self._clock.monotonic()
                if down:
                    self.timer.pressed(name, now)
                    return
                actions = self.timer.released(name, now)
            self._report(actions)

        return edge

    def poll(self) -> None:
        """Report the holds due now (call at `timer.next_deadline()`)."""
        with self._lock:
            actions = self.timer.poll(self._clock.monotonic())
        self._report(actions)

    def next_deadline(self) -> float | None:
        """When the next hold is due on the clock, None if no button is down."""
        with self._lock:
            return self.timer.next_deadline()

    def _report(self, actions: list[str]) -> None:
        for action in actions:
            if self._loop is None:
                self._on_hold(action)
            elif not self._loop.is_closed():
                self._loop.call_soon_threadsafe(self._on_hold, action)


def _chain(first: Callable[[], None] | None, then: Callable[[], None]) -> Callable[[], None]:
    if first is None:
        return then

    def both() -> None:
        first()
        then()

    return both
