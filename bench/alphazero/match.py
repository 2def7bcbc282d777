"""Games between our engine and the anchor, every turn checked by our rules core.

Each position's legal turns come from `santorini-hw rules moves`; a side's turn counts
only if it leads to one of them (same resulting position and same winner), so an
illegal turn, or a translation slip, stops that game with an error that shows the
position and the turn. A player with no legal turn loses, as in both programs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from santorini_hw.hints.match import MatchResult, openings
from santorini_hw.rules.gods import SIMPLE_GODS
from santorini_hw.rules.position_json import position_to_json

from .players import AnchorCannotPlayError, AnchorProcess, OurSide
from .translate import (
    Proposal,
    TranslationError,
    anchor_moves_in,
    anchor_state,
    apply_steps,
    god_of,
    position_key,
)


class IllegalTurnError(RuntimeError):
    """A side played a turn that our rules core does not list, or could not play."""


class Outcome(NamedTuple):
    engine_won: bool
    turns: int


@dataclass
class Clock:
    """Seconds spent and moves made by one side."""

    seconds: float = 0.0
    moves: int = 0
    extra: float = 0.0
    """A second figure a move (the anchor's round trip, the engine's nodes)."""

    def add(self, seconds: float, extra: float = 0.0) -> None:
        self.seconds += seconds
        self.extra += extra
        self.moves += 1

    def per_move(self) -> tuple[float, float]:
        count = max(self.moves, 1)
        return self.seconds / count, self.extra / count


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    stopped: list[str] = field(default_factory=list)
    engine: Clock = field(default_factory=Clock)
    anchor: Clock = field(default_factory=Clock)
    by_god: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    """("engine" or "anchor", the god that side held) -> [the engine's wins, games]."""

    @property
    def result(self) -> MatchResult:
        return MatchResult(self.wins, self.losses)

    def count(self, engine_won: bool, gods: dict[str, str]) -> None:
        """One finished game; `gods` names each side's god ("engine", "anchor"), if any."""
        self.wins += engine_won
        self.losses += not engine_won
        for side, god in gods.items():
            record = self.by_god.setdefault((side, god), [0, 0])
            record[0] += engine_won
            record[1] += 1

    def by_god_lines(self) -> list[str]:
        """The engine's wins by the god it held, then by the anchor's god: where the
        games are lost (small sets; read the large gaps only)."""
        lines = []
        for side, title in (("engine", "the engine holding"), ("anchor", "the anchor holding")):
            counts = [
                f"{god} {won} of {played}"
                for (holder, god), (won, played) in sorted(self.by_god.items())
                if holder == side
            ]
            if counts:
                lines.append(f"  engine's wins, {title}: {', '.join(counts)}")
        return lines


def legal_turn(
    legal: list[dict[str, Any]], proposal: Proposal, who: str, position: dict[str, Any]
) -> dict[str, Any]:
    """The legal turn with the proposal's result and winner; `IllegalTurnError` if none."""
    key = position_key(proposal.result)
    same = [turn for turn in legal if position_key(turn["result"]) == key]
    for turn in same:
        if turn["winner"] == proposal.winner:
            return turn
    problem = "a winner our rules do not give" if same else "no legal turn leads there"
    raise IllegalTurnError(
        f"{who} played {' '.join(proposal.actions) or '(nothing)'} ({problem};"
        f" winner {proposal.winner}) in {position} giving {proposal.result}"
    )


Record = Callable[[dict[str, Any]], None]
"""Takes each finished game: the engine's seat, the winner's and every position (JSON)."""


def recorder(path: Path | None, **setting: Any) -> Record | None:
    """Appends each game, with the setting it was played in, to `path` as it ends (a
    stopped run keeps every finished game)."""
    if path is None:
        return None

    def record(game: dict[str, Any]) -> None:
        with path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(setting | game) + "\n")

    return record


class Game:
    """Games of the engine at `nodes` against the anchor at `sims`, counted in `tally` and
    given to `record` if any (`bench/anchor_probe.py` reads what the games say)."""

    def __init__(
        self,
        rules: OurSide,
        anchor: AnchorProcess,
        *,
        nodes: int,
        sims: int,
        tally: Tally,
        record: Record | None = None,
    ) -> None:
        self.rules, self.anchor, self.tally = rules, anchor, tally
        self.nodes, self.sims = nodes, sims
        self.record = record
        self.positions: list[dict[str, Any]] = []

    def play(self, start: dict[str, Any], engine_seat: str, rng: random.Random) -> Outcome:
        self.positions = []
        outcome = self._play(start, engine_seat, rng)
        if self.record is not None:
            other = next(player for player in start["workers"] if player != engine_seat)
            winner = engine_seat if outcome.engine_won else other
            self.record({"engine": engine_seat, "winner": winner, "positions": self.positions})
        return outcome

    def _play(self, start: dict[str, Any], engine_seat: str, rng: random.Random) -> Outcome:
        self.anchor.new_game()
        position, anchor_moves, turns = start, 0, 0
        while True:
            self.positions.append(position)
            mover = position["to_move"]
            legal = self.rules.legal_turns(position)
            if not legal:
                return Outcome(mover != engine_seat, turns)
            if mover == engine_seat:
                move = self.rules.best(position, nodes=self.nodes, seed=rng.getrandbits(32))
                if move.turn is None:
                    raise IllegalTurnError(f"the engine found no turn in {position}")
                claim = Proposal(move.turn["actions"], move.turn["result"], move.turn["winner"])
                turn = legal_turn(legal, claim, "the engine", position)
                self.tally.engine.add(move.seconds, move.nodes)
                won = turn["winner"] is not None
                anchor_moves += anchor_moves_in(god_of(position, mover), turn["actions"], won)
            else:
                state = anchor_state(position, gods=self.anchor.gods, moves=anchor_moves)
                try:
                    reply = self.anchor.play(state, moves=anchor_moves, sims=self.sims)
                except AnchorCannotPlayError as error:
                    raise IllegalTurnError(f"{error} in {position}") from error
                try:
                    proposed = apply_steps(position, reply.steps)
                except TranslationError as error:
                    raise IllegalTurnError(
                        f"the anchor played {reply.steps} in {position}: {error}"
                    ) from error
                turn = legal_turn(legal, proposed, "the anchor", position)
                self.tally.anchor.add(reply.seconds, reply.round_trip)
                anchor_moves += len(reply.steps)
            turns += 1
            if turn["winner"] is not None:
                return Outcome(turn["winner"] == engine_seat, turns)
            position = turn["result"]


def play_setting(game: Game, *, games: int, seed: int, report: Callable[[str], None]) -> Tally:
    """`games` games (rounded up to pairs): each opening with the engine in either seat."""
    rng = random.Random(seed)
    starts = openings(rng, game.anchor.gods, SIMPLE_GODS)  # the gods the anchor plays
    tally = game.tally
    for pair in range((games + 1) // 2):
        start = position_to_json(next(starts))
        first, second = list(start["workers"])
        pairing = [str(god_of(start, player)) for player in (first, second)]
        gods = " v ".join(pairing) if game.anchor.gods else "no gods"
        for engine_seat in (first, second):
            label = f"game {2 * pair + (engine_seat == second) + 1}"
            game_rng = random.Random(f"{seed}:{pair}:{engine_seat}")
            try:
                outcome = game.play(start, engine_seat, game_rng)
            except IllegalTurnError as error:
                tally.stopped.append(f"{label}: {error}")
                report(f"{label}: STOPPED, {error}")
                continue
            engine_god, anchor_god = pairing if engine_seat == first else pairing[::-1]
            held = {"engine": engine_god, "anchor": anchor_god} if game.anchor.gods else {}
            tally.count(outcome.engine_won, held)
            seat = "first" if engine_seat == first else "second"
            winner = "engine" if outcome.engine_won else "anchor"
            report(f"{label} ({gods}, engine {seat}): {winner} won in {outcome.turns} turns")
    return tally
