"""Scene + time -> pixel frame: one RGB drive level per pixel, in strip order.

Rendering is a pure function of the marks and their ages, so blinking is testable
without sleeping. Every frame is built from scratch, starting dark: a cell without a
mark is dark, never left as it was. Colours go through the palette, the gamma table
with the brightness setting, the per-cell pixel map of hardware/board.toml and,
last, the current cap.

>>> from santorini_hw.hardware.config import PixelMap
>>> from santorini_hw.lights.scenes import Element, Mark, Scene
>>> renderer = Renderer(PixelMap(1, serpentine=True, rotation=0), brightness=1.0, budget_ma=1500)
>>> frame = renderer.render(Scene().with_mark("a2", Mark(Element.BUILD)), age=0.0)
>>> [pixel for pixel, colour in enumerate(frame) if colour != (0, 0, 0)], frame[9]
([9], (255, 255, 255))
"""

from __future__ import annotations

from collections.abc import Sequence

from santorini_hw.hardware.config import Lights, PixelMap
from santorini_hw.lights.palette import (
    DARK,
    DEFAULT_GAMMA,
    DEFAULT_PALETTE,
    RGB,
    Palette,
    cap_current,
    drive_table,
)
from santorini_hw.lights.scenes import Mark, Scene
from santorini_hw.rules.cells import CELL_COUNT

Frame = tuple[RGB, ...]


class Renderer:
    """Turns composed marks into frames for one strip layout and output setting."""

    def __init__(
        self,
        pixel_map: PixelMap,
        *,
        brightness: float,
        budget_ma: float,
        gamma: float = DEFAULT_GAMMA,
        palette: Palette = DEFAULT_PALETTE,
    ) -> None:
        self.pixel_count = pixel_map.pixel_count
        self.budget_ma = budget_ma
        self.palette = palette
        self._pixels = tuple(pixel_map.pixels_of(cell) for cell in range(CELL_COUNT))
        self._drive = drive_table(brightness, gamma)

    @classmethod
    def from_config(cls, lights: Lights, palette: Palette = DEFAULT_PALETTE) -> Renderer:
        """A renderer for the `[lights]` section of the board config."""
        return cls(
            lights.map, brightness=lights.brightness, budget_ma=lights.budget_ma, palette=palette
        )

    @property
    def dark_frame(self) -> Frame:
        return (DARK,) * self.pixel_count

    def render(self, scene: Scene, age: float) -> Frame:
        """The frame of `scene` when all its marks appeared `age` seconds ago."""
        return self.render_marks(scene.composed(), (age,) * CELL_COUNT)

    def render_marks(self, marks: Sequence[Mark | None], ages: Sequence[float]) -> Frame:
        """The frame of one mark (or None: dark) per cell, each `ages[cell]` seconds old."""
        frame = [DARK] * self.pixel_count
        drive = self._drive
        for cell, mark in enumerate(marks):
            if mark is None:
                continue
            red, green, blue = self.palette.look(mark).colour(ages[cell])
            colour = (drive[red], drive[green], drive[blue])
            for pixel in self._pixels[cell]:
                frame[pixel] = colour
        return cap_current(frame, self.budget_ma)

    def next_change(self, marks: Sequence[Mark | None], ages: Sequence[float]) -> float | None:
        """Seconds until the frame of these marks may next change (0: it changes
        continuously), or None if it is steady."""
        delays = [
            change - ages[cell]
            for cell, mark in enumerate(marks)
            if mark is not None
            and (change := self.palette.look(mark).pattern.next_change(ages[cell])) is not None
        ]
        return min(delays, default=None)
