"""The board as a service: scanning → referee → journal → lights and API, in one loop.

`BoardService` owns the game, its `Referee` and its `GameJournal`. Its tasks (`run`)
scan the board every `scan_period`, feed the referee the observations and button
presses, and after each batch of referee events: write the journal (durable), then
show the new scene on the lights and publish the events and the new state to the
`EventHub` (the WebSocket clients). The API calls its methods for commands (new game,
undo, resync, hint, menu) and, on the simulated board, for the virtual hand.

Long presses (`hardware.holds`) reuse the API's methods: hold done is `new_game` with
the current game's players and gods, hold undo is `adopt`, hold hint is `enter_menu`. A
long press has nobody to answer, so a command it cannot carry out (a `ResyncError`, say)
becomes a `command_failed` event and a warning in the log.

Menu mode (`referee/menu.py`): while `menu` is set, settled observations and presses go
to the menu instead of the referee (done confirms a step, undo leaves the menu), the
lights show `menu_scene`, and the state's phase is "menu". After the last step the menu
starts its lineup with `new_game`, as POST /api/games does.

Every new game begins on an empty board: until a settled observation shows one, what
still stands (the menu's workers, the last game's pieces) is not taken for placements
but shown as the referee's error, one piece to remove at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from santorini_hw.board_setup import clear_board, menu_json
from santorini_hw.board_state import board_state
from santorini_hw.clock import Clock, SystemClock
from santorini_hw.event_hub import EventHub
from santorini_hw.game_journal import GameJournal, restore_game
from santorini_hw.hardware import BoardHardware
from santorini_hw.hints.engine import HintEngine
from santorini_hw.lights.compositor import Compositor, LightsOutput
from santorini_hw.lights.frames import Renderer
from santorini_hw.lights.menu_scene import menu_scene
from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.lights.strips import Pixel
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.referee.referee import Referee, RefereeSettings
from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn
from santorini_hw.sensing.bridge_session import BridgeState
from santorini_hw.sensing.observation import Observation
from santorini_hw.settings import Settings
from santorini_hw.store import EventKind, Store, StoreError

_log = logging.getLogger(__name__)

SCAN_STALE = 2.0
"""Seconds without a scan after which the scan loop counts as stuck (watchdog)."""
LINK_STALE = 5.0
"""Seconds without a frame from a connected bridge (it heartbeats every second)."""
_JOURNALLED_ERRORS = {
    "error_raised": EventKind.ERROR_RAISED,
    "error_cleared": EventKind.ERROR_CLEARED,
}


class CommandError(ValueError):
    """A command the board cannot carry out now (the API answers 409)."""


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


class BoardService:
    def __init__(
        self,
        hardware: BoardHardware,
        store: Store,
        hub: EventHub,
        settings: Settings,
        *,
        before_scan: Callable[[], None] = lambda: None,
        real_clock: Clock | None = None,
        sim: Any = None,
    ) -> None:
        self.hardware = hardware
        self.store = store
        self.hub = hub
        self.settings = settings
        self.sim = sim
        """The `SimulatedHardware` behind `hardware`, or None on a real board."""
        self._before_scan = before_scan
        self._real = real_clock or SystemClock()
        self.last_scan = -float("inf")
        self.observation: Observation | None = None
        self.hint: dict[str, Any] | None = None
        self.hint_turn: Turn | None = None
        self.store_error: str | None = None
        self.counters: dict[str, int] = {"scans": 0, "turns": 0, "frames": 0, "hints": 0}
        self.event_counts: dict[str, int] = {}
        self._bridge_state = BridgeState.DISCONNECTED
        self._frames_seen = 0
        self._last_frame = -float("inf")
        self._seen_board: tuple[int, tuple[int, ...], int] | None = None
        self._hint_tasks: set[asyncio.Task[None]] = set()
        self._hint_engine = HintEngine(self._real)
        """Keeps its transposition table from one hint of a game to the next."""
        self.menu: BoardMenu | None = None
        """The board as a menu while it is set (see the module doc)."""
        self._clearing = False
        """A new game waits for an empty board before it takes placements."""
        self.strip = MirroredStrip(hardware.strip, self._frame_written)
        renderer = Renderer.from_config(hardware.config.lights)
        self.lights = LightsOutput(Compositor(renderer), self.strip, self._real)
        stored = store.unfinished_game()
        if stored is None:
            self.game_id = store.start_game(settings.players)
            game = Game.new(settings.players)
        else:
            self.game_id = stored.info.id
            game = restore_game(stored)
        self._start(game)

    # -- the game ----------------------------------------------------------------------
    def _start(self, game: Game) -> None:
        polarity = self.hardware.config.workers.sensing == "polarity"
        self.referee = Referee(game, RefereeSettings(grace=self.settings.grace, polarity=polarity))
        self.journal = GameJournal(self.store, self.game_id, game)

    @property
    def game(self) -> Game:
        return self.referee.game

    @property
    def bridge_connected(self) -> bool:
        return self.hardware.scanner.bridge.state is BridgeState.CONNECTED

    def alive(self) -> bool:
        """The watchdog's test: the scan loop ran lately, and the bridge link is alive
        (frames arrive while it is connected; otherwise its client is still retrying)."""
        now = self._real.monotonic()
        bridge = self.hardware.scanner.bridge
        if bridge.state is BridgeState.CLOSED:
            return False
        if bridge.state is BridgeState.CONNECTED and now - self._last_frame > LINK_STALE:
            return False
        return now - self.last_scan < SCAN_STALE

    # -- tasks -------------------------------------------------------------------------
    async def run(self) -> None:
        """Scan, take presses and drive the lights until cancelled (then lights off)."""
        self._show()
        async with asyncio.TaskGroup() as tasks:
            tasks.create_task(self._scan_loop())
            tasks.create_task(self._press_loop())
            tasks.create_task(self._hold_loop())
            tasks.create_task(self.lights.run())

    async def _scan_loop(self) -> None:
        while True:
            self._before_scan()
            observation = self.hardware.scan()
            self.observation = observation
            self.last_scan = self._real.monotonic()
            self.counters["scans"] += 1
            self.hardware.poll_holds()
            events = self._observe(observation)
            frames = self.hardware.scanner.bridge.counters.frames
            if frames != self._frames_seen:
                self._frames_seen, self._last_frame = frames, self.last_scan
            changed = self._bridge_changed() | self._board_changed(observation)
            if events or changed:
                self._after(events)
            await asyncio.sleep(self.hardware.scan_period)

    def _observe(self, observation: Observation) -> list[RefereeEvent]:
        """The observation to the menu, or to the referee once a new game's board is empty."""
        if self.menu is not None:
            return self._menu_observe(self.menu, observation)
        if self._clearing:
            events = clear_board(self.referee, observation)
            if events is not None:
                return events
            self._clearing = False
        return self.referee.observe(observation)

    async def _press_loop(self) -> None:
        while True:
            button = await self.hardware.presses.get()
            try:
                self.press(button)
            except ValueError as error:  # a board button has nobody to answer
                self._failed(button, error)

    async def _hold_loop(self) -> None:
        while True:
            self.hold(await self.hardware.holds.get())

    # -- inputs ------------------------------------------------------------------------
    def press(self, button: str) -> None:
        """A board button (or its API twin): done, undo, hint."""
        if self.menu is not None:
            self._menu_press(self.menu, button)
            return
        if button == "undo" and self.journal.finished:
            raise CommandError("the game is over and recorded: start a new game")
        self._after(self.referee.press(button, self.hardware.clock.monotonic()))

    def hold(self, action: str) -> None:
        """A long press (`button_holds.HOLD_ACTIONS`): new_game, adopt_board or menu."""
        try:
            if action == "new_game":
                lineup = self.game.lineup
                self.new_game(lineup.players, lineup.gods)
            elif action == "adopt_board":
                self.adopt()
            elif action == "menu":
                self.enter_menu()
            else:
                raise CommandError(f"unknown long press action {action!r}")
        except ValueError as error:  # CommandError, ResyncError, GameError
            self._failed(action, error)

    def _failed(self, command: str, error: ValueError) -> None:
        _log.warning("%s from the board failed: %s", command, error)
        now = self.hardware.clock.monotonic()
        self._after([RefereeEvent("command_failed", now, None, f"{command}: {error}")])

    def new_game(self, players: tuple[str, ...], gods: tuple[God | None, ...] | None) -> int:
        """Close the current game (abandoned unless won) and start another (leaving the
        menu, if the board is one); it takes placements once the board is empty."""
        game = Game.new(players, gods)  # GameError (ValueError) for an impossible lineup
        if not self.journal.finished:
            self.journal.finish(None)
        self.game_id = self.store.start_game(players, game.lineup.gods)
        self.menu = None
        self._clearing = True
        self._start(game)
        self._after([RefereeEvent("new_game", self.hardware.clock.monotonic(), game.player)])
        return self.game_id

    def adopt(self) -> None:
        """Resync toward the board: the settled board becomes the game."""
        self._not_in_menu("adopt the board")
        observation = self.observation
        if observation is None or not observation.settled:
            raise CommandError("the board is not settled yet: try again in a moment")
        self._after(self.referee.adopt_board(observation))  # ResyncError is a ValueError

    def restore(self) -> None:
        """Resync toward the record: the lights guide the players back to it."""
        self._not_in_menu("restore the record")
        self._after(self.referee.restore_record())

    def request_hint(self) -> None:
        """Search a hint in a worker thread; shown when found if the game has not moved."""
        self._not_in_menu("search a hint")
        if self.game.phase is not Phase.PLAY:
            raise CommandError(f"no hint during {self.game.phase.value}")
        position = self.game.position
        task = asyncio.get_running_loop().create_task(self._search(position))
        self._hint_tasks.add(task)
        task.add_done_callback(self._hint_tasks.discard)

    async def _search(self, position: Position) -> None:
        seed = random.randrange(1 << 16)
        result = await asyncio.to_thread(
            self._hint_engine.best, position, time_budget=self.settings.hint_seconds, seed=seed
        )
        if result.turn is None or self.game.position != position or self.game.turn is None:
            return
        if self.menu is not None:
            return
        self.counters["hints"] += 1
        text = actions_text(result.turn.actions)
        self.hint = {"player": position.player, "turn": text, "depth": result.depth}
        self.hint_turn = result.turn
        now = self.hardware.clock.monotonic()
        self._after([RefereeEvent("hint", now, position.player, text)])

    # -- the board as a menu ------------------------------------------------------------
    def enter_menu(self) -> None:
        """Make the board a menu (again from the first step if it is one already); the
        game stands still until the menu starts a new one or is left."""
        self.menu = BoardMenu(random.Random())
        self.hint = self.hint_turn = None
        if self.observation is not None:
            self.menu.observe(self.observation)  # what stands now touches nothing
        self._after([self._menu_event("menu_entered")])

    def leave_menu(self) -> None:
        """Back to the game as it was, nothing chosen."""
        if self.menu is None:
            raise CommandError("the board is not a menu")
        self.menu = None
        self._after([self._menu_event("menu_left")])

    def _not_in_menu(self, what: str) -> None:
        if self.menu is not None:
            raise CommandError(f"cannot {what}: the board is a menu (finish it or leave it)")

    def _menu_observe(self, menu: BoardMenu, observation: Observation) -> list[RefereeEvent]:
        selected = menu.selected
        menu.observe(observation)
        return [] if menu.selected == selected else [self._menu_event("menu_selected")]

    def _menu_press(self, menu: BoardMenu, button: str) -> None:
        """done confirms the step (the last one starts the game), undo leaves the menu."""
        if button == "undo":
            self.leave_menu()
        elif menu.press(button):
            if menu.step is None:
                lineup = menu.lineup()
                self.new_game(lineup.players, lineup.gods)
            else:
                self._after([self._menu_event("menu_step")])

    def _menu_event(self, kind: str) -> RefereeEvent:
        """`text`: the step now being chosen and the options chosen so far."""
        now = self.hardware.clock.monotonic()
        step = None if self.menu is None else self.menu.step
        if step is None:
            return RefereeEvent(kind, now)
        assert self.menu is not None
        return RefereeEvent(kind, now, step.player, f"{step.key}: {' '.join(self.menu.selected)}")

    # -- outputs -----------------------------------------------------------------------
    def _after(self, events: list[RefereeEvent]) -> None:
        """Journal first (durable), then lights, then the API's clients."""
        try:
            self.journal.sync(self.game)
            for event in events:
                kind = _JOURNALLED_ERRORS.get(event.kind)
                if kind is not None:
                    self.store.append_event(kind, _event_json(event), self.game_id)
            self.store_error = None
        except StoreError as error:
            _log.error("journal write failed: %s", error)
            self.store_error = str(error)
        for event in events:
            self.event_counts[event.kind] = self.event_counts.get(event.kind, 0) + 1
            if event.kind in ("turn_complete", "undo", "resync", "new_game"):
                self.hint = self.hint_turn = None
            if event.kind == "turn_complete":
                self.counters["turns"] += 1
        self._show()
        for event in events:
            self.hub.publish({"type": "event", "event": _event_json(event)})
        if self.hub.clients:
            self.hub.publish({"type": "state", "state": self.state()})
        if any(event.kind == "hint_requested" for event in events):
            with contextlib.suppress(CommandError):
                self.request_hint()

    def _show(self) -> None:
        if self.menu is not None:
            self.lights.show(menu_scene(self.menu))
            return
        scene = scene_for(self.referee, hint=self.hint_turn, bridge_connected=self.bridge_connected)
        self.lights.show(scene)

    def _frame_written(self, frame: tuple[Pixel, ...]) -> None:
        self.counters["frames"] += 1
        self.hub.publish({"type": "pixels", "pixels": [_hex(p) for p in frame]})

    def _bridge_changed(self) -> bool:
        state = self.hardware.scanner.bridge.state
        was_connected = self._bridge_state is BridgeState.CONNECTED
        self._bridge_state = state
        if was_connected == (state is BridgeState.CONNECTED):
            return False
        kind = EventKind.BRIDGE_CONNECTED if not was_connected else EventKind.BRIDGE_DISCONNECTED
        with contextlib.suppress(StoreError):
            self.store.append_event(kind, {"state": state.value}, self.game_id)
        self.hub.publish({"type": "bridge", "state": state.value})
        return True

    def _board_changed(self, observation: Observation) -> bool:
        """The settled board differs from the one last published (the page draws it)."""
        if not observation.settled:
            return False
        key = (observation.workers, observation.levels, observation.domes)
        if key == self._seen_board:
            return False
        self._seen_board = key
        return True

    def state(self) -> dict[str, Any]:
        state = board_state(self)
        state["menu"] = None if self.menu is None else menu_json(self.menu)
        if self.menu is not None:
            state["phase"] = "menu"
        return state


def _event_json(event: RefereeEvent) -> dict[str, Any]:
    document = asdict(event)
    document["cells"] = list(event.cells)
    return document


def _hex(pixel: Pixel) -> str:
    return "#{:02x}{:02x}{:02x}".format(*pixel)
