"""The engine's levels 1-10: a node budget each, and a controlled randomness below 10.

A level is a search budget in nodes, so level N plays the same on a Pi as here, only
slower; the time cap is a safety net that a slow board may reach (then the answer can
differ). The answer is deterministic for a position and a seed: the turn's own seed is
the game's seed mixed with the position's text, so a restarted daemon shows the same
turn again.

Below level 10 the engine sometimes (`wander`) plays another of its `top` best-looking
turns (by the hint engine's static evaluation) instead of the searched one: a beginner
can win, yet it is no random mover. A win in one is always taken, at every level.
Placements go near the centre, with the same randomness.

The static evaluation reads a god's threats only in part (Pan's drop, Artemis' two
steps), so with gods a stray turn often hands the opponent a win: levels 1-3 let it
(they stray on most turns, widely), levels 4-6 (`careful`) never stray into it. That
check is the step with gods that a little more search is not: there the god pairing
decides many games whatever the level, and only wide gaps show. Levels 7-9 stray
rarely, from their three or two best, without the check.

>>> LEVELS[10].nodes
4357
"""

from __future__ import annotations

import random
import zlib
from itertools import islice
from typing import NamedTuple

from santorini_hw.clock import Clock
from santorini_hw.hints.evaluation import evaluate
from santorini_hw.hints.prior import PRIOR_KEEP
from santorini_hw.hints.search import best_turn
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.cells import cells_of, parse_cell
from santorini_hw.rules.placement import allowed_cells
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_text
from santorini_hw.rules.turns import Turn, quiet_results, turn_leading_to


class Level(NamedTuple):
    nodes: int
    """The search's node budget (level 10: what a Pi 4 searches in a second)."""
    time_cap: float
    """Seconds after which the search answers anyway (a safety net)."""
    wander: float
    """How often another good-looking turn is played instead of the searched one."""
    top: int
    """How many of the best-looking turns that other turn is drawn from."""
    careful: bool = False
    """Whether that other turn is never one that hands the next player a win in one."""
    prior_keep: int = 0
    """The search's move prior (`search.best_turn`; 0: off). Levels 1-9 were laddered
    without it; level 10 is the hint engine's own search."""


LEVELS: dict[int, Level] = {
    1: Level(20, 1.0, 0.95, 40),
    2: Level(20, 1.0, 0.85, 12),
    3: Level(40, 1.0, 0.80, 6),
    4: Level(70, 1.0, 0.76, 8, careful=True),
    5: Level(150, 1.0, 0.74, 5, careful=True),
    6: Level(250, 1.5, 0.45, 4, careful=True),
    7: Level(600, 2.0, 0.18, 3),
    8: Level(1000, 2.0, 0.05, 3),
    9: Level(2000, 3.0, 0.01, 2),
    10: Level(4357, 3.0, 0.0, 1, prior_keep=PRIOR_KEEP),
}
CENTRE = parse_cell("c3")


def turn_seed(game_seed: int, position: Position) -> int:
    """The seed of one choice: the game's seed and the position, nothing else."""
    return zlib.crc32(position_to_text(position).encode(), game_seed & 0xFFFFFFFF)


def choose_turn(
    position: Position, level: int, seed: int, clock: Clock | None = None
) -> Turn | None:
    """The engine's turn at `level` (None: the player to move has no legal turn),
    searched from an empty table so that it depends on nothing but its inputs (`clock`:
    the search's, for its time cap; a `watch.SearchWatch` follows and stops it). A turn
    that strays from the search is drawn before searching: it needs no search at all."""
    spec = LEVELS[level]
    rng = random.Random(seed)
    if not can_win_now(position) and rng.random() < spec.wander:
        stray = _stray(position, spec, rng)
        if stray is not None:
            return stray
    result = best_turn(
        position,
        node_budget=spec.nodes,
        time_budget=spec.time_cap,
        seed=seed,
        clock=clock,
        prior_keep=spec.prior_keep,
    )
    return result.turn


def _stray(position: Position, spec: Level, rng: random.Random) -> Turn | None:
    """One of the `top` best-looking turns by static evaluation, leaving out those that
    hand the next player a win when `careful` (None: no legal turn)."""
    children = quiet_results(position)
    side = position.side
    children.sort(key=lambda child: -evaluate(child, side))
    if spec.careful:
        children = list(islice((c for c in children if not can_win_now(c)), spec.top)) or children
    return turn_leading_to(position, rng.choice(children[: spec.top])) if children else None


def choose_placement(position: Position, level: int, seed: int) -> tuple[int, ...]:
    """Cells for the placer's workers still to place: near the centre, apart from each
    other, drawn with the level's randomness, where the rules allow (Eros: the edges)."""
    rng = random.Random(seed)
    spread = 0.3 + 3 * LEVELS[level].wander
    side = position.side
    missing = 2 - position.workers[side].bit_count()
    chosen: list[int] = []
    for _ in range(missing):
        placed = position.workers[side] | sum(1 << cell for cell in chosen)
        allowed = allowed_cells(position.with_workers(side, placed))
        scores = {
            cell: _distance(cell, CENTRE)
            + 0.5 * any(_distance(cell, other) < 2 for other in chosen)
            + rng.random() * spread
            for cell in cells_of(allowed)
        }
        chosen.append(min(scores, key=lambda cell: scores[cell]))
    return tuple(chosen)


def _distance(a: int, b: int) -> int:
    return max(abs(a % 5 - b % 5), abs(a // 5 - b // 5))
