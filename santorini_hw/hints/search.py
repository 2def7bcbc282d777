"""The hint engine: iterative-deepening principal-variation search over whole turns.

A node is a position; its children are the positions its player's turns lead to
(`turns.quiet_results`; simple gods straight from the bitboards). Every node first asks
whether its player can win at once (`tactics.can_win_now`): that decides it without
generating a turn (every horizon is a turn deeper for wins); only turns that do not win
are children. At the horizon a player whose workers cannot move has lost; other values
come from `horizon.py` (the value network, else the linear evaluation), a node's leaves
together. One turn from the horizon a node far outside the window by its own evaluation
is decided by it (`pruning.py`), and one whose first child is the table's turn or a
killer tries it before generating its other turns (`frontier.py`).

Ordering: the transposition table's turn first, then the killer turns of that depth, then
(two or more turns from the horizon) by static evaluation, or (next to the horizon) by
the history counters (`ordering.py`). The first child is searched with the full window,
the others with a null window and again only when they beat it (PVS); from the second
iteration on, the root starts with a narrow window around the last score (aspiration).
The root's children are ordered by their static scores (their depth-0 values), which
are its first iteration. Late children of sorted nodes are first searched a turn
shallower (`REDUCE_FROM`); wide nodes keep only their best-looking turns (`KEEP_ROOT`,
`KEEP_INNER`; in the games the move prior covers, nodes one turn from the horizon in
deeper iterations, by the prior: `prior.PRIOR_KEEP`). A node that left turns out never
claims a proven result (`UNPROVEN`).

Two sides (two players, or four in two teams) play plain minimax; three players the
paranoid model (the other two against the hint's player: alpha-beta stays sound). With
no legal turn a player loses (two sides) or is out and play goes on (three players).

At its budget (`budget.py`: nodes, time or depth) it answers with the deepest finished
iteration's best turn, or the unfinished one's when something beat its first turn: a
legal turn, its actions from the rules core.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from santorini_hw.clock import Clock, SystemClock
from santorini_hw.hints.budget import Budget, Limits, OutOfBudgetError, SearchResult
from santorini_hw.hints.evaluation import WIN
from santorini_hw.hints.frontier import first_child
from santorini_hw.hints.horizon import Horizon
from santorini_hw.hints.ordering import MoveOrder, move_id
from santorini_hw.hints.prior import PRIOR_KEEP, PRUNES_FROM, MovePrior, prior_for
from santorini_hw.hints.prior_turns import likeliest_turns
from santorini_hw.hints.pruning import static_cut
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.hints.tt import DECIDED, Bound, TranspositionTable, one_search_table
from santorini_hw.hints.zobrist import child_key, position_key
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn, generate_turns, quiet_results, turn_leading_to

MAX_DEPTH = 64
INFINITY = WIN + 1
ASPIRATION = 60
"""Half-width of the root's first window around the previous iteration's score."""
STATIC_ORDER_DEPTH = 3
"""Nodes this many turns from the horizon or more sort their children by evaluation (and
keep them); nearer, that costs more than it saves: the move order ranks them."""
REDUCE_FROM = 4
"""Late move reductions: of children sorted by evaluation, the fifth on is first searched
a turn shallower (null window), again at full depth only if it beats the best so far."""
KEEP_ROOT = 48
"""Deeper iterations search the root's best 48 turns by static score (a Hermes root has
thousands); when all of them lose, the others are searched before the loss is believed."""
KEEP_INNER = 32
"""Interior nodes sorted by evaluation keep their best 32 children (the god turns that
build twice or walk far come in hundreds; the worst-looking rarely matter)."""
UNPROVEN = DECIDED - 1
"""What a node that left children out says instead of a proven result: nearly decided,
but a turn left out might change it (a hint's `mate_in` is always proven)."""
_ORDERED_CAPACITY = 4096  # interior nodes whose ordered children are kept (bounded)


class Children(NamedTuple):
    positions: list[Position]
    keys: list[int]
    """Their Zobrist keys (empty when computed as the search reaches each child)."""
    moves: list[int]
    pruned: bool
    """Whether the worst-looking children were left out (`KEEP_INNER`)."""


def best_turn(
    position: Position,
    *,
    time_budget: float | None = None,
    node_budget: int | None = None,
    depth: int | None = None,
    seed: int = 0,
    clock: Clock | None = None,
    prior_keep: int = PRIOR_KEEP,
    linear: bool = False,
) -> SearchResult:
    """The engine's turn for the player to move from an empty table (`engine.HintEngine`
    keeps one through a game): the same position, budget and seed give the same answer; no
    budget at all is `budget.DEFAULT_TIME`. Nodes one turn from the horizon search only the
    move prior's best `prior_keep` turns from `prior.PRUNES_FROM` turns deep on, in the
    games the prior covers (0: all turns). `linear`: the linear evaluation, no prior."""
    limits = Limits.given(time_budget, node_budget, depth)
    return Search(
        position,
        limits,
        seed=seed,
        clock=clock or SystemClock(),
        table=one_search_table(limits.nodes),
        order=MoveOrder(),
        prior_keep=prior_keep,
        linear=linear,
    ).run()


class Search:
    """One search from `root`, with a table and move order that may outlive it."""

    def __init__(
        self,
        root: Position,
        limits: Limits,
        *,
        seed: int,
        clock: Clock,
        table: TranspositionTable,
        order: MoveOrder,
        prior_keep: int = PRIOR_KEEP,
        linear: bool = False,
    ) -> None:
        self.root = root
        self.side = root.side
        self.sides = root.lineup.sides
        self.three_players = len(root.lineup.players) == 3
        self.budget = Budget(limits, clock)
        self._spend = self.budget.spend
        self.max_depth = min(limits.depth, MAX_DEPTH) if limits.depth is not None else MAX_DEPTH
        self.rng = random.Random(seed)
        self.horizon = Horizon(root, self._spend, linear=linear)
        self.table = table
        self.order = order
        self.move_prior = prior_for(root.lineup) if prior_keep > 0 and not linear else None
        self.prior: MovePrior | None = None  # in iterations `PRUNES_FROM` turns deep on
        self.prior_keep = prior_keep
        self.ordered: dict[int, Children] = {}
        """Interior nodes' children, best-looking first (iterative deepening revisits them)."""

    def _result(self, turn: Turn | None, score: int, depth: int) -> SearchResult:
        return SearchResult(turn, score, depth, self.budget.nodes, self.budget.elapsed())

    def run(self) -> SearchResult:
        self.budget.nodes = 1
        root = self.root
        if can_win_now(root):
            wins = [turn for turn in generate_turns(root) if turn.winner == root.player]
            return self._result(wins[0], WIN - 1, 1)
        children = quiet_results(root)
        if not children:
            return self._result(None, -WIN, 0)
        self.rng.shuffle(children)
        key = position_key(root)
        # hundreds of turns (Hermes: thousands) count against the budget too
        statics, complete = self.horizon.counted_statics(children)
        last_depth = self.max_depth if complete else 0  # answer with the best-looking so far
        statics += [-INFINITY] * (len(children) - len(statics))
        order = sorted(range(len(children)), key=lambda i: -statics[i])
        children = [children[i] for i in order]
        best, score, done = children[0], statics[order[0]], 0
        entry = self.table.probe(key, 0)
        if entry is not None:  # a hint earlier in the game searched this position
            moves = [move_id(root, child, self.side) for child in children]
            if entry.best in moves:
                best = children[moves.index(entry.best)]
        children, rest = children[:KEEP_ROOT], children[KEEP_ROOT:]
        if best in rest:
            children.append(rest.pop(rest.index(best)))
        keys = [child_key(key, root, child) for child in children]
        first_depth = 1
        if last_depth and best is children[0] and abs(score) < DECIDED:
            # A child's static score is its depth-0 value: the statics were iteration 1
            # (a Hermes root has thousands of children: not evaluated twice).
            done, first_depth = 1, 2
            move = move_id(root, best, self.side)
            self.table.store(key, ply=0, depth=1, bound=Bound.EXACT, score=score, best=move)
        for depth in range(first_depth, last_depth + 1):
            self.prior = self.move_prior if depth >= PRUNES_FROM else None
            first = children.index(best)  # the last iteration's best turn goes first
            children.insert(0, children.pop(first))
            keys.insert(0, keys.pop(first))
            found, found_score, complete = self._aspired(children, keys, depth, score)
            if complete and found_score <= -DECIDED and rest:  # before believing the loss
                children += rest
                keys += [child_key(key, root, child) for child in rest]
                rest = []
                found, found_score, complete = self._aspired(children, keys, depth, score)
            if found is not None:
                best, score = found, found_score
            if not complete:
                break
            done = depth
            move = move_id(root, best, self.side)
            self.table.store(key, ply=0, depth=depth, bound=Bound.EXACT, score=score, best=move)
            if abs(score) >= DECIDED:
                break
        turn = turn_leading_to(root, best)
        assert turn is not None, "every quiet outcome has a turn leading to it"
        return self._result(turn, score, done)

    def _aspired(
        self, children: list[Position], keys: list[int], depth: int, guess: int
    ) -> tuple[Position | None, int, bool]:
        """The root at `depth`, first within a window around `guess`, and again with the
        full window when the score falls outside it."""
        if depth > 1 and abs(guess) < DECIDED:
            low, high = guess - ASPIRATION, guess + ASPIRATION
            found, score, complete = self._root(children, keys, depth, low, high)
            if not complete or low < score < high:
                return found, score, complete
        return self._root(children, keys, depth, -INFINITY, INFINITY)

    def _root(
        self, children: list[Position], keys: list[int], depth: int, low: int, high: int
    ) -> tuple[Position | None, int, bool]:
        """Best child and score at `depth` within (low, high) (None when none beat `low`),
        and whether every child was searched."""
        alpha = low
        best: Position | None = None
        try:
            for index, (child, key) in enumerate(zip(children, keys, strict=True)):
                if index == 0:
                    score = self._search(child, key, depth - 1, alpha, high, ply=1)
                else:
                    score = self._search(child, key, depth - 1, alpha, alpha + 1, ply=1)
                    if alpha < score < high:
                        score = self._search(child, key, depth - 1, alpha, high, ply=1)
                if score > alpha:
                    alpha, best = score, child
                    if alpha >= high:
                        break
        except OutOfBudgetError:
            return best, alpha, False
        return best, alpha, True

    def _search(
        self, position: Position, key: int, depth: int, alpha: int, beta: int, *, ply: int
    ) -> int:
        """Minimax value of `position` for the root's side, within (alpha, beta)."""
        self._spend()
        maximizing = self.sides[position.to_move] == self.side
        if can_win_now(position):
            return WIN - ply - 1 if maximizing else ply + 1 - WIN
        if depth <= 0:
            return self.horizon.value(position, ply)
        if depth == 1 and abs(alpha) < UNPROVEN and abs(beta) < UNPROVEN:  # not about wins
            static = self.horizon.value(position, ply)
            if abs(static) < DECIDED and static_cut(position, static, alpha, beta, maximizing):
                return static
        entry = self.table.probe(key, ply)
        hint = 0
        if entry is not None:
            hint = entry.best
            if entry.depth >= depth:
                if entry.bound == Bound.EXACT:
                    return entry.score
                if entry.bound == Bound.LOWER and entry.score >= beta:
                    return entry.score
                if entry.bound == Bound.UPPER and entry.score <= alpha:
                    return entry.score
        first = None
        if depth == 1:  # its first child before its other turns
            found = first_child(position, hint, self.order.killers.get(ply, ()))
            if found is not None:
                hint = found[1]  # kept by the prior, so the first child stays first
                first = next(self.horizon.leaves(found[:1], ply + 1))
                if (first >= beta) if maximizing else (first <= alpha):
                    self.order.cut(ply, found[1], depth)
                    bound = Bound.LOWER if maximizing else Bound.UPPER
                    self.table.store(key, ply=ply, depth=1, bound=bound, score=first, best=found[1])
                    return first
        children, keys, moves, pruned = self._children(position, key, depth, ply, hint)
        if not children:
            return self._stuck(position, key, depth, alpha, beta, ply=ply)
        low, high = alpha, beta
        best_score = -INFINITY if maximizing else INFINITY
        best = 0
        leaves = self.horizon.leaves(children, ply + 1, first) if depth == 1 else None
        for index, child in enumerate(children):
            if leaves is not None:
                score = next(leaves)
            else:
                if depth == 2:
                    self.horizon.prefetch(children, index)
                child_key_ = keys[index] if keys else child_key(key, position, child)
                score = self._child(
                    child, child_key_, depth, index, (low, high), maximizing=maximizing, ply=ply + 1
                )
            if maximizing:
                if score > best_score:
                    best_score, best = score, index
                    low = max(low, score)
            elif score < best_score:
                best_score, best = score, index
                high = min(high, score)
            if low >= high:
                self.order.cut(ply, moves[index], depth)
                break
        if pruned and abs(best_score) >= DECIDED and (best_score > 0) != maximizing:
            best_score = UNPROVEN if best_score > 0 else -UNPROVEN  # a left-out turn may save
        if best_score <= alpha:
            bound = Bound.UPPER
        elif best_score >= beta:
            bound = Bound.LOWER
        else:
            bound = Bound.EXACT
        self.table.store(key, ply=ply, depth=depth, bound=bound, score=best_score, best=moves[best])
        return best_score

    def _child(
        self,
        child: Position,
        key: int,
        depth: int,
        index: int,
        window: tuple[int, int],
        *,
        maximizing: bool,
        ply: int,
    ) -> int:
        """The `index`-th child's value within `window`: the first with the full window, the
        others with a null window (PVS), late ones first a turn shallower (`REDUCE_FROM`)."""
        low, high = window
        if index == 0:
            return self._search(child, key, depth - 1, low, high, ply=ply)
        null = (low, low + 1) if maximizing else (high - 1, high)
        if depth >= STATIC_ORDER_DEPTH and index >= REDUCE_FROM:
            score = self._search(child, key, depth - 2, *null, ply=ply)
            if (score <= low) if maximizing else (score >= high):
                return score
        score = self._search(child, key, depth - 1, *null, ply=ply)
        if low < score < high:
            score = self._search(child, key, depth - 1, low, high, ply=ply)
        return score

    def _children(self, position: Position, key: int, depth: int, ply: int, hint: int) -> Children:
        """`position`'s children in search order: from `STATIC_ORDER_DEPTH` turns from the
        horizon the best `KEEP_INNER` by static evaluation, once, with their keys; nearer,
        ranked by the move order (or the prior), keys computed as the search goes."""
        side = self.sides[position.to_move]
        cached = self.ordered.get(key) if depth >= STATIC_ORDER_DEPTH else None
        if cached is None:
            if depth == 1 and self.prior is not None:
                kept, moves, pruned = likeliest_turns(self.prior, position, self.prior_keep, hint)
                return self._promoted(Children(kept, [], moves, pruned), ply, hint)
            children = quiet_results(position)
            moves = [move_id(position, child, side) for child in children]
            if depth < STATIC_ORDER_DEPTH:
                ranked = self.order.rank(ply, moves, hint)
                return Children(
                    [children[i] for i in ranked], [], [moves[i] for i in ranked], False
                )
            sign = 1 if side == self.side else -1
            statics = [sign * score for score in self.horizon.statics(children)]
            ranked = sorted(range(len(children)), key=lambda i: -statics[i])[:KEEP_INNER]
            keys = [child_key(key, position, children[i]) for i in ranked]
            positions = [children[i] for i in ranked]
            cached = Children(
                positions, keys, [moves[i] for i in ranked], len(ranked) < len(children)
            )
            if len(self.ordered) >= _ORDERED_CAPACITY:
                self.ordered.clear()
            self.ordered[key] = cached
        return self._promoted(cached, ply, hint)

    def _promoted(self, children: Children, ply: int, hint: int) -> Children:
        """`children` with the table's turn, then the killers, moved to the front."""
        positions, keys, moves, pruned = children
        front = [hint, *self.order.killers.get(ply, ())]
        picked = [moves.index(move) for move in dict.fromkeys(front) if move and move in moves]
        if not picked or picked == list(range(len(picked))):
            return children
        ranked = picked + [i for i in range(len(moves)) if i not in picked]
        return Children(
            [positions[i] for i in ranked],
            [keys[i] for i in ranked] if keys else keys,
            [moves[i] for i in ranked],
            pruned,
        )

    def _stuck(
        self, position: Position, key: int, depth: int, alpha: int, beta: int, *, ply: int
    ) -> int:
        """No legal turn: that side loses, or with three players that player is out."""
        maximizing = self.sides[position.to_move] == self.side
        if maximizing:
            return ply - WIN
        if not self.three_players:
            return WIN - ply
        after = position.eliminated(position.to_move)
        alive = [p for p in range(3) if after.alive(p)]
        if len(alive) == 1:
            return WIN - ply if self.sides[alive[0]] == self.side else ply - WIN
        return self._search(after, child_key(key, position, after), depth, alpha, beta, ply=ply)
