"""Atomic actions of a turn, with their text form.

=========  ==========  ===========================================================
action     text        meaning
=========  ==========  ===========================================================
move       ``c3-c4``   the worker on c3 moves to c4 (an Apollo swap or Minotaur
                       push is the same text: the forced worker follows the rules)
build      ``b4``      a block on b4
dome       ``b4X``     a dome on b4 (on level 3, or at any level for Atlas and
                       Selene)
ferry      ``d2~d4``   Charon moves the opponent's worker on d2 across his worker
                       to d4 (a forced move, never a win)
unbuild    ``b4v``     Ares removes the top block of b4
pass       ``pass``    Dionysus declines his remaining additional turns
=========  ==========  ===========================================================

Builds name only their cell, whoever builds: Zeus' block under himself is his own
cell (``c3`` while he stands on c3), Selene's female and Poseidon's unmoved worker
build next to themselves. Several moves or builds are several actions in a row;
removals by Bia and Medusa are effects of a move or of the turn's end, like Apollo's
swap, and are not written.

>>> parse_action("c3-c4"), parse_action("B4x")
(Action('c3-c4'), Action('b4X'))
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.rules.cells import CELL_COUNT, CellError, cell_name, parse_cell

MOVE = 0
BUILD = 1
DOME = 2
FERRY = 3
UNBUILD = 4
PASS = 5


class NotationError(ValueError):
    """Text that is not valid notation; the message names the offending token."""


class Action(NamedTuple):
    kind: int
    src: int
    """Where a moving (or ferried) worker starts (-1 for builds)."""
    dst: int
    """Where it arrives, or where the piece is built."""

    @property
    def is_move(self) -> bool:
        return self.kind == MOVE

    def text(self) -> str:
        if self.kind == MOVE:
            return f"{cell_name(self.src)}-{cell_name(self.dst)}"
        if self.kind == FERRY:
            return f"{cell_name(self.src)}~{cell_name(self.dst)}"
        if self.kind == PASS:
            return "pass"
        return cell_name(self.dst) + _SUFFIX[self.kind]

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"

    def __str__(self) -> str:
        return self.text()


_SUFFIX = {BUILD: "", DOME: "X", UNBUILD: "v"}

MOVES = tuple(
    tuple(Action(MOVE, src, dst) for dst in range(CELL_COUNT)) for src in range(CELL_COUNT)
)
BUILDS = tuple(Action(BUILD, -1, cell) for cell in range(CELL_COUNT))
DOMES = tuple(Action(DOME, -1, cell) for cell in range(CELL_COUNT))
# Actions are immutable, so each one exists once and generation only looks them up.


PASS_ACTION = Action(PASS, -1, -1)


def move(src: int, dst: int) -> Action:
    return MOVES[src][dst]


def build(cell: int) -> Action:
    return BUILDS[cell]


def dome(cell: int) -> Action:
    return DOMES[cell]


def parse_action(token: str) -> Action:
    """One action from its text; raises `NotationError` naming the token."""
    text = token.strip()
    try:
        if "-" in text:
            src, _, dst = text.partition("-")
            return move(parse_cell(src), parse_cell(dst))
        if "~" in text:
            src, _, dst = text.partition("~")
            return Action(FERRY, parse_cell(src), parse_cell(dst))
        if text.lower() == "pass":
            return PASS_ACTION
        if text[-1:] in ("X", "x"):
            return dome(parse_cell(text[:-1]))
        if text[-1:] in ("V", "v"):
            return Action(UNBUILD, -1, parse_cell(text[:-1]))
        return build(parse_cell(text))
    except CellError:
        raise NotationError(
            f"bad action {token!r}: expected a move like c3-c4, a build like b4, a dome like"
            " b4X, a ferry like d2~d4, a removal like b4v or pass"
        ) from None


def parse_actions(text: str) -> tuple[Action, ...]:
    """A space-separated sequence of actions (one turn)."""
    return tuple(parse_action(token) for token in text.split())


def actions_text(actions: tuple[Action, ...] | list[Action]) -> str:
    return " ".join(action.text() for action in actions)
