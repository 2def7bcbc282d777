"""What the board service sends out: the mirrored strip, events and pixels as JSON, and
which settled board the page last got."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from santorini_hw.lights.strips import Pixel
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.sensing.observation import Observation


class MirroredStrip:
    """The board's strip, remembering the last frame and reporting each one written."""

    def __init__(self, strip: Any, on_frame: Callable[[tuple[Pixel, ...]], None]) -> None:
        self._strip = strip
        self.pixel_count: int = strip.pixel_count
        self.frame: tuple[Pixel, ...] = ((0, 0, 0),) * self.pixel_count
        self._on_frame = on_frame

    def show(self, pixels: Sequence[Pixel]) -> None:
        self._strip.show(pixels)
        self.frame = tuple(pixels)
        self._on_frame(self.frame)

    def close(self) -> None:
        self._strip.close()


class PublishedBoard:
    """The settled board last published: the page is sent a new state only when it changes."""

    def __init__(self) -> None:
        self._seen: tuple[int, tuple[int, ...], int] | None = None

    def changed(self, observation: Observation) -> bool:
        if not observation.settled:
            return False
        key = (observation.workers, observation.levels, observation.domes)
        if key == self._seen:
            return False
        self._seen = key
        return True


def event_json(event: RefereeEvent) -> dict[str, Any]:
    """A referee event as the API, the WebSocket and the journal show it."""
    document = asdict(event)
    document["cells"] = list(event.cells)
    return document


def pixel_hex(pixel: Pixel) -> str:
    """A pixel as the page draws it: `#rrggbb`."""
    return "#{:02x}{:02x}{:02x}".format(*pixel)
