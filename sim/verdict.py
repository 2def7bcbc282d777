"""How well a run of a generated game recorded what was physically played.

The referee benchmark and the tests judge runs the same way: the recorded turns are
replayed from the game record and compared, turn by turn, with the legal turns the
generator played; each injected illegal action must have raised an error while it was
on the board.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from santorini_hw.rules.game import Game
from santorini_hw.rules.position import Position
from sim.random_games import GeneratedGame
from sim.runner import RunResult


@dataclass(frozen=True)
class Verdict:
    turns: int
    exact: int
    """Turns recorded exactly as played (same position after the turn)."""
    wrong: int
    missed: int
    extra: int
    illegal: int
    detected: int
    """Injected illegal actions that raised an error while they were on the board."""
    spurious_errors: int
    """Errors raised with no illegal action on the board (outside every injected
    window; one action may raise more than one error while it is put right)."""
    latencies: tuple[float, ...]
    """Last physical event of each turn (or the next player's first touch, for a turn
    left to it) -> the turn's acceptance or amendment, simulated seconds."""
    winner_ok: bool
    spurious: tuple[tuple[float, str], ...] = ()
    """When and what each spurious error said, to look into."""

    @property
    def failed(self) -> bool:
        return bool(
            self.wrong
            or self.missed
            or self.extra
            or not self.winner_ok
            or self.detected < self.illegal
            or self.spurious_errors
        )


def judge(generated: GeneratedGame, result: RunResult) -> Verdict:
    recorded = recorded_positions(result.game)
    played = [turn.result for turn in generated.played]
    pairs = list(zip(recorded, played, strict=False))
    raised = [e for e in result.events if e.kind == "error_raised"]
    errors = [e.time for e in raised]
    detected = sum(1 for start, end in generated.illegal if any(start <= t <= end for t in errors))
    spurious = tuple(
        (round(e.time, 3), e.text)
        for e in raised
        if not any(start <= e.time <= end for start, end in generated.illegal)
    )
    completes = [e.time for e in result.events if e.kind in ("turn_complete", "turn_amended")]
    return Verdict(
        turns=len(played),
        exact=sum(1 for a, b in pairs if a == b),
        wrong=sum(1 for a, b in pairs if a != b),
        missed=max(0, len(played) - len(recorded)),
        extra=max(0, len(recorded) - len(played)),
        illegal=len(generated.illegal),
        detected=detected,
        spurious_errors=len(spurious),
        latencies=_latencies(completes, generated.turn_ends),
        winner_ok=result.game.winner == generated.winner,
        spurious=spurious,
    )


def recorded_positions(game: Game) -> list[Position]:
    """The position after each recorded turn, replayed from the record."""
    replay = Game(game.lineup, game.chaos_deck)
    positions = []
    for line in game.record:
        if line.kind == "place":
            for cell in line.cells:
                replay.place(cell)
        elif line.kind == "turn":
            replay.play_turn(line.actions)
            positions.append(replay.position)
    return positions


def _latencies(completes: list[float], ends: list[float]) -> tuple[float, ...]:
    """For each played turn, its last physical event to the first turn completion (or
    amendment) after it: turns taken back and played again leave completions between."""
    found = []
    for end in ends:
        at = bisect_left(completes, end - 0.001)  # scenario times are rounded to the ms
        if at < len(completes):
            found.append(max(0.0, completes[at] - end))
    return tuple(found)
