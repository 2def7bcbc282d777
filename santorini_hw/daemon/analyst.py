"""Game review: the engine's judgement after every turn of a finished game, in the background.

After a game ends, `Analyst` asks the hint engine (`best_turn`, its public entry point)
about the position after each standing turn, with a bounded budget per turn, in a
worker thread, one game and one position at a time, and only while the board is not in
play (`idle`): when play starts it stops and tries again after the next game. The
evaluations go into the journal's `analysis` table with the game; GET
/api/games/{id}/analysis serves them (`analysis_json`) with the turns where the
evaluation swung most.

Scores are for the game's first player (their side): positive is good for them. The
page draws `advantage`, the score squashed into -1..1 (`tanh(score / SCALE)`, ±1 for a
win the search has proved or the game's decisive move), so that one huge number does
not flatten the rest of the graph; swings are measured on the same scale.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import math
from collections.abc import Callable
from typing import Any, NamedTuple

from santorini_hw.hints.search import best_turn
from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.store import Evaluation, Store, StoredGame

_log = logging.getLogger(__name__)

TURN_SECONDS = 0.5
"""The engine's time per position (a 40-turn game takes about 20 s on the Pi)."""
SCALE = 300.0
"""Engine points at which the advantage is tanh(1), about 0.76."""
DECIDED = 100_000
"""The score stored for the move that decided the game (the winner's side positive)."""
SWINGS = 3
MIN_SWING = 0.25
"""The biggest swings marked, at most `SWINGS`, each a change of at least this much."""


class Point(NamedTuple):
    """A position to judge: after standing move `ply`; `decided` when the game ended there."""

    ply: int
    position: Position
    decided: int | None


def points(stored: StoredGame) -> list[Point]:
    """The start of play (after the last placement), then the position after each turn."""
    moves = stored.standing_moves()
    winner = stored.info.winner
    found: list[Point] = []
    for index, move in enumerate(moves):
        following = moves[index + 1] if index + 1 < len(moves) else None
        if move.kind == "place" and (following is None or following.kind == "place"):
            continue
        position = position_from_json(move.position)
        decided = None
        if following is None and winner is not None and stored.info.lost_on_time is None:
            decided = DECIDED if _first_side(position, winner) else -DECIDED
        found.append(Point(move.ply, position, decided))
    return found


def _first_side(position: Position, player: str) -> bool:
    lineup = position.lineup
    return lineup.sides[lineup.index_of(player)] == lineup.sides[0]


def judge(position: Position, *, time_budget: float | None, node_budget: int | None) -> Evaluation:
    """The engine's view of `position` for the first player's side (ply left 0)."""
    result = best_turn(position, time_budget=time_budget, node_budget=node_budget)
    score = result.score
    if result.mate_in is not None:
        score = DECIDED if result.mate_in > 0 else -DECIDED
    sign = 1 if _first_side(position, position.player) else -1
    best = None if result.turn is None else actions_text(result.turn.actions)
    return Evaluation(0, sign * score, best, result.depth)


def advantage(score: int) -> float:
    if abs(score) >= DECIDED:
        return 1.0 if score > 0 else -1.0
    return math.tanh(score / SCALE)


def swings(evaluations: list[Evaluation]) -> list[int]:
    """The plies after which the advantage changed most (biggest first)."""
    changes = [
        (abs(advantage(now.score) - advantage(before.score)), now.ply)
        for before, now in itertools.pairwise(evaluations)
    ]
    changes.sort(reverse=True)
    return [ply for change, ply in changes[:SWINGS] if change >= MIN_SWING]


def analysis_json(store: Store, game_id: int) -> dict[str, Any]:
    """The review's data: status (`playing`, `pending`, `done`, or `empty`: no turn was
    played), the evaluations (with who moved and the move) and the swings' plies."""
    stored = store.game(game_id)
    evaluations = store.analysis(game_id)
    moves = {move.ply: move for move in stored.standing_moves()}
    if evaluations:
        status = "done"
    elif not stored.info.finished:
        status = "playing"
    else:
        status = "pending" if any(m.kind == "turn" for m in moves.values()) else "empty"
    return {
        "game_id": game_id,
        "status": status,
        "evaluations": [
            {
                **evaluation.to_json(),
                "advantage": round(advantage(evaluation.score), 3),
                "player": moves[evaluation.ply].player,
                "notation": moves[evaluation.ply].notation,
            }
            for evaluation in evaluations
        ],
        "swings": swings(evaluations),
    }


class Analyst:
    """Works through the finished games not yet analysed whenever woken (see module doc)."""

    def __init__(
        self,
        store: Store,
        idle: Callable[[], bool],
        *,
        time_budget: float | None = TURN_SECONDS,
        node_budget: int | None = None,
    ) -> None:
        self.store = store
        self._idle = idle
        self._seconds, self._nodes = time_budget, node_budget
        self._wake = asyncio.Event()
        self._failed: set[int] = set()
        self.analysed = 0

    def wake(self) -> None:
        """A game ended (or the board fell idle): look for work."""
        self._wake.set()

    async def run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self.analyse_pending()

    async def analyse_pending(self) -> None:
        """Every finished game without evaluations, oldest first, while the board is idle."""
        for game_id in self.store.unanalysed_games():
            if not self._idle():
                return
            if game_id not in self._failed:
                await self._analyse(game_id)

    async def _analyse(self, game_id: int) -> None:
        """One game, position by position; nothing is stored unless all were judged."""
        try:
            stored = self.store.game(game_id)
            judged: list[Evaluation] = []
            for point in points(stored):
                if not self._idle():
                    return  # play started: again after the next game
                if point.decided is not None:
                    judged.append(Evaluation(point.ply, point.decided, None, 0))
                    continue
                found = await asyncio.to_thread(
                    judge, point.position, time_budget=self._seconds, node_budget=self._nodes
                )
                judged.append(dataclasses.replace(found, ply=point.ply))
            self.store.append_analysis(game_id, judged)
            self.analysed += 1
        except Exception:  # contained: one bad game must not stop the daemon's TaskGroup
            _log.exception("game %d cannot be analysed", game_id)
            self._failed.add(game_id)
