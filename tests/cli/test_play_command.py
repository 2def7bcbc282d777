"""The terminal game: typed turns, clear messages for bad input, a built-in opponent."""

from __future__ import annotations

import io
import random

from santorini_hw.commands.play import TerminalGame
from santorini_hw.hints.baselines import greedy_player
from santorini_hw.rules.game import Game


def play(lines: list[str], opponent: object = None) -> tuple[TerminalGame, str]:
    out = io.StringIO()
    session = TerminalGame(
        Game.new(("A", "B")),
        opponent,
        random.Random(1),
        io.StringIO("\n".join(lines) + "\n"),
        out,  # type: ignore[arg-type]
    )
    assert session.play() == 0
    return session, out.getvalue()


def test_two_people_place_and_play_a_turn() -> None:
    session, out = play(["b2", "d4", "b4 d2", "b2-c3 c2", "quit"])
    assert session.game.record[-1].player == "A"
    assert "B to play" in out


def test_bad_input_gets_a_message_and_another_try_never_a_traceback() -> None:
    session, out = play(["z9", "b2 d4", "b4 d2", "b2-e5 b3", "hello", "b2-b3", "quit"])
    assert "Sorry: not a cell: 'z9'" in out
    assert "Sorry: b2-e5 is not legal here" in out
    assert "Sorry: bad action 'hello'" in out
    assert "Sorry: the turn is not complete yet" in out
    assert session.game.player == "A" and len(session.game.record) == 2


def test_the_built_in_opponent_answers_each_turn() -> None:
    session, out = play(["b2", "d4", "b2-c3 c2", "undo", "quit"], opponent=greedy_player)
    assert "B plays" in out
    assert session.game.player == "A" and session.game.turn is not None


def test_end_of_input_quits_cleanly() -> None:
    _, out = play([])
    assert out.rstrip().endswith("Bye.")
