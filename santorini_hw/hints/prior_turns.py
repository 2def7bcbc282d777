"""The move prior's turns at a node, found without generating every turn (issue 30).

`MovePrior.best` ranks a node's turns once all of them exist, and at a node one turn from
the horizon that is what the prior costs: generating about a hundred and fifty turns and
ranking them with numpy, to keep a dozen (docs/measurements.md). A turn is a move and
then a build, and the prior's score of a turn is the score of the board after the move
plus what the build changes around the workers (one or two cells change their kind; the
workers next to them count it). So here the prior scores the board after each of the
player's moves first, in plain Python, and looks at the builds only of the
`MOVES_LOOKED_AT` best moves: the scores are the prior's own (the same integers as
`MovePrior.scores`), only the turns after the other moves are left out.

Prometheus' moves are scored on the board after her first build, if any, and Hermes' on
each placement of his walk (his builds are next to either worker).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from functools import partial
from operator import itemgetter

from santorini_hw.hints.frontier import first_child
from santorini_hw.hints.ordering import move_id
from santorini_hw.hints.prior import WITHIN_TWO, MovePrior, WorkerWeights
from santorini_hw.rules.cells import ALL_CELLS, NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import (
    Board,
    build_area,
    builds,
    height_of,
    hermes_placements,
    mover,
    positions_after,
    prometheus_starts,
    worker_moves,
)
from santorini_hw.rules.position import Position

try:
    from santorini_hw.hints import _prior_scores
except ImportError:  # installed without a C compiler: Python scores the boards
    _prior_scores = None  # type: ignore[assignment]

MOVES_LOOKED_AT = 4
"""Moves whose builds are scored (a node has about ten, Artemis, Prometheus and Hermes
many more): on 320 mid-game nodes of the ten gods, four keep 10.8 of the prior's best 12
turns and its best turn in 96 % of them (docs/measurements.md)."""

_Move = tuple[int, Board, tuple[int, ...], int, bool]
"""The prior's score of the board after a move, that board and the workers, the workers
whose builds follow, and whether Athena moved up."""
_Turn = tuple[int, Board, tuple[int, ...], bool]
_BoardScore = Callable[[Board, int, int], int]
"""The prior's score of a board with the mover's workers and the others'."""
_BuildChange = Callable[[Board, Board, int, int], int]
"""What building a board into another changes in that score."""


def likeliest_turns(
    prior: MovePrior,
    position: Position,
    keep: int,
    hint: int,
    moves_looked_at: int = MOVES_LOOKED_AT,
) -> tuple[list[Position], list[int], bool]:
    """The `keep` best-scored turns' positions, best first (ties in the order of the
    moves' scores, then of `outcomes.builds`), among the turns after the
    `moves_looked_at` best-scored moves (more when they have fewer than `keep` turns);
    the table's turn `hint` after them when it is not among them; their move identities;
    and whether any turn was left out. Simple gods only, as the prior."""
    board, workers, side, god, up_ok = mover(position)
    row = prior.row_of(god)
    moves = _Moves(board, side, prior.plain[row], prior.packed[row])
    for cell in cells_of(workers[side]):
        for target, after, up in worker_moves(board, workers, side, cell, god=god, up_ok=up_ok):
            moves.add(board, after, 1 << target, up)
    if god is God.PROMETHEUS:
        for before, worker in prometheus_starts(board, workers, side):
            for target, after, _ in worker_moves(
                before, workers, side, worker, god=god, up_ok=False
            ):
                moves.add(before, after, 1 << target, False)
    elif god is God.HERMES:
        for placement in hermes_placements(board, workers, side):
            moves.add(board, placement, placement[side], False)
    turns, pruned = moves.turns(god, keep, moves_looked_at)
    best = heapq.nlargest(keep, turns, key=itemgetter(0))
    kept = positions_after(position, [(built, after, up) for _, built, after, up in best])
    ids = [move_id(position, child, side) for child in kept]
    if hint and hint not in ids:
        found = first_child(position, hint, ())  # not with Prometheus or Hermes
        if found is not None:
            kept.append(found[0])
            ids.append(hint)
    return kept, ids, pruned


class _Moves:
    """A node's moves (Prometheus: with a build before), each with the prior's score of
    the board after it."""

    def __init__(self, board: Board, side: int, weights: WorkerWeights, packed: bytes) -> None:
        self.board, self.side = board, side
        self.score: _BoardScore
        self.change: _BuildChange
        if _prior_scores is None:
            self.score, self.change = partial(board_score, weights), partial(build_change, weights)
        else:
            self.score = partial(_prior_scores.board_score, packed)
            self.change = partial(_prior_scores.build_change, packed)
        self.found: dict[tuple[Board, tuple[int, ...]], _Move] = {}
        self.scored: dict[tuple[int, ...], int] = {}
        """The score of the node's own board with the workers moved."""

    def add(self, board: Board, after: tuple[int, ...], builders: int, up: bool) -> None:
        """The move to `after` on `board` (the node's, or Prometheus' after her first
        build), whose builds are next to the workers of `builders`."""
        if (board, after) in self.found:
            return  # Artemis reaches some cells by two ways
        mine, theirs = after[self.side], after[1 - self.side]
        score = self.scored.get(after)
        if score is None:
            score = self.scored[after] = self.score(self.board, mine, theirs)
        if board is not self.board:
            if _changed(self.board, board) & (mine | theirs):
                score = self.score(board, mine, theirs)  # Prometheus stepped down onto it
            else:
                score += self.change(self.board, board, mine, theirs)
        self.found[board, after] = (score, board, after, builders, up)

    def turns(self, god: God | None, keep: int, looked_for: int) -> tuple[list[_Turn], bool]:
        """The turns after the best-scored moves, at least `looked_for` of them and `keep`
        turns, each once; and whether a turn was left out."""
        moves = sorted(self.found.values(), key=itemgetter(0), reverse=True)
        turns: dict[tuple[Board, tuple[int, ...]], _Turn] = {}
        looked_at = 0
        for score, board, after, builders, up in moves:
            if looked_at >= looked_for and len(turns) >= keep:
                break
            looked_at += 1
            mine, theirs = after[self.side], after[1 - self.side]
            for built in builds(board, build_area(board, after, builders), god):
                if (built, after) not in turns:  # Prometheus' two builds in either order
                    change = self.change(board, built, mine, theirs)
                    turns[built, after] = (score + change, built, after, up)
        return list(turns.values()), looked_at < len(moves) or len(turns) > keep


def board_score(weights: WorkerWeights, board: Board, mine: int, theirs: int) -> int:
    """The prior's score of the board with the mover's workers `mine` (who have just moved)
    and the others' `theirs` (`_prior_scores.board_score` in Python)."""
    l1, l2, l3, domes = board
    kinds, centre, unguarded = weights
    free = ALL_CELLS & ~(mine | theirs | domes)
    by_kind = (free & ~l1, free & l1 & ~l2, free & l2 & ~l3, free & l3, domes)
    total = 0
    for who, (own, opposing) in enumerate(((mine, theirs), (theirs, mine))):
        for cell in cells_of(own):
            level = (l1 >> cell & 1) + (l2 >> cell & 1)  # a level-3 worker counts as 2
            row = kinds[who][level]
            near = NEIGHBOURS[cell]
            total += centre[who][cell]
            for kind, cells in enumerate(by_kind):
                total += (near & cells).bit_count() * row[kind]
            if level == 2 and not WITHIN_TWO[cell] & opposing:
                total += unguarded[who]
    return total


def _changed(board: Board, built: Board) -> int:
    """The cells built on between `board` and `built`."""
    return (
        (board[0] ^ built[0])
        | (board[1] ^ built[1])
        | (board[2] ^ built[2])
        | (board[3] ^ built[3])
    )


def build_change(weights: WorkerWeights, board: Board, built: Board, mine: int, theirs: int) -> int:
    """What building `board` into `built` changes in the prior's score: the workers next to
    each built cell count it as a cell of its new kind (the cells are free, so the
    workers' levels and places stay; `_prior_scores.build_change` in Python)."""
    kinds = weights[0]
    l1, l2 = board[0], board[1]
    change = 0
    for cell in cells_of(_changed(board, built)):
        was, now = _kind(board, cell), _kind(built, cell)
        for who, own in enumerate((mine, theirs)):
            for worker in cells_of(own & NEIGHBOURS[cell]):
                row = kinds[who][(l1 >> worker & 1) + (l2 >> worker & 1)]
                change += row[now] - row[was]
    return change


def _kind(board: Board, cell: int) -> int:
    """A free cell's kind for the prior: its level 0-3, or 4 for a dome."""
    if board[3] >> cell & 1:
        return 4
    return height_of(board[0], board[1], board[2], cell)
