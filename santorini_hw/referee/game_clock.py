"""The game clock, tournament style: a minute per move, then a bank per player.

Pure arithmetic on times the caller passes in (seconds on a monotonic clock), so the
daemon, the simulator and the tests drive it alike and nothing here ever sleeps.

A move's time starts at the player's first chance to act (`start`) and stops when the
referee accepts the move (`stop`). Up to `TimeControl.move` seconds of a move are free
and what is left of them is not carried over; beyond them the player's bank drains. A
player whose bank is empty loses on time (`check` names them). While the clock is held
for a reason that is not the player's fault (`hold`: bridge unplugged, a sensor fault,
an undo in progress, the menu open, the daemon down...) no time counts.

`next_deadline` says when the clock would next change what it shows (the warning in
the last `WARN_BEFORE` seconds of the minute, or the flag), so a loop that sleeps until
something changes can wake for it.

>>> clock = GameClock(TimeControl(60, 300), ("A", "B"))
>>> clock.start("A", now=0.0)
>>> clock.next_deadline(0.0), clock.warning(55.0)
(50.0, True)
>>> clock.stop(now=90.0)
>>> clock.bank_left("A", 90.0), clock.bank_left("B", 90.0)
(270.0, 300.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

WARN_BEFORE = 10.0
"""Seconds before the end of the move's minute at which the lights start warning."""
MAX_SECONDS = 86_400.0
"""The longest move time or bank accepted (a day): anything longer is a typo."""


class TimeControlError(ValueError):
    """A time control that cannot be read (the message says what is expected)."""


@dataclass(frozen=True)
class TimeControl:
    """Seconds per move (not carried over) and bank seconds per player."""

    move: float
    bank: float

    def __post_init__(self) -> None:
        if not (0 < self.move <= MAX_SECONDS and 0 <= self.bank <= MAX_SECONDS):
            raise TimeControlError(
                f"move seconds must be over 0 and bank seconds 0 or more, each at most "
                f"{MAX_SECONDS:g} (not {self.move:g}+{self.bank:g})"
            )

    def text(self) -> str:
        """The `--clock` form: ``60+300``."""
        return f"{self.move:g}+{self.bank:g}"


def control_text(control: TimeControl | None) -> str | None:
    """The `--clock` form, or None for no clock (how the journal stores it)."""
    return None if control is None else control.text()


TOURNAMENT = TimeControl(60.0, 300.0)
"""The online tournament's control: one minute per move plus a five-minute bank."""


def parse_time_control(text: str) -> TimeControl | None:
    """``off`` (None), ``tournament`` or ``MOVE+BANK`` in seconds (``60+300``).

    >>> parse_time_control("30+120")
    TimeControl(move=30.0, bank=120.0)
    """
    word = text.strip().lower()
    if word in ("off", "none", ""):
        return None
    if word == "tournament":
        return TOURNAMENT
    move, plus, bank = word.partition("+")
    try:
        seconds = float(move), float(bank)
    except ValueError:
        seconds = (math.nan, math.nan)
    if not plus or not all(math.isfinite(s) for s in seconds):
        raise TimeControlError(
            f"a clock is off, tournament or MOVE+BANK seconds like 60+300, not {text!r}"
        )
    return TimeControl(*seconds)


class ClockSnapshot(NamedTuple):
    """What the journal keeps of a clock: enough to resume it after a restart."""

    banks: dict[str, float]
    player: str | None
    """Whose move time was running (None between moves or after the game)."""
    used: float
    """Seconds of that move already counted."""

    def to_json(self) -> dict[str, Any]:
        return {
            "banks": {p: round(b, 3) for p, b in self.banks.items()},
            "player": self.player,
            "used": round(self.used, 3),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClockSnapshot:
        banks = {str(p): float(b) for p, b in data["banks"].items()}
        player = data.get("player")
        return cls(banks, None if player is None else str(player), float(data.get("used", 0.0)))


class GameClock:
    """Every player's bank and the running move's time (see the module doc)."""

    def __init__(
        self,
        control: TimeControl,
        players: Sequence[str],
        banks: Mapping[str, float] | None = None,
    ) -> None:
        self.control = control
        self.banks = {p: control.bank for p in players}
        if banks is not None:
            self.banks.update({p: max(0.0, banks[p]) for p in players if p in banks})
        self.player: str | None = None
        self.flagged: str | None = None
        self.reasons: frozenset[str] = frozenset()
        """Why the clock is held (empty: it counts)."""
        self._used = 0.0
        self._since: float | None = None
        """When counting last resumed; None while stopped or held."""

    @classmethod
    def restore(
        cls, control: TimeControl, players: Sequence[str], snapshot: ClockSnapshot, now: float
    ) -> GameClock:
        """The clock as journalled: time while nothing ran (the daemon down) never counts."""
        clock = cls(control, players, snapshot.banks)
        if snapshot.player is not None:
            clock.start(snapshot.player, now, snapshot.used)
        return clock

    # -- driving -----------------------------------------------------------------------
    def start(self, player: str, now: float, used: float = 0.0) -> None:
        """`player`'s move time starts (a move already `used` seconds in, after a restart)."""
        if player not in self.banks:
            raise ValueError(f"{player!r} is not on this clock (players: {', '.join(self.banks)})")
        self.player, self._used = player, used
        self._since = None if self.reasons or self.flagged else now

    def stop(self, now: float) -> None:
        """The move was accepted: charge what went over the free minute to the bank."""
        if self.player is None:
            return
        self.banks[self.player] = self.bank_left(self.player, now)
        self.player, self._used, self._since = None, 0.0, None

    def hold(self, reasons: Iterable[str], now: float) -> None:
        """Hold the clock for these reasons (none: let it count again)."""
        reasons = frozenset(reasons)
        if reasons == self.reasons:
            return
        self._used = self.used(now)
        self.reasons = reasons
        counting = self.player is not None and not reasons and self.flagged is None
        self._since = now if counting else None

    def check(self, now: float) -> str | None:
        """The player who has just run out of time (once), else None."""
        player = self.player
        if player is None or self.flagged is not None or self.bank_left(player, now) > 0:
            return None
        self._used = self.control.move + self.banks[player]
        self.banks[player], self._since, self.flagged = 0.0, None, player
        return player

    # -- reading -----------------------------------------------------------------------
    @property
    def counting(self) -> bool:
        return self._since is not None

    def used(self, now: float) -> float:
        """Seconds of the running move counted so far."""
        if self._since is None:
            return self._used
        return self._used + max(0.0, now - self._since)

    def move_left(self, now: float) -> float:
        """What is left of the running move's free minute (the full one between moves)."""
        if self.player is None:
            return self.control.move
        return max(0.0, self.control.move - self.used(now))

    def bank_left(self, player: str, now: float) -> float:
        bank = self.banks[player]
        if player != self.player:
            return bank
        return max(0.0, bank - max(0.0, self.used(now) - self.control.move))

    def warning(self, now: float) -> bool:
        """The last `WARN_BEFORE` seconds of the minute, or the bank draining."""
        return (
            self.player is not None and self.flagged is None and self._warn_at() <= self.used(now)
        )

    def next_deadline(self, now: float) -> float | None:
        """When the warning starts or the player flags, whichever is next; None while
        nothing counts (stopped, held or flagged)."""
        if self._since is None:
            return None
        used = self.used(now)
        warn_at, flag_at = self._warn_at(), self.control.move + self.banks[self.player or ""]
        return now + (warn_at - used if used < warn_at else max(0.0, flag_at - used))

    def snapshot(self, now: float) -> ClockSnapshot:
        if self.player is None:
            return ClockSnapshot(dict(self.banks), None, 0.0)
        return ClockSnapshot(dict(self.banks), self.player, self.used(now))

    def _warn_at(self) -> float:
        return max(0.0, self.control.move - WARN_BEFORE)
