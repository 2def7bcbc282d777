"""What one search knows at its horizon: the value of a position it does not look beyond,
for the root's side.

A position whose player to move can win at once is won or lost (the search subtracts the
distance); with two sides, one whose player to move is stuck is lost (a trap, seen one
turn beyond the horizon without generating a turn); any other is evaluated. The
evaluation is the value network where it covers the game (`network.py`: two players with
simple gods) and the linear one elsewhere, remembered for the search (`Memo`).

In a batch of a dozen the network costs a position half what it costs alone, so the
children of a node one turn from the horizon are evaluated in chunks as the search
reaches them (the first alone, then three, twelve and the rest, `CHUNK_ENDS`): most such
nodes cut after one or two children and waste little, while the few that try them all
hold most of the leaves. A child still counts as a node only when the search reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from santorini_hw.hints.budget import OutOfBudgetError
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.linear import evaluate
from santorini_hw.hints.network import ValueNetwork, network_for
from santorini_hw.hints.tactics import can_win_now, cannot_move
from santorini_hw.rules.position import Position

CHUNK_ENDS = (1, 4, 16)
"""Where the chunks of a node's horizon children end (the last chunk: all the rest)."""
STATICS_CHUNK = 16
"""The root's turns are scored this many together (`Horizon.counted_statics`)."""


class Memo:
    """The evaluation for one side, remembering each position's score: one search meets
    the same position again and again (last iteration's leaves are this one's nodes one
    turn from the horizon, whose pruning looks at their score), and an evaluation costs
    more than a dictionary look-up. Bounded: when full it starts again."""

    def __init__(
        self, side: int, capacity: int = 16384, network: ValueNetwork | None = None
    ) -> None:
        self.side = side
        self.capacity = capacity
        self.network = network
        self.scores: dict[Position, int] = {}

    def __call__(self, position: Position) -> int:
        score = self.scores.get(position)
        if score is None:
            if len(self.scores) >= self.capacity:
                self.scores.clear()
            score = self.scores[position] = self._evaluated([position])[0]
        return score

    def many(self, positions: Sequence[Position]) -> list[int]:
        """The scores of `positions`, those not remembered evaluated together."""
        scores = self.scores
        missing = [position for position in dict.fromkeys(positions) if position not in scores]
        fresh = dict(zip(missing, self._evaluated(missing), strict=True)) if missing else {}
        found = [fresh[p] if p in fresh else scores[p] for p in positions]
        if len(scores) + len(fresh) > self.capacity:
            scores.clear()
        scores.update(fresh)
        return found

    def _evaluated(self, positions: list[Position]) -> list[int]:
        if self.network is None:
            return [evaluate(position, self.side) for position in positions]
        points = self.network.points(positions)
        return [
            value if position.side == self.side else -value
            for position, value in zip(positions, points, strict=True)
        ]


class Horizon:
    """Horizon values for the root's side of one search; `spend` counts a node; `linear`:
    the linear evaluation even in games the network covers."""

    def __init__(self, root: Position, spend: Callable[[], None], *, linear: bool = False) -> None:
        self.side = root.side
        self.sides = root.lineup.sides
        self.three_players = len(root.lineup.players) == 3
        self.spend = spend
        network = None if linear else network_for(root.lineup)
        self.evaluate = Memo(self.side, network=network)

    def value(self, position: Position, ply: int) -> int:
        """A position whose player to move cannot win at once: lost when stuck (two
        sides; three players: the stuck player is out and play goes on), else evaluated."""
        if not self.three_players and cannot_move(position):
            return ply - WIN if self.sides[position.to_move] == self.side else WIN - ply
        return self.evaluate(position)

    def leaf(self, position: Position, ply: int) -> int:
        """A node at the horizon (the search's node with depth 0: no key, no table)."""
        self.spend()
        if can_win_now(position):
            return WIN - ply - 1 if self.sides[position.to_move] == self.side else ply + 1 - WIN
        return self.value(position, ply)

    def leaves(
        self, children: Sequence[Position], ply: int, first: int | None = None
    ) -> Iterator[int]:
        """`leaf` of each child in turn, a chunk's evaluations together (with the network);
        `first` is the first child's value when the search has it already (`frontier.py`)."""
        start = 0
        if first is not None:
            yield first
            start = 1
        if self.evaluate.network is None:
            for child in children[start:]:
                yield self.leaf(child, ply)
            return
        for end in (*CHUNK_ENDS, len(children)):
            if end <= start:
                continue
            chunk = children[start:end]
            for child, value in zip(chunk, self._quiet_values(chunk, ply), strict=True):
                self.spend()
                if value is not None:
                    yield value
                elif self.sides[child.to_move] == self.side:
                    yield WIN - ply - 1
                else:
                    yield ply + 1 - WIN
            start = end

    def prefetch(self, children: Sequence[Position], index: int) -> None:
        """Before the search reaches child `index` of a node two turns from the horizon:
        at the start of each chunk, evaluate the chunk's children together (each is a node
        one turn from the horizon, whose pruning reads its own score first)."""
        if self.evaluate.network is None:
            return
        bounds = (0, *CHUNK_ENDS)
        if index in bounds:
            following = bounds.index(index) + 1
            end = bounds[following] if following < len(bounds) else len(children)
            self._quiet_values(children[index:end], 1)

    def statics(self, positions: Sequence[Position]) -> list[int]:
        """Ordering scores for the root's side, the evaluations together: a turn that hands
        the next player a win is worst; otherwise the horizon value (threats weigh most)."""
        values = self._quiet_values(positions, 1)
        return [
            (WIN if self.sides[position.to_move] == self.side else -WIN) if value is None else value
            for position, value in zip(positions, values, strict=True)
        ]

    def counted_statics(self, positions: Sequence[Position]) -> tuple[list[int], bool]:
        """`statics` of the root's turns, each counted as a node before it is scored (a
        chunk together, `STATICS_CHUNK`): the scores of those the budget paid for, in
        order, and whether it paid for all of them."""
        scores: list[int] = []
        for start in range(0, len(positions), STATICS_CHUNK):
            chunk = positions[start : start + STATICS_CHUNK]
            paid = 0
            try:
                for _ in chunk:
                    self.spend()
                    paid += 1
            except OutOfBudgetError:
                return scores + self.statics(chunk[:paid]), False
            scores += self.statics(chunk)
        return scores, True

    def _quiet_values(self, positions: Sequence[Position], ply: int) -> list[int | None]:
        """`value` of each position (None where its player to move can win at once), the
        evaluations together."""
        values: list[int | None] = []
        pending: list[int] = []
        for position in positions:
            if can_win_now(position):
                values.append(None)
            elif not self.three_players and cannot_move(position):
                mine = self.sides[position.to_move] == self.side
                values.append(ply - WIN if mine else WIN - ply)
            else:
                pending.append(len(values))
                values.append(0)
        scores = self.evaluate.many([positions[index] for index in pending])
        for index, score in zip(pending, scores, strict=True):
            values[index] = score
        return values
