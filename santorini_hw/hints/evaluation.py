"""How good a position is for one side, without looking ahead: learned weights times
features.

The search calls this at its horizon, after checking that the player to move cannot win
at once, so the evaluation is about what happens *next*: who stands high, who threatens
to win and whether that threat can still be stopped, who can move and climb, who is being
trapped. Each side's features (`side_features`) are counted with its god's powers,
through the same bitboard helpers as the win detector (`tactics.py`):

- Apollo and Minotaur reach: their moves onto opponents' cells count for mobility and
  threats; Artemis: level-3 cells her second move reaches are threats; Pan: a drop of two
  levels is a threat; Athena's block: a side under it can neither climb nor threaten.
- A threat counts as stoppable when an opposing worker can reach a cell next to it (to
  build on it next turn); Prometheus and Hermes also build next to where they stand.
- A level-2 worker with no opposing worker within two cells is `unguarded`: nobody can
  come next to it in one move to build its stairs too high or dome its goals.
- `neighbour_height`: the building material next to a side's workers, each free cell
  counted up to one level above the worker (what it can climb or build into stairs);
  `level2_territory`: the free level-2 cells nearer to its workers than to any opposing
  one (king's steps), the cells it reaches first to climb or to finish.

Besides the shared weights, every god has its own weights for its side's level-2
workers, mobility, climbing options, near threats and threats (`GOD_FEATURES`): how
much those are worth depends on the power (Artemis' reach, Atlas' domes, a second
build). What a power builds up over several turns (Morpheus' saved blocks:
`saved_powers.py`) has a weight of its god's alone. The weights live in
`weights.json`, fitted by `tools/fit_evaluation.py` from
games the engine played against itself (the file records how), except the hand-set
`HAND_SET`, which every fit keeps; a side's value is the
weights times its features, and a position's value is one side's minus its strongest
opponent's, plus a tempo bonus for the side to move. Scores are in points (100 points:
odds of about e to 1 to win); a won game is `WIN` (the search subtracts the distance).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from importlib import resources
from operator import mul
from typing import NamedTuple

from santorini_hw.hints.saved_powers import SAVED_POWERS, saved_power
from santorini_hw.hints.tactics import move_targets, worker_wins
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import ADVANCED_GODS, God
from santorini_hw.rules.position import Position

WIN = 100_000
FEATURES = (
    "level1",  # workers on level 1
    "level2",  # workers on level 2
    "level3",  # workers on level 3 (set-up positions only)
    "mobility",  # cells the workers can move to
    "climbs",  # of those, one level up
    "centre",  # workers' closeness to the centre (2 centre, 1 ring, 0 edge)
    "trapped_workers",
    "trapped",  # no worker can move: at its turn the side loses
    "threat",  # it could win next turn
    "extra_threats",  # winning cells beyond the first: one build rarely stops two
    "unstoppable",  # a winning cell no opposing worker can build on first
    "near_threats",  # free level-2 cells next to its level-2 workers
    "high_neighbours",  # free cells one level above a worker, next to it (stairs)
    "unguarded",  # level-2 workers with no opposing worker within two cells
    "neighbour_height",  # free cells' levels next to its workers, up to one above each
    "level2_territory",  # free level-2 cells nearer to its workers than to any opposing
)
HAND_SET = ("unguarded", "neighbour_height", "level2_territory")
"""Features whose weight is set by hand from games against the AlphaZero anchor
(docs/develop/hints.md): the fits keep them. A search labels positions only a few turns
deep, too short to see that nobody near a level-2 worker leaves it free to build its
own way up, which is how the anchor won most of its games; the other two are what the
outcomes of games against the anchor say beyond the fitted evaluation
(`bench/anchor_probe.py`)."""
GOD_FEATURES = ("level2", "mobility", "climbs", "near_threats", "threat")
"""Features that also get a weight of their own per god."""
_GOD_INDEX = tuple(FEATURES.index(name) for name in GOD_FEATURES)


def _steps(a: int, b: int) -> int:
    """King's steps between two cells (a worker's moves on an empty board)."""
    return max(abs(a % 5 - b % 5), abs(a // 5 - b // 5))


CENTRE = tuple(2 - _steps(cell, 12) for cell in range(25))
WITHIN_TWO = tuple(
    sum(1 << other for other in range(25) if other != cell and _steps(other, cell) <= 2)
    for cell in range(25)
)
"""Per cell, the cells at most two steps away: a worker there can come next to it in one
move, to build on the cells around it."""
CLOSER = tuple(
    tuple(
        sum(1 << cell for cell in range(25) if _steps(cell, mine) < _steps(cell, theirs))
        for theirs in range(25)
    )
    for mine in range(25)
)
"""Per pair of cells (mine, theirs), the cells fewer king's steps from mine than from
theirs."""
_BUILD_WHERE_THEY_STAND = (God.PROMETHEUS, God.HERMES)
_FORCING = (God.APOLLO, God.MINOTAUR)
_REACHING = (God.ARTEMIS, God.PAN)


class Weights(NamedTuple):
    base: tuple[float, ...]
    """One per `FEATURES`."""
    gods: dict[God | None, tuple[float, ...]]
    """Per god (None: no power), one per `GOD_FEATURES`, added to the base weights."""
    tempo: float
    powers: dict[God, float]
    """Per god in `SAVED_POWERS`, the points of one unit of what its power built up."""

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Weights:
        features = data["features"]
        if features != list(FEATURES) or data["god_features"] != list(GOD_FEATURES):
            raise ValueError(f"weights for features {features}, expected {list(FEATURES)}")
        base = tuple(float(w) for w in data["base"])  # type: ignore[attr-defined]
        gods: dict[God | None, tuple[float, ...]] = {None: (0.0,) * len(GOD_FEATURES)}
        for name, values in data["gods"].items():  # type: ignore[attr-defined]
            gods[God(name)] = tuple(float(w) for w in values)
        powers = _powers_from_json(data.get("powers", {}))
        return cls(base, gods, float(data["tempo"]), powers)  # type: ignore[arg-type]

    def powers_json(self) -> dict[str, dict[str, float]]:
        """`powers` as `weights.json` holds them: per god, its saved power's name and weight."""
        return {god.value: {SAVED_POWERS[god]: weight} for god, weight in self.powers.items()}

    def side_weights(self, god: God | None) -> tuple[float, ...]:
        """The base weights with `god`'s own added in."""
        merged = list(self.base)
        for index, extra in zip(_GOD_INDEX, self.gods.get(god, ()), strict=False):
            merged[index] += extra
        return tuple(merged)


def _powers_from_json(data: object) -> dict[God, float]:
    if not isinstance(data, dict):
        raise ValueError(f"weights' powers must be an object, not {data!r}")
    powers = {}
    for name, entry in data.items():
        god = God(name)
        expected = SAVED_POWERS.get(god)
        if not isinstance(entry, dict) or list(entry) != [expected]:
            raise ValueError(f"{name}'s power weight must be {{{expected!r}: points}}")
        powers[god] = float(entry[expected])
    return powers


def load_weights() -> Weights:
    text = resources.files("santorini_hw.hints").joinpath("weights.json").read_text()
    return Weights.from_json(json.loads(text))


def blind_to(weights: Weights, gods: Collection[God]) -> Weights:
    """`weights` with `gods`' own weights zeroed: those sides valued by the shared weights
    alone, as if their powers changed nothing the features count."""
    zero = (0.0,) * len(GOD_FEATURES)
    return weights._replace(
        gods={god: zero if god in gods else own for god, own in weights.gods.items()},
        powers={god: 0.0 if god in gods else own for god, own in weights.powers.items()},
    )


def power_blind(weights: Weights) -> Weights:
    """`weights` with the advanced gods' own weights zeroed: the evaluation blind to
    their powers, the yardstick their learned weights are measured against."""
    return blind_to(weights, ADVANCED_GODS)


_SIDE_WEIGHTS: dict[God | None, tuple[float, ...]] = {}
"""Per god, the weights its side is valued with (base plus the god's own)."""
_TEMPO = [0.0]
"""The bonus of the side to move."""
_POWER_WEIGHTS: dict[God | None, float] = {}
"""Per god whose saved power has a weight, that weight."""


def use_weights(weights: Weights) -> None:
    """Evaluate with `weights` from now on (the fitting tool plays with the ones it fits)."""
    _SIDE_WEIGHTS.clear()
    _SIDE_WEIGHTS.update({god: weights.side_weights(god) for god in [None, *God]})
    _TEMPO[0] = weights.tempo
    _POWER_WEIGHTS.clear()
    _POWER_WEIGHTS.update({god: weight for god, weight in weights.powers.items() if weight})


use_weights(load_weights())


def evaluate(position: Position, side: int) -> int:
    """Score of `position` for `side`: its value minus that of its strongest opponent.

    Against several opponents (three players) only the strongest counts, as in a
    paranoid search where every other player is assumed to be against the root."""
    found = all_features(position).items()
    values = {each: side_value(position, god, counted) for each, (god, counted) in found}
    return score(position, side, values)


def side_value(position: Position, god: God | None, features: Sequence[int]) -> float:
    """A side's value: its god's weights times its features, and its saved power."""
    value = float(sum(map(mul, _SIDE_WEIGHTS[god], features)))
    weight = _POWER_WEIGHTS.get(god)
    return value + weight * saved_power(position, god) if weight and god else value


def score(position: Position, side: int, values: dict[int, float]) -> int:
    """`side`'s score from every side's value: the side to move's gets the tempo bonus."""
    if position.side in values:
        values[position.side] += _TEMPO[0]
    own = values.get(side, -2 * WIN)
    return round(own - max(value for s, value in values.items() if s != side))


class _Reach(NamedTuple):
    """Where one side's workers can go and win: the raw material of its features."""

    god: God | None
    up_ok: bool
    workers: list[tuple[int, int, int]]
    """(cell, height, cells it can move to) per worker."""
    wins: int


def all_features(position: Position) -> dict[int, tuple[God | None, list[int]]]:
    """Every side still in the game: its god (of the member who moves next) and
    `side_features`. The value network reads this for nearly every node the search
    visits, so the work both sides share (free cells by level) is done once."""
    lineup = position.lineup
    if len(lineup.players) == 2:
        members = {0: 0, 1: 1}
    else:
        alive = {lineup.sides[p] for p in range(len(lineup.players)) if position.alive(p)}
        members = {s: _next_member(position, s) for s in sorted(alive)}
    l1, l2, l3, domes = position.l1, position.l2, position.l3, position.domes
    occupied = 0
    for side_workers in position.workers:
        occupied |= side_workers
    free = ~occupied & ~domes
    levels = (~l1 & free, l1 & ~l2 & free, l2 & ~l3 & free, l3 & free, 0)
    reach = {s: _reach(position, s, lineup.gods[p], free) for s, p in members.items()}
    return {
        s: (r.god, side_features(position, levels, r, [reach[o] for o in reach if o != s]))
        for s, r in reach.items()
    }


def _reach(position: Position, side: int, god: God | None, open_: int) -> _Reach:
    """`side`'s workers' moves and winning cells; `open_` holds no worker and no dome."""
    l1, l2, l3, domes, workers, _, athena, _, lineup, _ = position
    up_ok = athena < 0 or lineup.sides[athena] == side
    allowed = (~l2, ~l3, -1, -1) if up_ok else (~l1, ~l2, ~l3, -1)
    forcing = god in _FORCING
    reaching = god in _REACHING
    found_workers = []
    wins = 0
    for cell in cells_of(workers[side]):
        height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
        if forcing:
            found = move_targets(position, cell, side, god, up_ok)
        else:
            found = NEIGHBOURS[cell] & allowed[height] & open_
        found_workers.append((cell, height, found))
        if reaching and height >= 1:
            wins |= worker_wins(position, cell, found, god, up_ok)
        elif height == 2:
            wins |= found & l3 & ~domes
    return _Reach(god, up_ok, found_workers, wins)


def _build_reach(reach: _Reach) -> int:
    """Cells the side could build on next turn (next to a cell it can move to)."""
    around = 0
    for cell, _, targets in reach.workers:
        if reach.god in _BUILD_WHERE_THEY_STAND:
            around |= NEIGHBOURS[cell]
        for target in cells_of(targets):
            around |= NEIGHBOURS[target]
    return around


def side_features(
    position: Position, levels: tuple[int, ...], own: _Reach, others: list[_Reach]
) -> list[int]:
    """One side's feature values, in the order of `FEATURES`; `levels` holds the free
    cells of each level 0-3 (then none)."""
    l1, l2, l3 = position.l1, position.l2, position.l3
    free_level2 = levels[2]
    free = levels[0] | levels[1] | free_level2 | levels[3]
    on_level = [0, 0, 0, 0]
    mobility = climbs = centre = trapped_workers = stairs = unguarded = around = 0
    near = opposing = 0
    opposing_cells = []
    for other in others:
        for cell, _, _ in other.workers:
            opposing |= 1 << cell
            opposing_cells.append(cell)
    up_ok = own.up_ok
    for cell, height, targets in own.workers:
        on_level[height] += 1
        mobility += targets.bit_count()
        up = levels[height + 1]
        if up_ok:
            climbs += (targets & up).bit_count()
        centre += CENTRE[cell]
        beside = NEIGHBOURS[cell] & free
        stairs += (beside & up).bit_count()
        around += (beside & l1).bit_count()  # each level counts up to one above the worker
        if height >= 1:
            around += (beside & l2).bit_count()
            if height >= 2:
                around += (beside & l3).bit_count()
        if not targets:
            trapped_workers += 1
        if height == 2:
            near |= NEIGHBOURS[cell] & free_level2
            if not WITHIN_TWO[cell] & opposing:
                unguarded += 1
    wins = own.wins
    threats = wins.bit_count()
    unstoppable = 0
    if threats:
        stoppers = 0
        for other in others:
            stoppers |= _build_reach(other)
        unstoppable = 1 if wins & ~stoppers else 0
    return [
        on_level[1],
        on_level[2],
        on_level[3],
        mobility,
        climbs,
        centre,
        trapped_workers,
        1 if trapped_workers == len(own.workers) else 0,
        1 if threats else 0,
        max(0, threats - 1),
        unstoppable,
        near.bit_count(),
        stairs,
        unguarded,
        around,
        _territory(l2 & ~l3 & ~position.domes, own, opposing_cells),
    ]


def _territory(cells: int, own: _Reach, opposing: list[int]) -> int:
    """How many of `cells` are nearer (king's steps) to one of `own`'s workers than to any
    `opposing` one: for every opposing worker, some own worker is nearer."""
    if not cells or not own.workers:
        return 0
    for theirs in opposing:
        closer = 0
        for mine, _, _ in own.workers:
            closer |= CLOSER[mine][theirs]
        cells &= closer
    return cells.bit_count()


def _next_member(position: Position, side: int) -> int:
    """The player of `side` who moves next (teammates alternate on one side)."""
    count = len(position.lineup.players)
    for step in range(count):
        player = (position.to_move + step) % count
        if position.lineup.sides[player] == side and position.alive(player):
            return player
    raise ValueError(f"side {side} has no player left")
