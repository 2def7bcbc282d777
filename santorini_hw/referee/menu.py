"""The board as a menu: set a game up without a phone.

Each step lights its options on the cells in cell order (option 1 on a1, then b1 ... e1,
a2 ...; the gods in the order of `God`: Apollo on a1 ... Prometheus on e2). A player
chooses by touching an option's cell with a worker (the cell's worker sensor going from
empty to occupied) and confirms with done. The steps:

1. `players`: how many play (2, 3 or 4; the players are A, B, C, D in turn order), or
   `vs_engine`: two, B being the engine, whose `level` (1-10) is the next step, or
   `seats_2`, `seats_3`, `seats_4` (e1, a2, b2): that many, then a `seat` step for
   each colour in turn: `person` (a1), the engine's level `1` to `10` (b1 to a3) or
   `remote` (b3: a player on a phone or another board).
   The page may instead seat and name the colours (`choose_seats`, `choose_names`);
2. `procedure`: `no_gods`, `quick` (two players: four gods drawn at random) or
   `official` (the Challenger, player A, offers one god per player);
3. `pool` (with gods, where more than one pool is open to the players): which gods the
   players allow, `simple`, `advanced` or `all` (`rules/setup.py`'s `GOD_POOLS`); the
   board's setting (`god_pool`) comes chosen, so done alone keeps it;
4. `clock` (two players or two teams): `off` or a time control (`60+300` is the
   tournament's: a minute per move plus a five-minute bank), in `CLOCK_OPTIONS`;
5. then the god selection's own steps (`rules/setup.py`): `offer` (touch as many gods
   as there are players; touching a chosen god again drops it), `god`, `start`. The
   gods lie on two pages (`menu_pages.py`): e5 turns the page when both hold an option.

When no step is left, `lineup()` is the same `Lineup` as the API's setup with the same
decisions (the selection state machines are the very same objects) and `clock` the
chosen time control. The page chooses by option name (`choose`), the board by cell.

>>> menu = BoardMenu(random.Random(1))  # touches give cell indexes: 0 is a1
>>> menu.step.key, menu.step.options
('players', ('2', '3', '4', 'vs_engine', 'seats_2', 'seats_3', 'seats_4'))
>>> menu.touch(0); menu.press("done")
True
>>> menu.step.options
('no_gods', 'quick', 'official')
>>> menu.touch(0); menu.press("done"); menu.step.options
True
('off', '60+300', '30+120', '120+600')
>>> menu.choose("60+300"); menu.press("done"); menu.lineup().players, menu.clock
True
(('A', 'B'), '60+300')
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from santorini_hw.referee.menu_pages import TURN_PAGE, GodPage, god_pages
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.gods import God
from santorini_hw.rules.player_names import check_player_name
from santorini_hw.rules.position import Lineup
from santorini_hw.rules.setup import OfficialSelection, QuickSelection, no_gods, pools
from santorini_hw.seats.model import parse_seats, seats_json
from santorini_hw.sensing.observation import Observation

PLAYER_IDS = ("A", "B", "C", "D")
PLAYER_COUNTS = ("2", "3", "4", "vs_engine", "seats_2", "seats_3", "seats_4")
"""`seats_N`: N players, then a `seat` step per colour: a person, the engine's level or
a remote player."""
SEAT_OPTIONS = ("person", *(str(level) for level in range(1, 11)), "remote")
ENGINE_SEAT = "B"
"""The engine's colour in a game against it set up on the board (the person moves first)."""
LEVEL_OPTIONS = tuple(str(level) for level in range(1, 11))
CLOCK_OPTIONS = ("off", "60+300", "30+120", "120+600")
"""Time controls offered on the board (MOVE+BANK seconds; the first timed one is the
tournament's). Three players play without a clock: a loss on time needs two sides."""


class MenuStep(NamedTuple):
    key: str
    """"players", "seat", "level", "procedure", "clock", or the selection's "offer",
    "god", "start"."""
    player: str | None
    """Who decides (None: anyone at the table); for "seat", the colour being seated."""
    options: tuple[str, ...]
    picks: int
    """How many options to choose before done confirms."""
    pages: tuple[GodPage, ...] = ()
    """The gods' pages (the "offer" and "god" steps); empty for the other steps."""
    page: int = 0
    """The page the board shows now."""

    @property
    def cells(self) -> dict[int, str]:
        """Option by cell index: a god on its cell of the page shown; any other option
        i on cell i (a1, b1, ... e1, a2, ...)."""
        return self.pages[self.page].cells if self.pages else dict(enumerate(self.options))


class BoardMenu:
    """Touches and presses in, one setup decision per confirmed step, a `Lineup` out."""

    def __init__(self, rng: random.Random, pool: str = "simple") -> None:
        self._rng = rng
        self._default_pool = pool
        """The board's setting: the `pool` step comes with it chosen."""
        self._pool: str | None = None
        self.page = 0
        """The page of gods the board shows (index into the step's `pages`)."""
        self.players: tuple[str, ...] = ()
        self.selection: OfficialSelection | QuickSelection | None = None
        self._lineup: Lineup | None = None
        self._procedure: str | None = None
        self.clock: str | None = None
        """The chosen time control ("off" or MOVE+BANK); None until chosen."""
        self.selected: tuple[str, ...] = ()
        self._workers: int | None = None
        self.engine_level: int | None = None
        """The engine's level, once chosen, in a game against it (`vs_engine`)."""
        self._against_engine = False
        self._seats: dict[str, dict[str, object]] | None = None
        self._unseated: list[str] = []
        """Colours still to seat on the board, in order (after `seats_N`)."""
        self.names: dict[str, str] = {}
        """Players' names by colour (A, B, ...), where given: the game is played by them."""

    @property
    def step(self) -> MenuStep | None:
        """What is being chosen now; None once the setup is complete."""
        if self._lineup is not None:
            return None
        if not self.players:
            return MenuStep("players", None, PLAYER_COUNTS, 1)
        if self._unseated:
            return MenuStep("seat", self._unseated[0], SEAT_OPTIONS, 1)
        if self._against_engine and self.engine_level is None:
            return MenuStep("level", None, LEVEL_OPTIONS, 1)
        if self._procedure is None:
            return MenuStep("procedure", None, _procedures(len(self.players)), 1)
        if self._pool is None:
            return MenuStep("pool", None, pools(len(self.players)), 1)
        if self.clock is None:
            return MenuStep("clock", None, CLOCK_OPTIONS, 1)
        if self.selection is None:
            return None
        step = self.selection.step
        if step is None:
            return None
        picks = len(self.players) if step.kind == "offer" else 1
        pages = god_pages(step.options) if step.kind in ("offer", "god") else ()
        page = min(self.page, len(pages) - 1) if pages else 0
        return MenuStep(step.kind, step.player, step.options, picks, pages, page)

    def observe(self, observation: Observation) -> None:
        """A settled observation: every cell a worker newly stands on is a touch. The
        first observation, settled or not, only says what already stands there."""
        if self._workers is not None and not observation.settled:
            return
        workers = observation.workers
        if self._workers is not None:
            new = workers & ~self._workers
            for cell in range(CELL_COUNT):
                if new >> cell & 1:
                    self.touch(cell)
        self._workers = workers

    def touch(self, cell: int) -> None:
        """Choose the option on `cell` (toggle it, where several are picked), or turn
        the page of gods."""
        step = self.step
        if step is None or cell not in step.cells:
            return
        option = step.cells[cell]
        if option == TURN_PAGE:
            self._turn_page(step)
        else:
            self._pick(step, option)

    def _turn_page(self, step: MenuStep) -> None:
        self.page = (step.page + 1) % len(step.pages)

    def _pick(self, step: MenuStep, option: str) -> None:
        if step.picks == 1:
            self.selected = (option,)
        elif option in self.selected:
            self.selected = tuple(o for o in self.selected if o != option)
        elif len(self.selected) < step.picks:
            self.selected = (*self.selected, option)

    def choose(self, option: str) -> None:
        """Choose an option by name, as a touch on its cell would (the page's way), on
        whichever page it lies; `turn_page` turns the board's page."""
        step = self.step
        if step is not None and option == TURN_PAGE and len(step.pages) > 1:
            self._turn_page(step)
        elif step is None or option not in step.options:
            offered = "nothing" if step is None else ", ".join(step.options)
            raise ValueError(f"{option!r} is not an option now (offered: {offered})")
        else:
            self._pick(step, option)

    def press(self, button: str) -> bool:
        """ "done" confirms the step if enough options are chosen; True if it did."""
        step = self.step
        if button != "done" or step is None or len(self.selected) != step.picks:
            return False
        chosen, self.selected = self.selected, ()
        self.page = 0
        if step.key == "players":
            self._against_engine = chosen[0] == "vs_engine"
            count = 2 if self._against_engine else int(chosen[0].removeprefix("seats_"))
            self.players = PLAYER_IDS[:count]
            if chosen[0].startswith("seats_"):
                self._unseated, self._seats = list(self.players), {}
        elif step.key == "seat":
            colour = self._unseated.pop(0)
            if chosen[0] != "person" and self._seats is not None:
                self._seats[colour] = _seat(chosen[0])
        elif step.key == "level":
            self.engine_level = int(chosen[0])
        elif step.key == "procedure":
            self._procedure = chosen[0]
            if len(self.players) == 3:  # no clock for three: straight on to the gods
                self.clock = "off"
            offered = pools(len(self.players))
            if chosen[0] == "no_gods" or len(offered) == 1:
                self._pool = offered[0]
            elif self._default_pool in offered:
                self.selected = (self._default_pool,)
            self._begin()
        elif step.key in ("pool", "clock"):
            if step.key == "pool":
                self._pool = chosen[0]
            else:
                self.clock = chosen[0]
            self._begin()
        else:
            assert self.selection is not None and step.player is not None
            if isinstance(self.selection, QuickSelection):
                self.selection.decide(step.player, God(chosen[0]))
            else:
                self.selection.decide(step.player, _decision(step.key, chosen))
            if self.selection.step is None:
                self._lineup = self.selection.lineup()
        return True

    def _begin(self) -> None:
        """The selection, once its procedure, pool and clock are chosen."""
        procedure, pool = self._procedure, self._pool
        if procedure is None or pool is None or self.clock is None:
            return
        if procedure == "no_gods":
            self._lineup = no_gods(self.players)
        elif procedure == "quick":
            self.selection = QuickSelection(self.players, self._rng, pool)
        else:
            self.selection = OfficialSelection(self.players, pool=pool)

    @property
    def seats(self) -> dict[str, dict[str, object]]:
        """The seats chosen, by colour, as `POST /api/games` takes them (persons left out)."""
        if self._seats is not None:
            return self._seats
        if self.engine_level is None:
            return {}
        return {ENGINE_SEAT: {"kind": "engine", "level": self.engine_level}}

    def choose_seats(self, seats: dict[str, Any]) -> None:
        """Seat any colours as the engine (the page's way; the board's is `vs_engine`):
        once the players are chosen, until the game starts. Replaces earlier choices."""
        self._chosen_players("seats")
        self._seats = {
            colour: seat
            for colour, seat in seats_json(parse_seats(seats, self.players), self.players).items()
            if seat["kind"] != "person"
        }

    def choose_names(self, names: dict[str, str]) -> None:
        """Name the colours (a name left empty keeps the colour); replaces earlier names."""
        self._chosen_players("names")
        named: dict[str, str] = {}
        for colour, name in names.items():
            if colour not in self.players:
                players = ", ".join(self.players)
                raise ValueError(f"names.{colour}: not one of the players ({players})")
            if name.strip():
                named[colour] = check_player_name(name.strip())
        final = [named.get(colour, colour) for colour in self.players]
        twice = [name for name in final if final.count(name) > 1]
        if twice:
            raise ValueError(f"names: {twice[0]!r} names two players")
        self.names = named

    def named(self, colour: str) -> str:
        """The player's name in the game (their colour if unnamed)."""
        return self.names.get(colour, colour)

    def _chosen_players(self, what: str) -> None:
        if not self.players or self._lineup is not None:
            raise ValueError(f"{what} are chosen once the number of players is, until the start")

    def lineup(self) -> Lineup:
        """The chosen players and gods; only once `step` is None."""
        if self._lineup is None:
            raise ValueError(f"the setup is not complete (choosing: {self.step})")
        return self._lineup


def _procedures(count: int) -> tuple[str, ...]:
    """Three players need gods; the quick selection is for two."""
    if count == 2:
        return ("no_gods", "quick", "official")
    return ("official",) if count == 3 else ("no_gods", "official")


def _seat(option: str) -> dict[str, object]:
    """A seat step's option as the seat it chooses (a person's is left out)."""
    return {"kind": "remote"} if option == "remote" else {"kind": "engine", "level": int(option)}


def _decision(kind: str, chosen: tuple[str, ...]) -> tuple[God, ...] | God | str:
    if kind == "offer":
        return tuple(God(value) for value in chosen)
    return God(chosen[0]) if kind == "god" else chosen[0]
