"""Labels for the evaluation's fit from deeper searches instead of game results.

A game's result says little about one position in it (a single bit, decided by many
turns later), and self-play at a small budget reaches it through weak play. A search of
the position at a larger budget says what the engine itself would think of it after
looking ahead: `label` turns its score into the chance that the player to move wins
(100 points are odds of e to 1, as the evaluation's scale says; a decided score is a 1 or
a 0). Fitting the evaluation to these labels teaches it, at the horizon, what a deeper
search would have seen: the labels are as reproducible as the searches (a node budget
and a fixed seed), and they depend on the weights the searches evaluate with, which the
fit's `source` records through the commit.
"""

from __future__ import annotations

import math
from functools import partial
from multiprocessing import Pool

from santorini_hw.hints.search import best_turn
from santorini_hw.hints.tt import DECIDED
from santorini_hw.rules.position import Position


def label(position: Position, nodes: int) -> float:
    """The chance that the player to move wins, by a search of `nodes` nodes."""
    score = best_turn(position, node_budget=nodes, seed=1).score
    if abs(score) >= DECIDED:
        return 1.0 if score > 0 else 0.0
    return 1 / (1 + math.exp(-score / 100))


def labelled(positions: list[Position], nodes: int, jobs: int) -> list[float]:
    """`label` of every position, in order, on `jobs` processes."""
    with Pool(jobs) as pool:
        return pool.map(partial(label, nodes=nodes), positions, chunksize=20)
