"""Keeps a strip in step with a referee: every referee event (or a worker lifted, or a
piece put back during an undo, which are no events) becomes a new scene for the
`LightsOutput`, and a hint asked for stays on until the turn moves on (Chaos' draw:
until the next turn's first step). `clock_warning` says whether the player to move is
short of time (the game clock's `clock_warning` event makes the scene show it).

The hint search is injected: the simulator and the tests pass a node-budgeted search
(deterministic), the daemon a time-budgeted one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from santorini_hw.lights.compositor import LightsOutput
from santorini_hw.lights.power_marks import ChaosDraw
from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.lights.scenes import Scene
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.game import Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn

HintSearch = Callable[[Position], Turn | None]

HINT_ENDS = frozenset(
    {"action", "action_retracted", "turn_complete", "turn_amended", "undo", "resync", "game_over"}
)
"""Events after which the hint no longer describes the turn to play."""


class RefereeLights:
    """`update(events)` after each call into the referee; `scene` is what is shown."""

    def __init__(
        self,
        referee: Referee,
        output: LightsOutput,
        hint_search: HintSearch,
        clock_warning: Callable[[], bool] = lambda: False,
    ) -> None:
        self.referee = referee
        self._clock_warning = clock_warning
        self.hint: Turn | None = None
        self.output = output
        self._hint_search = hint_search
        self._shown = (referee.holding, referee.guidance)
        self._chaos = ChaosDraw(referee.game)
        self.scene: Scene = scene_for(referee)
        output.show(self.scene)

    def update(self, events: Sequence[RefereeEvent]) -> None:
        """Show the scene for the referee's state, if these events (or a hand lifting a
        worker, or the board on its way back for an undo) may have changed it."""
        referee = self.referee
        for event in events:
            if event.kind in HINT_ENDS:
                self.hint = None
            elif event.kind == "hint_requested" and referee.game.phase is Phase.PLAY:
                self.hint = self._hint_search(referee.game.position)
        shown = (referee.holding, referee.guidance)
        if not events and shown == self._shown:
            return
        self._shown = shown
        self.scene = scene_for(
            referee,
            hint=self.hint,
            clock_warning=self._clock_warning(),
            chaos_draw=self._chaos.update(referee.game),
        )
        self.output.show(self.scene)
