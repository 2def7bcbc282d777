"""Scene updates in, frames on a strip out: coalesced, rate-limited, never stale.

`Compositor` is the pure core, driven by explicit times (a `ManualClock` in tests and
the simulator): `update(scene)` as often as the referee likes, `tick(now)` to get the
frame to write, if any. It renders at most `max_fps` frames per second; between two
renders the newest scene wins and the ones before it are never shown. A scene that
arrives after a quiet spell is rendered at the very next tick. Ticks are needed only
while something blinks or pulses (`next_deadline`), and a frame identical to the one
on the strip is not written again.

A mark that stays on its cell across scene updates keeps its phase (an error does not
restart its blinking because a hint appeared elsewhere); a new mark starts at the
start of its pattern, so it shows at once.

`LightsOutput` wraps it for the daemon's asyncio loop and writes to a `PixelStrip`.

>>> from santorini_hw.hardware.config import PixelMap
>>> from santorini_hw.lights.scenes import Element, Mark, Scene
>>> renderer = Renderer(PixelMap(1, serpentine=False, rotation=0), brightness=1, budget_ma=1500)
>>> compositor = Compositor(renderer)
>>> compositor.tick(0.0) == renderer.dark_frame  # clears whatever the strip powered up with
True
>>> compositor.update(Scene().with_mark("a1", Mark(Element.BUILD)))
>>> compositor.tick(0.01) is None, compositor.next_deadline()  # 30 frames/s at most
(True, 0.03333333333333333)
>>> compositor.tick(0.04)[0]
(255, 255, 255)
"""

from __future__ import annotations

import math

from santorini_hw.clock import Alarm, Clock
from santorini_hw.lights.frames import Frame, Renderer
from santorini_hw.lights.scenes import Layer, Scene
from santorini_hw.lights.strips import PixelStrip
from santorini_hw.rules.cells import CELL_COUNT

DEFAULT_MAX_FPS = 30.0


class Compositor:
    """The newest scene, rendered on demand at a bounded frame rate."""

    def __init__(self, renderer: Renderer, *, max_fps: float = DEFAULT_MAX_FPS) -> None:
        if max_fps <= 0:
            raise ValueError(f"max_fps must be positive, not {max_fps}")
        self.renderer = renderer
        self._interval = 1 / max_fps
        self._pending: Scene | None = Scene()  # the first frame is dark, whatever came before
        self._marks: Layer = (None,) * CELL_COUNT
        self._since = [0.0] * CELL_COUNT
        self._last_render = -math.inf
        self._changes_at: float | None = None
        self._written: Frame | None = None

    def update(self, scene: Scene) -> None:
        """Show `scene` from the next frame on, replacing any scene not yet shown."""
        self._pending = scene

    def next_deadline(self) -> float | None:
        """When `tick` next has work (at or before now: at once), or None until `update`."""
        earliest = self._last_render + self._interval
        if self._pending is not None:
            return earliest
        if self._changes_at is None:
            return None
        return max(earliest, self._changes_at)

    def tick(self, now: float) -> Frame | None:
        """The frame to write at `now`, or None when the strip already shows the right one."""
        deadline = self.next_deadline()
        if deadline is None or now < deadline:
            return None
        if self._pending is not None:
            marks = self._pending.composed()
            for cell, (old, new) in enumerate(zip(self._marks, marks, strict=True)):
                if old != new:
                    self._since[cell] = now
            self._marks, self._pending = marks, None
        ages = [now - since for since in self._since]
        frame = self.renderer.render_marks(self._marks, ages)
        delay = self.renderer.next_change(self._marks, ages)
        self._last_render = now
        self._changes_at = None if delay is None else now + delay
        if frame == self._written:
            return None
        self._written = frame
        return frame


class LightsOutput:
    """A `Compositor` writing to a strip: stepped by hand, or run as an asyncio task.

    Call `show` from the event loop's thread (other threads: `loop.call_soon_threadsafe`).
    Writing a frame is a short blocking call (about 1 ms for 25 WS2812s on SPI, one
    queued serial frame for the bridge), so it is done inline.
    """

    def __init__(self, compositor: Compositor, strip: PixelStrip, clock: Clock) -> None:
        if strip.pixel_count != compositor.renderer.pixel_count:
            raise ValueError(
                f"the strip has {strip.pixel_count} pixels, the pixel map "
                f"{compositor.renderer.pixel_count}"
            )
        self._compositor = compositor
        self._strip = strip
        self._clock = clock
        self._alarm = Alarm()

    def show(self, scene: Scene) -> None:
        self._compositor.update(scene)
        self._alarm.ring()

    def step(self) -> float | None:
        """Write the frame due now, if any; return when to step next (None: after `show`)."""
        frame = self._compositor.tick(self._clock.monotonic())
        if frame is not None:
            self._strip.show(frame)
        return self._compositor.next_deadline()

    async def run(self) -> None:
        """Keep the strip up to date until cancelled; then leave it dark."""
        try:
            while True:
                deadline = self.step()
                timeout = None if deadline is None else deadline - self._clock.monotonic()
                if timeout is None or timeout > 0:
                    await self._alarm.sleep(timeout)
        finally:
            self._strip.show(self._compositor.renderer.dark_frame)
