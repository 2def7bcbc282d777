"""How good a position is for one side, without looking ahead.

The search calls this at its horizon, after checking that the player to move cannot win
at once, so the evaluation is about what happens *next*: who stands high, who threatens
to win and whether that threat can still be domed, who can move and climb, who is being
trapped. The gods enter through the same bitboard helpers the win detector uses:

- Apollo and Minotaur reach: their moves onto opponents' cells count for mobility and
  threats (`tactics.move_targets`).
- Artemis range: cells two moves away count for mobility, and level-3 cells her second
  move reaches count as threats.
- Athena's block: a side under it can neither climb nor threaten to climb.
- Pan's drop: a Pan worker on level 2 or 3 next to a cell two levels lower threatens.
- Atlas domes at any level: a level-2 cell one block from an opponent's threat counts
  for nothing when Atlas can reach it to dome it first.
- Prometheus (building before moving) and Hermes (building without moving) also build
  next to where they stand: that widens what they can stop.
- Builders that add two blocks a turn (Demeter, Hephaestus, Prometheus) turn a level-2
  cell next to their level-2 worker into a threat faster: such cells count for more.

A threat is stopped by building on its cell (a dome on level 3; a block under a Pan
drop), so it counts as stoppable when an opposing worker can build there next turn.

Scores are in points; a win is `WIN` (the search subtracts the distance to it).
"""

from __future__ import annotations

from typing import NamedTuple

from santorini_hw.hints.tactics import move_targets, worker_wins
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position

WIN = 100_000
HEIGHT = (0, 12, 40, 40)
"""Value of a worker's height: level 2 is where wins are launched from."""
MOBILITY = 3
CLIMB_OPTION = 8
"""Per neighbouring cell one level up that the worker may step onto."""
RANGE = 1
"""Per extra cell Artemis reaches with her second move."""
TRAPPED_WORKER = 50
TRAPPED_SIDE = 400
"""No worker of the side can move: at its turn it loses (or is eliminated)."""
THREAT = 70
EXTRA_THREAT = 150
"""Each further winning cell: one build rarely stops two."""
UNSTOPPABLE = 600
"""A winning cell that no opposing worker can reach to dome."""
NEAR_THREAT = 10
"""A free level-2 cell next to a level-2 worker: one block from a threat."""
BUILDER_NEAR_THREAT = 20
TEMPO = 15

_DOUBLE_BUILDERS = (God.DEMETER, God.HEPHAESTUS, God.PROMETHEUS)
_BUILD_WHERE_THEY_STAND = (God.PROMETHEUS, God.HERMES)


class _SideView(NamedTuple):
    """What one side's workers can do: the raw material of its score."""

    score: int
    threats: int
    """Cells the side could move onto to win on its next turn."""
    near_threats: int
    """Free level-2 cells next to the side's level-2 workers."""
    near_value: int
    """Points per near threat: more for double builders."""
    build_reach: int
    """Free cells the side could build on next turn (to stop a threat)."""
    atlas: bool


def evaluate(position: Position, side: int) -> int:
    """Score of `position` for `side`: its features minus those of its strongest opponent.

    Against several opponents (three players) only the strongest counts, as in a
    paranoid search where every other player is assumed to be against the root."""
    views = {s: _side_view(position, s) for s in _live_sides(position)}
    totals = {s: view.score + _threat_value(s, views) for s, view in views.items()}
    if position.side in totals:
        totals[position.side] += TEMPO
    own = totals.get(side, -TRAPPED_SIDE)
    return own - max(score for s, score in totals.items() if s != side)


def _live_sides(position: Position) -> list[int]:
    lineup = position.lineup
    return sorted({lineup.sides[p] for p in range(len(lineup.players)) if position.alive(p)})


def _next_member(position: Position, side: int) -> int:
    """The player of `side` who moves next (teammates alternate on one side)."""
    count = len(position.lineup.players)
    for step in range(count):
        player = (position.to_move + step) % count
        if position.lineup.sides[player] == side and position.alive(player):
            return player
    raise ValueError(f"side {side} has no player left")


def _side_view(position: Position, side: int) -> _SideView:
    player = _next_member(position, side)
    god = position.lineup.gods[player]
    athena = position.athena
    up_ok = not (athena >= 0 and position.lineup.sides[athena] != side)
    free = ~position.occupied & ~position.domes
    score = 0
    build_reach = near_threats = threats = 0
    trapped = True
    for cell in cells_of(position.workers[side]):
        height = position.height(cell)
        targets = move_targets(position, cell, side, god, up_ok)
        score += HEIGHT[height] + MOBILITY * targets.bit_count()
        if up_ok and height < 3:
            score += CLIMB_OPTION * (targets & position.exactly(height + 1)).bit_count()
        threats |= worker_wins(position, cell, targets, god, up_ok)
        if targets:
            trapped = False
        else:
            score -= TRAPPED_WORKER
        around = NEIGHBOURS[cell] if god in _BUILD_WHERE_THEY_STAND else 0
        for target in cells_of(targets):
            around |= NEIGHBOURS[target]
        build_reach |= around & free
        if god is God.ARTEMIS:
            score += RANGE * (around & free & ~targets & ~(1 << cell)).bit_count()
        if height == 2:
            near_threats |= NEIGHBOURS[cell] & free & position.exactly(2)
    if trapped:
        score -= TRAPPED_SIDE
    near_value = BUILDER_NEAR_THREAT if god in _DOUBLE_BUILDERS else NEAR_THREAT
    return _SideView(score, threats, near_threats, near_value, build_reach, god is God.ATLAS)


def _threat_value(side: int, views: dict[int, _SideView]) -> int:
    """Points for `side`'s threats and near threats, given what its opponents can stop."""
    own = views[side]
    stoppers = domed_by_atlas = 0
    for other, view in views.items():
        if other != side:
            stoppers |= view.build_reach
            if view.atlas:
                domed_by_atlas |= view.build_reach
    value = own.near_value * (own.near_threats & ~domed_by_atlas).bit_count()
    if own.threats:
        value += THREAT + EXTRA_THREAT * (own.threats.bit_count() - 1)
        if own.threats & ~stoppers:
            value += UNSTOPPABLE
    return value
