"""What stops a search, and what it answers.

A search stops at a node budget (deterministic: the tests and the bench use it), a time
budget (the board's default: 1 s) or a depth, whichever comes first. The clock is read
once every 256 nodes, so a time budget costs almost nothing and still stops within a few
milliseconds.
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.clock import Clock
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.tt import DECIDED
from santorini_hw.rules.turns import Turn

DEFAULT_TIME = 1.0
"""Seconds per hint on the board when no budget is given."""
_CLOCK_EVERY = 255
"""Read the clock once every 256 nodes: often enough to stop within a few milliseconds."""


class SearchResult(NamedTuple):
    turn: Turn | None
    """The chosen turn, None when the player to move has no legal turn."""
    score: int
    """For the player to move: positive is good. `WIN - n` (or `n - WIN`): the game is won
    (lost) after n more turns, counting every player's turns and this one."""
    depth: int
    """Turns searched ahead in the deepest finished iteration."""
    nodes: int
    seconds: float

    @property
    def mate_in(self) -> int | None:
        """Turns until a forced win (positive) or loss (negative), when the search proved one."""
        if abs(self.score) < DECIDED:
            return None
        return WIN - self.score if self.score > 0 else -(WIN + self.score)


class Limits(NamedTuple):
    """What stops a search: seconds, nodes and turns ahead (None: no limit of that kind)."""

    time: float | None
    nodes: int | None
    depth: int | None

    @classmethod
    def given(cls, time: float | None, nodes: int | None, depth: int | None) -> Limits:
        """The limits asked for; with none at all, `DEFAULT_TIME`."""
        if time is None and nodes is None and depth is None:
            time = DEFAULT_TIME
        return cls(time, nodes, depth)


class OutOfBudgetError(Exception):
    """Raised deep in the tree when the node or time budget is spent."""


class Budget:
    """A search's node count and its node and time limits."""

    def __init__(self, limits: Limits, clock: Clock) -> None:
        self.clock = clock
        self.start = clock.monotonic()
        self.deadline = None if limits.time is None else self.start + limits.time
        self.node_limit = limits.nodes
        self.nodes = 0

    def spend(self) -> None:
        """Count one node; `OutOfBudgetError` once the nodes or the time are spent."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfBudgetError
        if (
            self.deadline is not None
            and not self.nodes & _CLOCK_EVERY
            and self.clock.monotonic() >= self.deadline
        ):
            raise OutOfBudgetError

    def elapsed(self) -> float:
        return self.clock.monotonic() - self.start
