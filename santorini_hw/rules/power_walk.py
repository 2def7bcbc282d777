"""The state of `power_outcomes`' bitboard walk through an advanced turn: what the
turn fixes at its start (`Walk`), what its steps and builds change besides the
buildings and the workers (`Marks`), and the order in which it tries its options."""

from __future__ import annotations

import random
from typing import NamedTuple, TypeVar

from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.outcomes import Board
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_state import Powers

Found = tuple[Position, int]
"""The position after a turn and the index of its winner (-1: nobody)."""

DOME = 25
"""A build option is a cell, plus DOME for a dome."""

Options = TypeVar("Options", list[int], tuple[int, ...])

ALL, FIRST, WIN = 0, 1, 2
"""What a walk looks for: every outcome, the first complete turn (or a random one), the
first turn the mover wins."""


class Marks(NamedTuple):
    """What a turn's actions change besides the buildings and the workers."""

    female: int = -1
    """Where Selene's female stands, -1 if she has none."""
    constrained: int = 0
    """Aphrodite: workers that started next to hers and have not moved."""
    strayed: int = 0
    """Aphrodite: constrained workers that moved (where they are now)."""
    removed: int = 0
    """Aphrodite's workers removed this turn (they count where they stood)."""
    out: int = 0
    """Players without workers."""
    winner: int = -1
    up: bool = False
    domed: bool = False
    towers: int = 0
    """Complete towers built by Dionysus' hand this turn."""
    passed: bool = False


class Walk:
    """One turn's fixed facts (the mover, the powers in play) and what the walk found."""

    __slots__ = (
        "aphrodite_side",
        "drawn",
        "found",
        "goal",
        "god",
        "limus_side",
        "need_up",
        "passes",
        "persephone",
        "position",
        "powers",
        "rng",
        "seen",
        "side",
        "skip_builds",
        "start_marks",
        "tracking",
        "unsure",
    )

    def __init__(
        self,
        position: Position,
        powers: Powers,
        marks: Marks,
        persephone: bool,
        *,
        rng: random.Random | None,
        goal: int,
    ) -> None:
        sides = position.lineup.sides
        self.position = position
        self.powers = powers
        self.god = powers.god
        self.side = sides[position.to_move]
        self.start_marks = marks
        self.tracking = marks.female >= 0 or marks.constrained != 0
        """Steps must carry Selene's female or Aphrodite's constrained workers."""
        self.persephone = persephone
        self.rng = rng
        self.aphrodite_side = sides[powers.aphrodite] if powers.aphrodite >= 0 else -1
        self.limus_side = sides[powers.limus] if powers.limus >= 0 else -1
        self.found: dict[Found, bool] = {}
        """Each (result, winner) kept, and whether a turn to it went up (Persephone)."""
        self.passes: set[Found] = set()
        self.drawn: Found | None = None
        self.need_up = False
        self.goal = goal
        me = position.to_move
        self.skip_builds = goal == WIN and (powers.chronus != me or towers(position[:4]) < 4)
        """Looking for a win that no build can bring: only Chronus' fifth tower can, and he
        builds once a turn. (Medusa's petrification wins whatever she builds, or never:
        no build changes a standing worker's level; `power_outcomes._after_step`.)"""
        self.unsure = False
        """A win that does not climb was found while Persephone may forbid it."""
        self.seen: set[tuple[object, ...]] = set()

    def side_of(self, w: tuple[int, ...], cell: int) -> int:
        """The side whose worker stands on `cell` (Dionysus moves an opponent's)."""
        if w[self.side] >> cell & 1:
            return self.side
        for side, side_workers in enumerate(w):
            if side_workers >> cell & 1:
                return side
        return -1


def towers(b: Board) -> int:
    return (b[2] & b[3]).bit_count()


def order(walk: Walk, options: Options) -> Options:
    """The options in the order to try them: as given, or from a random one on (a draw
    rarely needs a second option, so a rotation is random enough and far cheaper than
    a shuffle)."""
    rng = walk.rng
    if rng is None or len(options) < 2:
        return options
    first = int(rng.random() * len(options))
    return options[first:] + options[:first]


def eros(position: Position, side: int, w: tuple[int, ...]) -> bool:
    """The two workers of `side` among `w` side by side on level 1 of `position` (three
    players: on any same level)."""
    cells = cells_of(w[side])
    if len(cells) != 2 or not NEIGHBOURS[cells[0]] >> cells[1] & 1:
        return False
    first, second = position.height(cells[0]), position.height(cells[1])
    if len(position.lineup.players) == 3:
        return first == second
    return first == second == 1
