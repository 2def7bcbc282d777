"""An exported record parses back to the same game, whatever allowed names the players
chose (spaces, dots, names that contain ' places ' or each other)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God, barred_gods
from santorini_hw.rules.notation import parse_record, record_text
from santorini_hw.rules.player_names import PLAYER_NAME_PATTERN
from santorini_hw.rules.turns import random_turn
from santorini_hw.store import Store
from santorini_hw.store.game_journal import GameJournal

NAMES = st.from_regex(PLAYER_NAME_PATTERN, fullmatch=True)
TRICKY = ["A", "A B", "A places", "A places b1", "x eliminated", "B: c3", "a.b", "-_-", "A resync"]


def _played(players: tuple[str, ...], seed: int, turns: int) -> Game:
    rng = random.Random(seed)
    three = [god for god in God if god not in barred_gods(3)]  # all thirty gods but three
    gods = tuple(rng.sample(three, 3)) if len(players) == 3 else None
    game = Game.new(players, gods)
    cells = iter(rng.sample(range(25), 25))
    while game.phase is Phase.PLACEMENT:  # teams of two place two workers per team
        game.place(next(cell for cell in cells if game.placements() >> cell & 1))  # Eros
    for _ in range(turns):
        turn = random_turn(game.position, rng)
        if turn is None or game.winner is not None:
            break
        game.play_turn(turn.actions)
    return game


def _exported(game: Game) -> tuple[str, str]:
    """The record as the API exports it (text, and the JSON document's record)."""
    with (
        tempfile.TemporaryDirectory() as folder,
        Store.open(Path(folder) / "games.sqlite3") as store,
    ):
        lineup = game.lineup
        game_id = store.start_game(lineup.players, lineup.gods)
        GameJournal(store, game_id, Game.new(lineup.players, lineup.gods)).sync(game)
        return store.export_text(game_id), store.export_json(game_id)["record"]


def _assert_round_trip(game: Game) -> None:
    text, document = _exported(game)
    assert text == document == record_text(game)
    again = parse_record(text)
    assert again.lineup.players == game.lineup.players
    assert again.position == game.position and again.winner == game.winner
    assert record_text(again) == text


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(NAMES, min_size=2, max_size=4, unique=True),
    seed=st.integers(0, 2**16),
    turns=st.integers(0, 40),
)
def test_any_allowed_names_round_trip(names: list[str], seed: int, turns: int) -> None:
    _assert_round_trip(_played(tuple(names), seed, turns))


def test_names_that_look_like_the_notation_round_trip() -> None:
    for count in (2, 3, 4):
        for first in range(len(TRICKY)):
            players = tuple(TRICKY[(first + k) % len(TRICKY)] for k in range(count))
            _assert_round_trip(_played(players, first, 60))


def test_header_values_are_quoted_and_escaped() -> None:
    text = record_text(_played(("Ann Lee", "Bo"), 1, 0))
    assert text.startswith("[Players \"'Ann Lee' Bo\"]\n")
    hostile = _played(('say "hi" \\o/', "B"), 2, 0)  # an old journal's name
    assert parse_record(record_text(hostile)).lineup.players == hostile.lineup.players
