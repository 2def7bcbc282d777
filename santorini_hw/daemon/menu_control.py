"""The board as a menu, on the service: entered, chosen on, confirmed, left, and timed.

`BoardService` mixes `MenuControl` in. The board chooses by touching an option's cell
with a worker and confirms with done; the page (and any API client) names the option
(`choose_option`) and confirms (`confirm_menu`): the same `BoardMenu`, the same events,
so the board lights what a phone chooses and the other way round.

With a clock chosen, the god choices of the setup are timed as moves (a minute each,
then the bank): `setup_clock` runs for whoever decides. The banks it leaves go into
the game it starts. A player whose bank runs out while choosing loses on time: the
game is recorded with the players, no gods, and that result.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from santorini_hw.daemon.clock_keeper import lose_on_time
from santorini_hw.daemon.settings import Settings
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.game_clock import GameClock, TimeControl, parse_time_control
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import Turn
from santorini_hw.seats.model import Seats, parse_seats
from santorini_hw.sensing.observation import Observation


class CommandError(ValueError):
    """A command the board cannot carry out now (the API answers 409)."""


class _Host(Protocol):
    """What the menu needs of the service it is mixed into."""

    menu: BoardMenu | None
    setup_clock: GameClock | None
    hint: dict[str, Any] | None
    hint_turn: Turn | None
    hardware: BoardHardware
    settings: Settings

    @property
    def observation(self) -> Observation | None: ...

    @property
    def game(self) -> Game: ...

    def _after(self, events: list[RefereeEvent]) -> None: ...

    def _menu_event(self, kind: str) -> RefereeEvent: ...

    def _menu_done(self, menu: BoardMenu) -> None: ...

    def leave_menu(self) -> None: ...

    def new_game(
        self,
        players: tuple[str, ...],
        gods: tuple[God | None, ...] | None,
        clock: TimeControl | None = None,
        banks: dict[str, float] | None = None,
        seats: Seats | None = None,
    ) -> int: ...


class MenuControl:
    """The menu's commands and inputs (see the module doc)."""

    menu: BoardMenu | None = None
    setup_clock: GameClock | None = None
    hint: dict[str, Any] | None = None
    hint_turn: Turn | None = None

    def enter_menu(self: _Host) -> None:
        """Make the board a menu (again from the first step if it is one already); the
        game stands still until the menu starts a new one or is left."""
        self.menu = BoardMenu(random.Random(), self.settings.god_pool)
        self.setup_clock = None
        self.hint = self.hint_turn = None
        if self.observation is not None:
            self.menu.observe(self.observation)  # what stands now touches nothing
        self._after([self._menu_event("menu_entered")])

    def leave_menu(self: _Host) -> None:
        """Back to the game as it was, nothing chosen."""
        if self.menu is None:
            raise CommandError("the board is not a menu")
        self.menu = self.setup_clock = None
        self._after([self._menu_event("menu_left")])

    def choose_option(self: _Host, option: str) -> None:
        """The page's touch: choose `option` of the step being chosen."""
        if self.menu is None:
            raise CommandError("the board is not a menu: enter it first")
        shown = _shown(self.menu)
        self.menu.choose(option)
        if _shown(self.menu) != shown:
            self._after([self._menu_event("menu_selected")])

    def choose_seats(self: _Host, seats: dict[str, Any]) -> None:
        """The page's seat choice: which colours the engine plays, at which level."""
        _menu_of(self).choose_seats(seats)
        self._after([self._menu_event("menu_selected")])

    def choose_names(self: _Host, names: dict[str, str]) -> None:
        """The page's names: the game is played, recorded and shown by them."""
        _menu_of(self).choose_names(names)
        self._after([self._menu_event("menu_selected")])

    def confirm_menu(self: _Host) -> None:
        """The page's done: confirm the step (409 when not enough is chosen)."""
        menu = self.menu
        if menu is None:
            raise CommandError("the board is not a menu: enter it first")
        step = menu.step
        if not menu.press("done"):
            picks = 0 if step is None else step.picks
            raise CommandError(f"choose {picks} option(s) first (chosen: {len(menu.selected)})")
        self._menu_done(menu)

    def _not_in_menu(self: _Host, what: str) -> None:
        if self.menu is not None:
            raise CommandError(f"cannot {what}: the board is a menu (finish it or leave it)")

    def _menu_observe(self: _Host, menu: BoardMenu, observation: Observation) -> list[RefereeEvent]:
        shown = _shown(menu)
        menu.observe(observation)
        return [] if _shown(menu) == shown else [self._menu_event("menu_selected")]

    def _menu_press(self: _Host, menu: BoardMenu, button: str) -> None:
        """done confirms the step (the last one starts the game), undo leaves the menu."""
        if button == "undo":
            self.leave_menu()
        elif menu.press(button):
            self._menu_done(menu)

    def _menu_done(self: _Host, menu: BoardMenu) -> None:
        """A step was confirmed: the next one, or the game the menu set up."""
        if menu.step is None:
            lineup = menu.lineup()
            control = parse_time_control(menu.clock or "off")
            banks = None
            if self.setup_clock is not None:
                self.setup_clock.stop(self.hardware.clock.monotonic())
                banks = _by_name(menu, self.setup_clock.banks)
            players = tuple(menu.named(colour) for colour in lineup.players)
            chosen = {menu.named(colour): seat for colour, seat in menu.seats.items()}
            seats = parse_seats(chosen, players)
            self.new_game(players, lineup.gods, control, banks, seats=seats)
        else:
            self._after([self._menu_event("menu_step")])

    def _menu_event(self: _Host, kind: str) -> RefereeEvent:
        """`text`: the step now being chosen and the options chosen so far."""
        now = self.hardware.clock.monotonic()
        step = None if self.menu is None else self.menu.step
        if step is None:
            return RefereeEvent(kind, now)
        assert self.menu is not None
        return RefereeEvent(kind, now, step.player, f"{step.key}: {' '.join(self.menu.selected)}")

    def _setup_clock_tick(self: _Host, now: float) -> list[RefereeEvent]:
        """Time the menu's god choices; a flag there ends the setup with a loss on time."""
        menu = self.menu
        control = None if menu is None else parse_time_control(menu.clock or "off")
        step = None if menu is None else menu.step
        if menu is None or control is None or step is None or step.player is None:
            return []
        clock = self.setup_clock
        if clock is None:
            clock = self.setup_clock = GameClock(control, menu.players)
        if clock.player != step.player:  # each decision is the next player's
            clock.stop(now)
            clock.start(step.player, now)
        flagged = clock.check(now)
        if flagged is None:
            return []
        players = tuple(menu.named(colour) for colour in menu.players)
        self.new_game(players, None, control, _by_name(menu, clock.banks))
        return lose_on_time(self.game, menu.named(flagged), now, " (choosing a god)")


def _shown(menu: BoardMenu) -> tuple[tuple[str, ...], int]:
    """What a touch changes: the options chosen and the page of gods shown."""
    return menu.selected, menu.page


def _menu_of(host: _Host) -> BoardMenu:
    if host.menu is None:
        raise CommandError("the board is not a menu: enter it first")
    return host.menu


def _by_name(menu: BoardMenu, banks: dict[str, float]) -> dict[str, float]:
    """The setup clock's banks (by colour) for the game, played by the players' names."""
    return {menu.named(colour): bank for colour, bank in banks.items()}
