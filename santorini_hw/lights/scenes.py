"""What the board shows: scenes of per-cell marks, in layers with priorities.

A scene says *what* each cell means ("a legal destination", "fix this cell"), never
which colour a pixel gets: that is the palette's and the renderer's job, so the referee
can build scenes from rules data without knowing about LEDs, and the simulator can print
them. A `Scene` keeps one layer per `Priority`; composing it gives each cell the mark of
its highest layer, so an error beats a hint beats legal moves beats idle.

Element kinds are a contract: the simulator prints the kind of each lit cell
(`lit_cells`, e.g. `{"b4": "error"}`). Keep the names stable. The colours and patterns
are those of `palette.DEFAULT_PALETTE` (a test checks this table against it):

============== ======== ================================================ =============== ===========
kind           layer    meaning                                          colour          pattern
============== ======== ================================================ =============== ===========
idle           idle     the board is on and waiting                      dim white       steady
turn_worker    legal    a worker of the player to move that can move     player          steady
destination    legal    where the lifted worker may go                   bluish green    steady
build          legal    where a block may be built                       white           steady
dome_build     legal    where a dome may be built (Atlas)                blue            steady
second_build   legal    optional second build (Demeter, Hephaestus)      white           slow blink
prebuild       legal    optional build before moving (Prometheus)        white           slow blink
setup          legal    where the player placing workers may put one     player          slow blink
winner         legal    the winner's workers                             player          slow pulse
clock_low      legal    the mover's workers, short of time (over white)  player          tick
calibrate      legal    calibration target: put the asked stack here     yellow          steady
selftest       legal    light self-test                                  white           steady
menu_option    legal    a choice of the board used as a menu             blue            steady
menu_selected  legal    the chosen menu option                           yellow          steady
menu_page      legal    turn the menu's page of gods                     white           steady
carry_place    legal    put a worker here for a seat not at the board    player          beckon
carry_worker   legal    lift this worker for a seat not at the board     player          beckon
carry_move     legal    put the lifted worker (or a forced one) here     player          beckon
carry_build    legal    build a block here for a seat not at the board   player          beckon
carry_dome     legal    build a dome here for a seat not at the board    player          beckon
takeback       legal    a remote player's workers: they ask a takeback   player          slow blink
take_worker    legal    take this worker off (Bia's, Medusa's victim)    vermillion      fall
place_block    legal    put a block here: Medusa's petrification          vermillion      rise
take_block     legal    this block may be taken off (Ares)               white           fall
build_under    legal    a block may go under this worker (Zeus)          white           rise
ferry          legal    where an opponent's worker may be moved (Charon) bluish green    slow blink
female         legal    Selene's female worker (placed, may move, built) player          wink
hint_worker    hint     a worker the hint moves                          reddish purple  pulse
hint_move      hint     where the hint moves it                          reddish purple  pulse
hint_build     hint     where the hint builds                            reddish purple  pulse
hint_take      hint     a block (Ares) or a worker the hint takes off    reddish purple  fall
hint_under     hint     where the hint's worker ends, a block under it   reddish purple  rise
chaos_draw     hint     Chaos drew a power: his workers                  player          two flashes
chaos_card     hint     Chaos drew a power: its cell on the menu         white           two flashes
error          error    fix this cell (one fix at a time), by `fix`:     vermillion      (below)
bridge_down    status   the stack-sensor bridge is disconnected          yellow          slow blink
link_problem   status   the paired board holds another game              vermillion      slow blink
============== ======== ================================================ =============== ===========

The five kinds of the advanced gods say what the other kinds cannot: a *fall* (bright,
then dimmer twice, then dark) means "take off", a *rise* (dim, brighter, bright, then
dark) means "put on"; vermillion is what the rules made happen and hands must still do
(the turn after waits for it), white what a power allows.

Selene's female worker `wink`s (her player's hue with a short white wink): from her
placement to the end of the setup, then at the start of each of Selene's turns where she
may move, and after she moved while she builds (she may dome at any level). Chaos' new
power shows from his draw until the next turn's first step, over "may move" marks and
dark cells only (never over a step to take): two quick flashes on his workers in his
hue, and in white on the drawn god's cell of the menu's simple page (Apollo a1 ...
Prometheus e2), the cell where the menu offers that god.

The `carry_*` kinds show a turn someone at the board carries out for a seat that is not
(the engine): one step at a time, in that seat's hue, with a beckoning pulse that
nothing else uses (a hint pulses in its own hue); `carry_dome` pulses over white, and
an Apollo or Minotaur move shows where the forced worker goes as `carry_move` in its
owner's hue. `clock_low` alternates the player's hue with white once a second, from the last 10 s
of a move's minute and while the bank drains. The three hint pulses are a third of a
period apart, so the light runs worker, then destination, then build; every worker the
hint moves shows (Hermes' two, Charon's ferried opponent as a worker and where it goes),
and the advanced steps keep their meaning in the hint's hue: `hint_take` falls on Ares'
block and on a worker the turn removes (Bia, Medusa), `hint_under` rises where Zeus'
worker ends with a block under it. A hint to pass (Dionysus) lights nothing: press done.
Errors carry a `Fix`:

============== ========================== ========================================================
fix            meaning                    pattern
============== ========================== ========================================================
place_worker   put a worker here          blink, vermillion alternating with the player (or white)
remove_piece   remove this piece          blink, vermillion and dark
wrong_level    this cell should be level  vermillion, N flashes then a pause (level 0: one long
               N                          flash)
============== ========================== ========================================================

>>> scene = Scene().with_marks(["c4", "d4"], Mark(Element.DESTINATION))
>>> scene = scene.with_mark("d4", Mark.error(Fix.WRONG_LEVEL, level=2))
>>> lit_cells(scene)
{'c4': 'destination', 'd4': 'error'}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from santorini_hw.rules.cells import CELL_COUNT, cell_name, parse_cell

MAX_PLAYERS = 4
MAX_LEVEL = 3


class Priority(IntEnum):
    """Layers, lowest first: a cell shows the mark of its highest layer."""

    IDLE = 0
    LEGAL = 1
    """Legal moves and builds, and the board's other modes (setup, winner, menu...)."""
    HINT = 2
    ERROR = 3
    STATUS = 4
    """Faults of the board itself: shown over everything."""


class Element(StrEnum):
    """Kinds of mark; the values are the stable names printed by the simulator."""

    IDLE = "idle"
    TURN_WORKER = "turn_worker"
    DESTINATION = "destination"
    BUILD = "build"
    DOME_BUILD = "dome_build"
    SECOND_BUILD = "second_build"
    PREBUILD = "prebuild"
    SETUP = "setup"
    WINNER = "winner"
    CLOCK_LOW = "clock_low"
    CALIBRATE = "calibrate"
    SELFTEST = "selftest"
    MENU_OPTION = "menu_option"
    MENU_SELECTED = "menu_selected"
    MENU_PAGE = "menu_page"
    CARRY_PLACE = "carry_place"
    CARRY_WORKER = "carry_worker"
    CARRY_MOVE = "carry_move"
    CARRY_BUILD = "carry_build"
    CARRY_DOME = "carry_dome"
    TAKEBACK = "takeback"
    TAKE_WORKER = "take_worker"
    PLACE_BLOCK = "place_block"
    TAKE_BLOCK = "take_block"
    BUILD_UNDER = "build_under"
    FERRY = "ferry"
    FEMALE = "female"
    HINT_WORKER = "hint_worker"
    HINT_MOVE = "hint_move"
    HINT_BUILD = "hint_build"
    HINT_TAKE = "hint_take"
    HINT_UNDER = "hint_under"
    CHAOS_DRAW = "chaos_draw"
    CHAOS_CARD = "chaos_card"
    ERROR = "error"
    BRIDGE_DOWN = "bridge_down"
    LINK_PROBLEM = "link_problem"

    @property
    def priority(self) -> Priority:
        return _PRIORITY.get(self, Priority.LEGAL)


_PRIORITY = {
    Element.IDLE: Priority.IDLE,
    Element.HINT_WORKER: Priority.HINT,
    Element.HINT_MOVE: Priority.HINT,
    Element.HINT_BUILD: Priority.HINT,
    Element.HINT_TAKE: Priority.HINT,
    Element.HINT_UNDER: Priority.HINT,
    Element.CHAOS_DRAW: Priority.HINT,
    Element.CHAOS_CARD: Priority.HINT,
    Element.ERROR: Priority.ERROR,
    Element.BRIDGE_DOWN: Priority.STATUS,
    Element.LINK_PROBLEM: Priority.STATUS,
}

CARRY_ELEMENTS = frozenset(
    {
        Element.CARRY_PLACE,
        Element.CARRY_WORKER,
        Element.CARRY_MOVE,
        Element.CARRY_BUILD,
        Element.CARRY_DOME,
    }
)
""""Do this for the seat not at the board": one step of its turn at a time."""
PLAYER_ELEMENTS = (
    frozenset(
        {
            Element.TURN_WORKER,
            Element.SETUP,
            Element.WINNER,
            Element.CLOCK_LOW,
            Element.TAKEBACK,
            Element.FEMALE,
            Element.CHAOS_DRAW,
        }
    )
    | CARRY_ELEMENTS
)
"""Kinds shown in a player's colour: they need `Mark.player`."""


class Fix(StrEnum):
    """What an error asks the player to do on its cell."""

    PLACE_WORKER = "place_worker"
    REMOVE_PIECE = "remove_piece"
    WRONG_LEVEL = "wrong_level"


@dataclass(frozen=True)
class Mark:
    """What one cell means. `player` is an index in turn order (0 = first player)."""

    kind: Element
    player: int | None = None
    fix: Fix | None = None
    level: int | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if (self.fix is None) != (kind is not Element.ERROR):
            raise ValueError(f"a {kind} mark needs a fix if and only if it is an error")
        if (self.level is None) != (self.fix is not Fix.WRONG_LEVEL):
            raise ValueError("a level is given with, and only with, a wrong_level error")
        if self.level is not None and not 0 <= self.level <= MAX_LEVEL:
            raise ValueError(f"level must be 0 to {MAX_LEVEL}, not {self.level}")
        if self.player is None:
            if kind in PLAYER_ELEMENTS:
                raise ValueError(f"a {kind} mark needs its player")
        elif kind not in PLAYER_ELEMENTS and self.fix is not Fix.PLACE_WORKER:
            raise ValueError(f"a {kind} mark has no player")
        elif not 0 <= self.player < MAX_PLAYERS:
            raise ValueError(f"player must be 0 to {MAX_PLAYERS - 1}, not {self.player}")

    @classmethod
    def error(cls, fix: Fix, *, level: int | None = None, player: int | None = None) -> Mark:
        return cls(Element.ERROR, player=player, fix=fix, level=level)


Layer = tuple[Mark | None, ...]
"""One mark or None per cell, in cell index order."""

_EMPTY_LAYER: Layer = (None,) * CELL_COUNT


def _index(cell: int | str) -> int:
    if isinstance(cell, str):
        return parse_cell(cell)
    if not 0 <= cell < CELL_COUNT:
        raise ValueError(f"cell index must be 0 to {CELL_COUNT - 1}, not {cell}")
    return cell


@dataclass(frozen=True)
class Scene:
    """A frozen stack of layers, one per `Priority`; cells without a mark stay dark.

    Build one with `with_mark`/`with_marks` (a mark goes to its kind's layer; a later
    mark on the same cell and layer replaces the earlier one) and drop a layer with
    `without` (a hint expires, an error is fixed).
    """

    layers: tuple[Layer, ...] = (_EMPTY_LAYER,) * len(Priority)

    def __post_init__(self) -> None:
        if len(self.layers) != len(Priority) or any(len(lay) != CELL_COUNT for lay in self.layers):
            raise ValueError(f"a scene has {len(Priority)} layers of {CELL_COUNT} cells")
        for priority, layer in zip(Priority, self.layers, strict=True):
            misplaced = next((m for m in layer if m and m.kind.priority != priority), None)
            if misplaced:
                raise ValueError(
                    f"a {misplaced.kind} mark belongs in the {misplaced.kind.priority.name} "
                    f"layer, not {priority.name}"
                )

    def with_mark(self, cell: int | str, mark: Mark) -> Scene:
        return self.with_marks([cell], mark)

    def with_marks(self, cells: Iterable[int | str], mark: Mark) -> Scene:
        layer = list(self.layers[mark.kind.priority])
        for cell in cells:
            layer[_index(cell)] = mark
        return self._replace(mark.kind.priority, tuple(layer))

    def without(self, priority: Priority) -> Scene:
        return self._replace(priority, _EMPTY_LAYER)

    def _replace(self, priority: Priority, layer: Layer) -> Scene:
        layers = list(self.layers)
        layers[priority] = layer
        return Scene(tuple(layers))

    def layer(self, priority: Priority) -> dict[int, Mark]:
        """The marks of one layer by cell index."""
        return {cell: mark for cell, mark in enumerate(self.layers[priority]) if mark}

    def composed(self) -> Layer:
        """Each cell's winning mark: that of its highest layer, or None (dark)."""
        return tuple(
            next((mark for mark in reversed(marks) if mark is not None), None)
            for marks in zip(*self.layers, strict=True)
        )


def lit_cells(scene: Scene) -> dict[str, str]:
    """`{cell name: element kind name}` of the lit cells, in cell order (simulator output)."""
    return {
        cell_name(cell): mark.kind.value
        for cell, mark in enumerate(scene.composed())
        if mark is not None
    }
