"""How marks look, and how colours become drive levels a strip can safely be sent.

**Colours.** The default palette uses the Okabe–Ito hues, which stay distinct under the
common colour-vision deficiencies, and never tells two things apart by red against
green alone: each meaning also has its own pattern. Steady means "you may do this",
a slow blink "waiting for you" (setup, optional builds), a pulse "a suggestion" (the
hint), a blink "fix this" (errors). Blinks stay at or under 2 flashes per second, below
the 3 per second that photosensitivity guidance warns about.

**Drive levels.** Palette colours are perceptual (sRGB-like) values 0-255. A gamma table
(default gamma 2.2, the sRGB curve, so LED colours match the hues' screen colours)
maps them to linear drive levels, scaled by `brightness` (the fraction of full drive,
`[lights] brightness` in hardware/board.toml).

**Current cap.** A WS2812 draws about 20 mA per channel at full drive (60 mA at full
white) plus about 1 mA even when dark, so 25 pixels at full white need over 1.5 A.
`cap_current` scales a whole frame down (keeping its hues) to fit `[lights] budget_ma`.

>>> table = drive_table(brightness=1.0)
>>> table[0], table[128], table[255]
(0, 56, 255)
>>> frame = ((255, 255, 255),) * 25
>>> current_ma(frame) > 1500 >= current_ma(cap_current(frame, budget_ma=1500))
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from santorini_hw.lights.scenes import MAX_LEVEL, MAX_PLAYERS, PLAYER_ELEMENTS, Element, Fix, Mark

RGB = tuple[int, int, int]
DARK: RGB = (0, 0, 0)

DEFAULT_GAMMA = 2.2
MA_PER_CHANNEL = 20.0
"""Estimated current of one WS2812 channel at full drive."""
QUIESCENT_MA = 1.0
"""Estimated current of one WS2812 that shows nothing."""


@dataclass(frozen=True)
class Hue:
    """A named colour (perceptual 0-255 values); the name is what the docs call it."""

    name: str
    rgb: RGB


ORANGE = Hue("orange", (230, 159, 0))
SKY_BLUE = Hue("sky blue", (86, 180, 233))
BLUISH_GREEN = Hue("bluish green", (0, 158, 115))
YELLOW = Hue("yellow", (240, 228, 66))
BLUE = Hue("blue", (0, 114, 178))
VERMILLION = Hue("vermillion", (213, 94, 0))
REDDISH_PURPLE = Hue("reddish purple", (204, 121, 167))
WHITE = Hue("white", (255, 255, 255))
DIM_WHITE = Hue("dim white", (64, 64, 64))
OFF = Hue("off", DARK)


class Pattern(Protocol):
    """How strongly a look shows its hue over time (age: seconds since the mark appeared)."""

    @property
    def name(self) -> str: ...

    def level(self, age: float) -> float:
        """0 (background colour only) to 1 (the hue only)."""
        ...

    def next_change(self, age: float) -> float | None:
        """The age at which the level next changes; `age` itself if it changes
        continuously; None if it never does."""
        ...


@dataclass(frozen=True)
class Steps:
    """Levels held for given durations, repeated: steady lights, blinks and flashes."""

    name: str
    steps: tuple[tuple[float, float], ...]
    """(level, seconds) pairs; a mark starts at the first."""

    def _cycle(self) -> float:
        return sum(seconds for _, seconds in self.steps)

    def _locate(self, age: float) -> tuple[float, float]:
        """The level at `age` and the age at which its step ends."""
        period = self._cycle()
        start = math.floor(age / period) * period
        for level, seconds in self.steps:
            start += seconds
            if age < start:
                return level, start
        return self.steps[0][0], start + self.steps[0][1]  # rounding put age at the cycle's end

    def level(self, age: float) -> float:
        return self._locate(age)[0]

    def next_change(self, age: float) -> float | None:
        if len({level for level, _ in self.steps}) == 1:
            return None
        return self._locate(age)[1]


@dataclass(frozen=True)
class Pulse:
    """A smooth rise and fall between `low` and 1, at its peak when a mark appears.

    `lag` (a fraction of the period) delays one pulse behind another, so several
    cells can pulse one after the other.
    """

    name: str
    period: float
    low: float
    lag: float = 0.0

    def level(self, age: float) -> float:
        wave = 0.5 + 0.5 * math.cos(2 * math.pi * (age / self.period - self.lag))
        return self.low + (1 - self.low) * wave

    def next_change(self, age: float) -> float:
        return age


STEADY = Steps("steady", ((1.0, 1.0),))
SLOW_BLINK = Steps("slow blink", ((1.0, 0.6), (0.0, 0.6)))
BLINK = Steps("blink", ((1.0, 0.25), (0.0, 0.25)))
HINT_PULSES = tuple(Pulse("pulse", period=1.5, low=0.15, lag=n / 3) for n in range(3))
SLOW_PULSE = Pulse("slow pulse", period=2.5, low=0.3)
BECKON = Pulse("beckon", period=1.0, low=0.0)
"""Down to dark once a second: "do this for the seat not at the board"."""
TICK = Steps("tick", ((1.0, 0.5), (0.0, 0.5)))
"""Once a second, like a clock: the player's hue alternating with white (a change of
brightness as well as of hue, so it reads without telling colours apart)."""


FALL = Steps("fall", ((1.0, 0.3), (0.5, 0.3), (0.2, 0.3), (0.0, 0.5)))
"""Bright, dimmer, dimmer, dark: "take this off"."""
RISE = Steps("rise", ((0.2, 0.3), (0.5, 0.3), (1.0, 0.3), (0.0, 0.5)))
"""Dim, brighter, bright, dark: "put this on"."""

WINK = Steps("wink", ((1.0, 1.2), (0.0, 0.3)))
"""The player's hue with a short white wink (over white): "this one is special" (Selene's
female), unlike the tick's even halves."""
TWO_FLASHES = Steps("two flashes", ((1.0, 0.15), (0.0, 0.15), (1.0, 0.15), (0.0, 1.05)))
"""Two quick flashes, then a pause: "this changed" (Chaos' draw); at most two flashes in
any second."""


def flashes(count: int) -> Steps:
    """`count` short flashes then a pause (0: one long flash): "should be level `count`"."""
    if count == 0:
        return Steps("flashes", ((1.0, 0.8), (0.0, 0.8)))
    flash = ((1.0, 0.2), (0.0, 0.2))
    return Steps("flashes", flash * (count - 1) + ((1.0, 0.2), (0.0, 1.0)))


LEVEL_FLASHES = tuple(flashes(level) for level in range(MAX_LEVEL + 1))

PATTERNS: Mapping[Element, Pattern] = {
    Element.IDLE: STEADY,
    Element.TURN_WORKER: STEADY,
    Element.DESTINATION: STEADY,
    Element.BUILD: STEADY,
    Element.DOME_BUILD: STEADY,
    Element.SECOND_BUILD: SLOW_BLINK,
    Element.PREBUILD: SLOW_BLINK,
    Element.SETUP: SLOW_BLINK,
    Element.WINNER: SLOW_PULSE,
    Element.CLOCK_LOW: TICK,
    Element.CALIBRATE: STEADY,
    Element.SELFTEST: STEADY,
    Element.MENU_OPTION: STEADY,
    Element.MENU_SELECTED: STEADY,
    Element.MENU_PAGE: STEADY,
    Element.CARRY_PLACE: BECKON,
    Element.CARRY_WORKER: BECKON,
    Element.CARRY_MOVE: BECKON,
    Element.CARRY_BUILD: BECKON,
    Element.CARRY_DOME: BECKON,
    Element.TAKEBACK: SLOW_BLINK,
    Element.TAKE_WORKER: FALL,
    Element.PLACE_BLOCK: RISE,
    Element.TAKE_BLOCK: FALL,
    Element.BUILD_UNDER: RISE,
    Element.FERRY: SLOW_BLINK,
    Element.FEMALE: WINK,
    Element.HINT_WORKER: HINT_PULSES[0],
    Element.HINT_MOVE: HINT_PULSES[1],
    Element.HINT_BUILD: HINT_PULSES[2],
    Element.HINT_TAKE: FALL,
    Element.HINT_UNDER: RISE,
    Element.CHAOS_DRAW: TWO_FLASHES,
    Element.CHAOS_CARD: TWO_FLASHES,
    Element.BRIDGE_DOWN: SLOW_BLINK,
    Element.LINK_PROBLEM: SLOW_BLINK,
}
"""The pattern of each kind (errors take theirs from their fix): part of its meaning."""

DEFAULT_HUES: Mapping[Element, Hue] = {
    Element.IDLE: DIM_WHITE,
    Element.DESTINATION: BLUISH_GREEN,
    Element.BUILD: WHITE,
    Element.DOME_BUILD: BLUE,
    Element.SECOND_BUILD: WHITE,
    Element.PREBUILD: WHITE,
    Element.CALIBRATE: YELLOW,
    Element.SELFTEST: WHITE,
    Element.MENU_OPTION: BLUE,
    Element.MENU_SELECTED: YELLOW,
    Element.MENU_PAGE: WHITE,
    Element.TAKE_WORKER: VERMILLION,
    Element.PLACE_BLOCK: VERMILLION,
    Element.TAKE_BLOCK: WHITE,
    Element.BUILD_UNDER: WHITE,
    Element.FERRY: BLUISH_GREEN,
    Element.HINT_WORKER: REDDISH_PURPLE,
    Element.HINT_MOVE: REDDISH_PURPLE,
    Element.HINT_BUILD: REDDISH_PURPLE,
    Element.HINT_TAKE: REDDISH_PURPLE,
    Element.HINT_UNDER: REDDISH_PURPLE,
    Element.CHAOS_CARD: WHITE,
    Element.ERROR: VERMILLION,
    Element.BRIDGE_DOWN: YELLOW,
    Element.LINK_PROBLEM: VERMILLION,
}


@dataclass(frozen=True)
class Look:
    """A hue shown with a pattern over a background colour (dark unless it says)."""

    hue: Hue
    pattern: Pattern
    background: Hue = OFF

    def colour(self, age: float) -> RGB:
        level = self.pattern.level(age)
        on, off = self.hue.rgb, self.background.rgb
        red, green, blue = (round(b + (h - b) * level) for h, b in zip(on, off, strict=True))
        return red, green, blue


@dataclass(frozen=True)
class Palette:
    """Hues by player (in turn order) and by kind; patterns are fixed by `PATTERNS`."""

    players: tuple[Hue, ...] = (ORANGE, SKY_BLUE, REDDISH_PURPLE, YELLOW)
    hues: Mapping[Element, Hue] = field(default_factory=lambda: dict(DEFAULT_HUES))

    def __post_init__(self) -> None:
        if len(self.players) != MAX_PLAYERS:
            raise ValueError(f"a palette has {MAX_PLAYERS} player hues")
        missing = set(Element) - PLAYER_ELEMENTS - set(self.hues)
        if missing:
            raise ValueError(f"no hue for {', '.join(sorted(missing))}")

    def look(self, mark: Mark) -> Look:
        if mark.kind in PLAYER_ELEMENTS:
            assert mark.player is not None  # a Mark refuses a player kind without one
            over_white = mark.kind in (Element.CLOCK_LOW, Element.CARRY_DOME, Element.FEMALE)
            background = WHITE if over_white else OFF
            return Look(self.players[mark.player], PATTERNS[mark.kind], background)
        hue = self.hues[mark.kind]
        if mark.fix is Fix.PLACE_WORKER:
            background = WHITE if mark.player is None else self.players[mark.player]
            return Look(hue, BLINK, background)
        if mark.fix is Fix.REMOVE_PIECE:
            return Look(hue, BLINK)
        if mark.level is not None:
            return Look(hue, LEVEL_FLASHES[mark.level])
        return Look(hue, PATTERNS[mark.kind])


DEFAULT_PALETTE = Palette()


def drive_table(brightness: float, gamma: float = DEFAULT_GAMMA) -> tuple[int, ...]:
    """The drive level (0-255) to send for each perceptual channel value 0-255."""
    if not 0.0 <= brightness <= 1.0:
        raise ValueError(f"brightness must be 0 to 1, not {brightness}")
    if gamma <= 0:
        raise ValueError(f"gamma must be positive, not {gamma}")
    return tuple(round(255 * brightness * (value / 255) ** gamma) for value in range(256))


def current_ma(frame: Sequence[RGB]) -> float:
    """Estimated current of a strip showing `frame` (drive levels)."""
    drive = sum(sum(pixel) for pixel in frame)
    return len(frame) * QUIESCENT_MA + drive * MA_PER_CHANNEL / 255


def cap_current(frame: Sequence[RGB], budget_ma: float) -> tuple[RGB, ...]:
    """`frame` scaled down as a whole, if need be, so its estimated current fits the budget.

    Channels are rounded down, so the estimate of the result never exceeds the budget
    (unless even a dark strip would: then the frame is dark).
    """
    drawn = current_ma(frame) - len(frame) * QUIESCENT_MA
    available = budget_ma - len(frame) * QUIESCENT_MA
    if drawn <= available:
        return tuple(frame)
    scale = max(available, 0.0) / drawn
    return tuple((int(r * scale), int(g * scale), int(b * scale)) for r, g, b in frame)
