"""The board as a service: scanning → referee → journal → lights and API, in one loop.

`BoardService` owns the game, its `Referee` and its `GameJournal`. Its tasks (`run`)
scan the board (`ScanLoop`: only changed inputs and due deadlines are judged), feed the
referee the observations and button presses, and after each batch of referee events:
write the journal (durable), then show the new scene on the lights and publish the
events and the new state to the `EventHub` (the WebSocket clients). The API calls its
methods for commands (new game, undo, resync, hint, menu) and, on the simulated board,
for the virtual hand.

Long presses (`hardware.holds`) reuse the API's methods: hold done is `new_game` with
the current game's players and gods, hold undo is `adopt`, hold hint is `enter_menu`. A
long press has nobody to answer, so a command it cannot carry out (a `ResyncError`, say)
becomes a `command_failed` event and a warning in the log.

Menu mode (`referee/menu.py`, commands in `menu_control.py`): while `menu` is set,
settled observations and presses go to the menu instead of the referee (done confirms
a step, undo leaves the menu), the lights show `menu_scene`, and the state's phase is
"menu". After the last step the menu starts its lineup with `new_game`, as POST
/api/games does.

Seats (`seating.py`): an engine seat thinks in a thread after the events that make it
its turn; its turn is then shown and expected by the referee. A remote seat's turn
comes through `submit_remote_turn` (`remote_play.py`) and is shown the same way. The game clock
(`clock_keeper.py`) is brought up to date after every scan and every
batch of events; the analyst (`analyst.py`) reviews finished games while nobody plays.

Every new game begins on an empty board: until a settled observation shows one, what
still stands (the menu's workers, the last game's pieces) is not taken for placements
but shown as the referee's error, one piece to remove at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from typing import Any

from santorini_hw.clock import Clock, SystemClock
from santorini_hw.daemon.analyst import Analyst
from santorini_hw.daemon.board_link.status import PairStatus
from santorini_hw.daemon.button_loops import ButtonLoops
from santorini_hw.daemon.cards_state import ChaosWatch
from santorini_hw.daemon.clock_keeper import ClockKeeper, hold_reasons
from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.hint_search import HintSearch
from santorini_hw.daemon.hinting import HintControl
from santorini_hw.daemon.invitations import InviteControl, stored_invites
from santorini_hw.daemon.link_watch import LinkWatch
from santorini_hw.daemon.menu_control import CommandError, MenuControl
from santorini_hw.daemon.new_game import Clearing, menu_json
from santorini_hw.daemon.outputs import MirroredStrip, PublishedBoard, event_json, pixel_hex
from santorini_hw.daemon.remote_play import RemoteControl, resume_remote_turn
from santorini_hw.daemon.scan_loop import ScanLoop
from santorini_hw.daemon.seating import SeatControl
from santorini_hw.daemon.settings import Settings
from santorini_hw.daemon.state import board_state
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.hints.engine import HintEngine
from santorini_hw.lights.compositor import Compositor, LightsOutput
from santorini_hw.lights.frames import Renderer
from santorini_hw.lights.menu_scene import menu_scene
from santorini_hw.lights.power_marks import ChaosDraw
from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.lights.strips import Pixel
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.game_clock import GameClock, TimeControl, control_text
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.referee.referee import Referee, RefereeSettings
from santorini_hw.rules.cards import shuffled_deck
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import Turn
from santorini_hw.seats.model import Seats
from santorini_hw.seats.seat_tokens import SeatTokens
from santorini_hw.sensing.bridge_session import BridgeState
from santorini_hw.sensing.observation import Observation
from santorini_hw.store import EventKind, Store, StoreError
from santorini_hw.store.game_journal import GameJournal, restore_game

_log = logging.getLogger(__name__)

SCAN_STALE = 2.0
"""Seconds without a scan after which the scan loop counts as stuck (watchdog)."""
_JOURNALLED_ERRORS = {
    "error_raised": EventKind.ERROR_RAISED,
    "error_cleared": EventKind.ERROR_CLEARED,
}


class BoardService(
    MenuControl, HintControl, SeatControl, RemoteControl, InviteControl, ButtonLoops
):
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
        self.rng = random.Random()
        """Shuffles Chaos' deck (the deck is journalled: a restart deals the same)."""
        self._real = real_clock or SystemClock()
        self.hint: dict[str, Any] | None = None
        self.hint_turn: Turn | None = None
        self.store_error: str | None = None
        self.pair = PairStatus()  # the board link's (a disagreement, the pair's players)
        self.counters: dict[str, int] = {
            "scans": 0,
            "turns": 0,
            "frames": 0,
            "hints": 0,
            "command_errors": 0,
        }
        self.event_counts: dict[str, int] = {}
        self.reports: dict[str, Callable[[], dict[str, Any]]] = {}
        """Optional links' health by name (the MQTT link's `mqtt`): /api/health shows
        each, /metrics their numbers (`santorini_<name>_<key>`)."""
        self.scan = ScanLoop(
            hardware, self._judge, self.counters, real=self._real, before_scan=before_scan
        )
        self.scan.add_deadline(lambda: None if self.menu is not None else self.referee.deadline)
        self.scan.add_timer(hardware.next_hold_deadline, hardware.poll_holds)
        self.link = LinkWatch(hardware.scanner.bridge)
        self.scan.add_deadline(self._clock_deadline)
        self._published = PublishedBoard()
        self.hints = HintSearch(self._search_hint, self._hint_found)
        self._hint_engine = HintEngine(self._real)
        """Keeps its transposition table from one hint of a game to the next."""
        self.menu: BoardMenu | None = None
        """The board as a menu while it is set (see the module doc)."""
        self._clearing: Clearing | None = None
        """A new game waits for the board to give up the pieces from before."""
        self.analyst = Analyst(store, self._board_idle, time_budget=settings.analysis_seconds)
        self.strip = MirroredStrip(hardware.strip, self._frame_written)
        renderer = Renderer.from_config(hardware.config.lights)
        self.lights = LightsOutput(Compositor(renderer), self.strip, self._real)
        stored = store.unfinished_game()
        if stored is None:
            clock = control_text(settings.clock)
            self.game_id = store.start_game(settings.players, clock=clock)
            game = Game.new(settings.players)
        else:
            self.game_id = stored.info.id
            game = restore_game(stored)
        self._start(game, ClockKeeper.load(store, self.game_id, hardware.clock.monotonic()))
        self._seat_game(settings.seats if stored is None else None)
        self.invites = stored_invites(store, self.game_id)
        if stored is not None:
            resume_remote_turn(self)

    # -- the game ----------------------------------------------------------------------
    def _start(self, game: Game, clock: ClockKeeper) -> None:
        polarity = self.hardware.config.workers.sensing == "polarity"
        self.referee = Referee(game, RefereeSettings(grace=self.settings.grace, polarity=polarity))
        self.journal = GameJournal(self.store, self.game_id, game)
        self.chaos = ChaosWatch(game)
        self.chaos_draw = ChaosDraw(game)
        self.clock = clock

    @property
    def game(self) -> Game:
        return self.referee.game

    @property
    def bridge_connected(self) -> bool:
        return self.hardware.scanner.bridge.state is BridgeState.CONNECTED

    @property
    def observation(self) -> Observation | None:
        """The last observation judged (scans with the same raw inputs are not fused)."""
        return self.scan.observation

    @property
    def last_scan(self) -> float:
        return self.scan.last_scan

    @property
    def hint_table_entries(self) -> int:
        """How full the hint engine's table is (bounded; /metrics shows it for soaks)."""
        return len(self._hint_engine.table)

    def alive(self) -> bool:
        """The watchdog's test: the scan loop ran lately, and the bridge link is alive
        (frames arrive while it is connected; otherwise its client is still retrying)."""
        return not self.link.stale() and self._real.monotonic() - self.last_scan < SCAN_STALE

    # -- tasks -------------------------------------------------------------------------
    async def run(self) -> None:
        """Scan, take presses and drive the lights until cancelled (then lights off)."""
        self._show()
        self.analyst.wake()  # games that ended while the daemon was down
        async with asyncio.TaskGroup() as tasks:
            tasks.create_task(self.analyst.run())
            tasks.create_task(self.scan.run())
            tasks.create_task(self._press_loop())
            tasks.create_task(self._hold_loop())
            tasks.create_task(self.lights.run())

    def _judge(self, observation: Observation) -> None:
        """One fresh observation (the scan loop's `judge`)."""
        events = self._observe(observation) + self._tick_clock()
        linked = self.link.changed(self.store, self.game_id, self.hub)
        if events or linked | self._published.changed(observation):
            self._after(events)

    def _observe(self, observation: Observation) -> list[RefereeEvent]:
        """The observation to the menu, or to the referee once a new game's board is empty."""
        if self.menu is not None:
            return self._menu_observe(self.menu, observation)
        if self._clearing is not None:
            events = self._clearing.observe(self.referee, observation)
            if events is not None:
                return events
            self._clearing = None
        return self.referee.observe(observation)

    def _board_idle(self) -> bool:
        """Nobody is playing: the analyst may use the processor."""
        return self.menu is not None or self.game.phase is Phase.OVER or not self.game.record

    def _clock_deadline(self) -> float | None:
        """When the game clock or the menu's setup clock next warns, flags or snapshots."""
        now = self.hardware.clock.monotonic()
        setup = None if self.setup_clock is None else self.setup_clock.next_deadline(now)
        due = [d for d in (self.clock.next_deadline(now), setup) if d is not None]
        return min(due, default=None)

    def _tick_clock(self) -> list[RefereeEvent]:
        """The game clock (or the menu's setup clock) brought up to now."""
        now = self.hardware.clock.monotonic()
        reasons = hold_reasons(
            bridge_connected=self.bridge_connected,
            observation=self.observation,
            referee=self.referee,
            menu_open=self.menu is not None,
            clearing=self._clearing is not None,
            paired=self.game.player in self.pair.players,
        )
        return self.clock.update(self.game, reasons, now) + self._setup_clock_tick(now)

    # -- inputs ------------------------------------------------------------------------
    def press(self, button: str) -> None:
        """A board button (or its API twin): done, undo, hint."""
        if self.menu is not None:
            self._menu_press(self.menu, button)
            return
        if button == "undo" and self.journal.finished:
            raise CommandError("the game is over and recorded: start a new game")
        if button == "undo":
            self._check_undo()
        self.scan.tick()  # the referee first sees what the hands did before the press
        self._after(self.referee.press(button, self.hardware.clock.monotonic()))

    def hold(self, action: str) -> None:
        """A long press (`button_holds.HOLD_ACTIONS`): new_game, adopt_board or menu."""
        try:
            if action == "new_game":
                lineup = self.game.lineup
                seats = self.engines.seats
                self.new_game(lineup.players, lineup.gods, self.clock.control, seats=seats)
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

    def new_game(
        self,
        players: tuple[str, ...],
        gods: tuple[God | None, ...] | None,
        clock: TimeControl | None = None,
        banks: dict[str, float] | None = None,
        seats: Seats | None = None,
    ) -> int:
        """Close the current game (abandoned unless won) and start another (leaving the
        menu, if the board is one); it takes placements once the board is empty. `clock`:
        its time control, `banks` what the setup's god choices left of them; `seats`:
        who plays each colour (persons by default)."""
        deck = None if gods is None else shuffled_deck(gods, self.rng)  # Chaos' cards
        game = Game.new(players, gods, chaos_deck=deck)  # GameError for an impossible lineup
        if clock is not None and game.lineup.side_count != 2:
            raise CommandError("a game clock needs two sides (two players or two teams)")
        if not self.journal.finished:
            self.journal.finish(None)
        control = control_text(clock)
        self.game_id = self.store.start_game(players, gods, clock=control, chaos_deck=deck)
        self.menu = self.setup_clock = None
        timer = None if clock is None else GameClock(clock, players, banks)
        self._start(game, ClockKeeper(self.store, self.game_id, timer))
        self._seat_game(seats or Seats())
        self.invites = SeatTokens()  # the last game's invitations are revoked
        workers_now = self.hardware.scanner.read().workers
        self._clearing = Clearing.needed(self.referee, self.observation, workers_now)
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

    # -- outputs -----------------------------------------------------------------------
    def _after(self, events: list[RefereeEvent]) -> None:
        """Journal first (durable), then lights, then the API's clients; deadlines may
        have moved (the scan loop looks again)."""
        self.scan.poke()
        now = self.hardware.clock.monotonic()
        events = [*events, *self._tick_clock(), *self._seat_events()]
        events += self.chaos.update(self.game, now)
        try:
            self.journal.sync(self.game)
            for event in events:
                kind = _JOURNALLED_ERRORS.get(event.kind)
                if kind is not None:
                    self.store.append_event(kind, event_json(event), self.game_id)
            self.store_error = None
        except StoreError as error:
            _log.error("journal write failed: %s", error)
            self.store_error = str(error)
        self._lapse_takeback(events)
        for event in events:
            self.event_counts[event.kind] = self.event_counts.get(event.kind, 0) + 1
            if event.kind in ("turn_complete", "undo", "resync", "new_game"):
                self.hint = self.hint_turn = None
            if event.kind == "turn_complete":
                self.counters["turns"] += 1
            if event.kind in ("game_over", "new_game"):
                self.analyst.wake()
        self._show()
        for event in events:
            self.hub.publish({"type": "event", "event": event_json(event)})
        if self.hub.clients:
            self.hub.publish({"type": "state", "state": self.state()})
        if any(event.kind == "hint_requested" for event in events):
            with contextlib.suppress(CommandError):
                self.request_hint()

    def _show(self) -> None:
        if self.menu is not None:
            self.lights.show(menu_scene(self.menu))
            return
        warning = self.clock.warning(self.hardware.clock.monotonic())
        scene = scene_for(
            self.referee,
            hint=self.hint_turn,
            bridge_connected=self.bridge_connected,
            clock_warning=warning,
            link_problem=self.pair.problem is not None,
            takeback=None if self.takeback_request is None else self.takeback_request["player"],
            chaos_draw=self.chaos_draw.update(self.game),
        )
        self.lights.show(scene)

    def _frame_written(self, frame: tuple[Pixel, ...]) -> None:
        self.counters["frames"] += 1
        self.hub.publish({"type": "pixels", "pixels": [pixel_hex(p) for p in frame]})

    def state(self) -> dict[str, Any]:
        state = board_state(self)
        state["menu"] = None if self.menu is None else menu_json(self.menu)
        state["clock"] = self.clock.to_json(self.hardware.clock.monotonic())
        state["clearing"] = self._clearing is not None  # a new game waits for an empty board
        state.update(self.seats_state(), takeback_request=self.takeback_request)
        pair = self.reports.get("board_link")  # the board link's pair and any disagreement
        state["board_link"] = None if pair is None else pair()
        if self.menu is not None:
            state["phase"] = "menu"
        return state
