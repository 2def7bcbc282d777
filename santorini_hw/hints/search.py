"""The hint engine: iterative-deepening alpha-beta over whole turns.

A node is a position; its children are the distinct outcomes of `generate_turns`. At
every node the search first asks whether the player to move can win at once (a cheap
bitboard test, `tactics.can_win_now`): if so the node is decided without generating a
single turn, which also makes every horizon one turn deeper for wins. Otherwise it
evaluates (at the horizon) or tries the turns: the transposition table's best turn
first, then the others by their static evaluation, so that turns which create threats
and stop the opponent's come early and cut the rest off.

Two players and four players in two teams are two sides: plain minimax between them.
Three players use the paranoid model: the other two play together against the player
the hint is for, which keeps alpha-beta sound. A player with no legal turn loses (two
sides) or is eliminated and play goes on (three players).

The search stops at a node budget (deterministic: the tests and the bench use it), a
time budget (the board's default: 1 s) or a depth, whichever comes first, and answers
with the best turn of the deepest finished iteration, or of the unfinished one when its
first (previously best) turn has been searched and something beat it. For a given
position, seed and node budget the answer is always the same: the seed only shuffles
the root's turns before ordering, to vary between equally good turns.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from santorini_hw.clock import Clock, SystemClock
from santorini_hw.hints.evaluation import WIN, evaluate
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.hints.tt import DECIDED, Bound, TranspositionTable
from santorini_hw.hints.zobrist import child_key, position_key
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn, generate_turns

DEFAULT_TIME = 1.0
"""Seconds per hint on the board when no budget is given."""
MAX_DEPTH = 64
_INFINITY = WIN + 1
_CLOCK_EVERY = 255
"""Read the clock once every 256 nodes: often enough to stop within a few milliseconds."""
_ORDERED_CAPACITY = 4096
"""Interior nodes whose ordered turns are kept (tens of kilobytes each: bounded for a Pi)."""


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


class _OutOfBudgetError(Exception):
    """Raised deep in the tree when the node or time budget is spent."""


def best_turn(
    position: Position,
    *,
    time_budget: float | None = None,
    node_budget: int | None = None,
    depth: int | None = None,
    seed: int = 0,
    clock: Clock | None = None,
) -> SearchResult:
    """The engine's turn for the player to move. With no budget at all, `DEFAULT_TIME`."""
    if time_budget is None and node_budget is None and depth is None:
        time_budget = DEFAULT_TIME
    search = _Search(
        position, time_budget, node_budget, depth, seed=seed, clock=clock or SystemClock()
    )
    return search.run()


class _Search:
    def __init__(
        self,
        root: Position,
        time_budget: float | None,
        node_budget: int | None,
        depth: int | None,
        *,
        seed: int,
        clock: Clock,
    ) -> None:
        self.root = root
        self.side = root.side
        self.sides = root.lineup.sides
        self.three_players = len(root.lineup.players) == 3
        self.clock = clock
        self.start = clock.monotonic()
        self.deadline = None if time_budget is None else self.start + time_budget
        self.node_limit = node_budget
        self.max_depth = min(depth, MAX_DEPTH) if depth is not None else MAX_DEPTH
        self.rng = random.Random(seed)
        self.nodes = 0
        self.table = TranspositionTable()
        self.ordered: dict[int, tuple[list[Turn], list[int]]] = {}
        """Turns of interior nodes (searched two or more turns deep), best-looking first,
        with their children's keys: iterative deepening visits them again and again."""

    def _result(self, turn: Turn | None, score: int, depth: int) -> SearchResult:
        return SearchResult(turn, score, depth, self.nodes, self.clock.monotonic() - self.start)

    def run(self) -> SearchResult:
        self.nodes = 1
        turns = generate_turns(self.root)
        if not turns:
            return self._result(None, -WIN, 0)
        for turn in turns:
            if turn.winner is not None:
                return self._result(turn, WIN - 1, 1)
        self.rng.shuffle(turns)
        key = position_key(self.root)
        statics = [self._static(turn.result) for turn in turns]
        order = sorted(range(len(turns)), key=lambda i: -statics[i])
        turns = [turns[i] for i in order]
        keys = [child_key(key, self.root, turn.result) for turn in turns]
        best, score, done = turns[0], statics[order[0]], 0
        for depth in range(1, self.max_depth + 1):
            first = turns.index(best)  # the last iteration's best turn goes first
            turns.insert(0, turns.pop(first))
            keys.insert(0, keys.pop(first))
            found, found_score, complete = self._root(turns, keys, depth)
            if found is not None:
                best, score = found, found_score
            if not complete:
                break
            done = depth
            if abs(score) >= DECIDED:
                break
        return self._result(best, score, done)

    def _root(
        self, turns: list[Turn], keys: list[int], depth: int
    ) -> tuple[Turn | None, int, bool]:
        """Best turn and score at `depth`, and whether every turn was searched."""
        alpha = -_INFINITY
        best: Turn | None = None
        try:
            for turn, key in zip(turns, keys, strict=True):
                score = self._search(turn.result, key, depth - 1, alpha, _INFINITY, ply=1)
                if score > alpha:
                    alpha, best = score, turn
        except _OutOfBudgetError:
            return best, alpha, False
        return best, alpha, True

    def _spend(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfBudgetError
        if (
            self.deadline is not None
            and not self.nodes & _CLOCK_EVERY
            and self.clock.monotonic() >= self.deadline
        ):
            raise _OutOfBudgetError

    def _search(
        self, position: Position, key: int, depth: int, alpha: int, beta: int, *, ply: int
    ) -> int:
        """Minimax value of `position` for the root's side, within (alpha, beta)."""
        self._spend()
        maximizing = self.sides[position.to_move] == self.side
        if can_win_now(position):
            return WIN - ply - 1 if maximizing else ply + 1 - WIN
        if depth <= 0:
            return evaluate(position, self.side)
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
        turns, keys = self._children(position, key, depth, keyed=hint != 0)
        if not turns:
            return self._stuck(position, key, depth, alpha, beta, ply=ply)
        order: list[int] | range = range(len(turns))
        if hint and hint in keys:
            first = keys.index(hint)
            order = [first, *(i for i in range(len(turns)) if i != first)]
        low, high = alpha, beta
        best_score = -_INFINITY if maximizing else _INFINITY
        best = 0
        for index in order:
            child = keys[index] if keys else 0
            score = self._search(turns[index].result, child, depth - 1, low, high, ply=ply + 1)
            if maximizing:
                if score > best_score:
                    best_score, best = score, index
                    low = max(low, score)
            elif score < best_score:
                best_score, best = score, index
                high = min(high, score)
            if low >= high:
                break
        best_key = keys[best] if keys else child_key(key, position, turns[best].result)
        if best_score <= alpha:
            bound = Bound.UPPER
        elif best_score >= beta:
            bound = Bound.LOWER
        else:
            bound = Bound.EXACT
        self.table.store(key, ply=ply, depth=depth, bound=bound, score=best_score, best=best_key)
        return best_score

    def _children(
        self, position: Position, key: int, depth: int, *, keyed: bool
    ) -> tuple[list[Turn], list[int]]:
        """The turns from `position` with their children's keys; ordered and kept for
        interior nodes. At the last turn before the horizon they come in generation order
        and without keys unless `keyed` (to find the table's best turn): every child is
        evaluated there anyway, and leaves need no key, so ordering and hashing would
        cost more than they save."""
        cached = self.ordered.get(key)
        if cached is not None:
            return cached
        turns = generate_turns(position)
        if depth < 2:
            return turns, [child_key(key, position, t.result) for t in turns] if keyed else []
        keys = [child_key(key, position, turn.result) for turn in turns]
        mover = self.sides[position.to_move]
        sign = 1 if mover == self.side else -1
        statics = [sign * self._static(turn.result) for turn in turns]
        order = sorted(range(len(turns)), key=lambda i: -statics[i])
        cached = [turns[i] for i in order], [keys[i] for i in order]
        if len(self.ordered) >= _ORDERED_CAPACITY:
            self.ordered.clear()
        self.ordered[key] = cached
        return cached

    def _static(self, position: Position) -> int:
        """Ordering score for the root's side: a turn that hands the next player a win is
        worst; otherwise the evaluation (threats weigh most)."""
        if can_win_now(position):
            return -WIN if self.sides[position.to_move] != self.side else WIN
        return evaluate(position, self.side)

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
