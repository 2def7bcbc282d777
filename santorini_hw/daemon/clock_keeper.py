"""The game clock on the daemon: whose time runs, what holds it, and its journal.

`BoardService` asks `ClockKeeper.update` after every scan and every batch of events.
The keeper follows the game: a new move (a placer's two workers count as one move)
starts that player's time and stops the previous
one's, so a move's time runs from the player's first chance to act to the moment the
referee accepts it. It holds the clock for what is not the player's fault
(`hold_reasons`; after a restart, also until the board is the game's again). When a
player's minute and bank have run out, the game records the loss on time and the
keeper answers the events that say so.

The clock is journalled as `EventKind.CLOCK` snapshots: when a move starts or stops,
when a hold starts or ends, and every `CHECKPOINT` seconds of counted time in between.
A restart resumes from the last snapshot, so the time the daemon was down never counts
(and a crash gives back at most `CHECKPOINT` seconds to the player to move).
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import Any

from santorini_hw.referee.board_view import differences, observed_view
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.game_clock import (
    ClockSnapshot,
    GameClock,
    TimeControl,
    parse_time_control,
)
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.game import Game, Phase
from santorini_hw.sensing.observation import Observation
from santorini_hw.store import EventKind, Store, StoreError

_log = logging.getLogger(__name__)

CHECKPOINT = 5.0
"""Seconds of counted time between journalled snapshots."""


def hold_reasons(
    *,
    bridge_connected: bool,
    observation: Observation | None,
    referee: Referee,
    menu_open: bool,
    clearing: bool,
    paired: bool = False,
) -> frozenset[str]:
    """Why the clock must not count now: nothing here is the player to move's doing."""
    reasons = set()
    if not _board_matches(referee, observation):
        reasons.add("mismatch")  # only a hold while a restart's board is put back
    if not bridge_connected:
        reasons.add("bridge")
    if observation is not None and observation.faults():
        reasons.add("sensors")
    if referee.undo_target is not None or referee.restoring:
        reasons.add("undo")
    if referee.awaiting is not None:
        reasons.add("carrying_out")  # a person does a seat's turn not at the board: no one's time
    if menu_open:
        reasons.add("menu")
    if clearing:
        reasons.add("clearing")  # a new game waits for the last one's pieces to go
    if paired:
        reasons.add("paired")  # the player to move is at the paired board: it runs there
    return frozenset(reasons)


def _board_matches(referee: Referee, observation: Observation | None) -> bool:
    """The settled board is the game's (a hand on the board counts as not matching)."""
    if observation is None or not observation.settled or not observation.valid:
        return False
    found = observed_view(observation, referee.settings.polarity)
    return not differences(referee.expected_view, found)


def move_key(game: Game) -> Hashable:
    """Changes exactly when a new move begins: the player changes, or a turn (or a
    resync) is recorded; a placer's second worker is the same move as the first."""
    return game.player, game.phase, sum(line.kind != "place" for line in game.record)


def lose_on_time(game: Game, player: str, now: float, when: str = "") -> list[RefereeEvent]:
    """End `game` with `player` out of time; the events that say so."""
    game.lose_on_time(player)
    text = f"{player} loses on time{when}"
    return [
        RefereeEvent("lost_on_time", now, player, text),
        RefereeEvent("game_over", now, game.winner, text),
    ]


class ClockKeeper:
    """One game's clock (or none) and its journal (none for the simulator's runner)."""

    def __init__(
        self,
        store: Store | None,
        game_id: int,
        clock: GameClock | None,
        *,
        restored: bool = False,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.clock = clock
        self._key: Hashable = None
        self._restored = restored
        """The running move came from the journal: keep it if it is still the same move."""
        self._resuming = restored
        """After a restart the clock holds until the board matches the game again."""
        self._journalled = -float("inf")
        self._warned = False

    @classmethod
    def load(cls, store: Store, game_id: int, now: float) -> ClockKeeper:
        """The clock of a stored game, resumed from its last snapshot (if any)."""
        info = store.game(game_id).info
        control = None if info.clock is None else parse_time_control(info.clock)
        if control is None:
            return cls(store, game_id, None)
        snapshots = [e for e in store.events(game_id) if e.kind == EventKind.CLOCK.value]
        if not snapshots:
            return cls(store, game_id, GameClock(control, info.players))
        snapshot = ClockSnapshot.from_json(snapshots[-1].payload)
        clock = GameClock.restore(control, info.players, snapshot, now)
        clock.hold({"mismatch"}, now)  # until the first update has seen the board
        return cls(store, game_id, clock, restored=True)

    def update(self, game: Game, reasons: frozenset[str], now: float) -> list[RefereeEvent]:
        """Follow the game; the events of a warning starting or a loss on time."""
        clock = self.clock
        if clock is None or clock.flagged is not None:
            return []
        if game.phase is Phase.OVER:
            if clock.player is not None:
                clock.stop(now)
                self.journal(now)
            return []
        if "mismatch" not in reasons:
            self._resuming = False
        if not self._resuming:
            reasons = reasons - {"mismatch"}
        key = move_key(game)
        changed = key != self._key
        if changed and not (self._restored and clock.player == game.player):
            clock.stop(now)
            clock.start(game.player, now)
        self._key, self._restored = key, False
        if reasons != clock.reasons:
            clock.hold(reasons, now)
            changed = True
        flagged = clock.check(now)
        if flagged is not None:
            self.journal(now)
            return lose_on_time(game, flagged, now)
        if changed or (clock.counting and now - self._journalled >= CHECKPOINT):
            self.journal(now)
        warning = clock.warning(now)
        events = []
        if warning and not self._warned:
            events.append(RefereeEvent("clock_warning", now, clock.player, "time is running out"))
        self._warned = warning
        return events

    def journal(self, now: float) -> None:
        """Write the clock's snapshot (a failed write is logged: the game goes on)."""
        if self.clock is None or self.store is None:
            return
        try:
            payload = self.clock.snapshot(now).to_json()
            self.store.append_event(EventKind.CLOCK, payload, self.game_id)
        except StoreError as error:
            _log.error("clock snapshot not journalled: %s", error)
        self._journalled = now

    @property
    def control(self) -> TimeControl | None:
        return None if self.clock is None else self.clock.control

    def warning(self, now: float) -> bool:
        return self.clock is not None and self.clock.warning(now)

    def next_deadline(self, now: float) -> float | None:
        """When `update` next has something to do by itself: the warning, the flag or
        the next snapshot (None while the clock does not count)."""
        clock = self.clock
        if clock is None or not clock.counting:
            return None
        deadline = clock.next_deadline(now)
        if self.store is None or deadline is None:
            return deadline
        return min(deadline, self._journalled + CHECKPOINT)

    def to_json(self, now: float) -> dict[str, Any] | None:
        """The state's `clock`: each player's move time and bank left, who is running."""
        clock = self.clock
        if clock is None:
            return None
        return {
            "control": clock.control.text(),
            "running": clock.player,
            "counting": clock.counting,
            "held": sorted(clock.reasons),
            "warning": clock.warning(now),
            "lost_on_time": clock.flagged,
            "players": {
                player: {
                    "move_left": round(
                        clock.move_left(now) if player == clock.player else clock.control.move, 1
                    ),
                    "bank_left": round(clock.bank_left(player, now), 1),
                }
                for player in clock.banks
            },
        }
