"""Game review: evaluations computed after a game, only while the board is idle, stored
with the game (a real SQLite journal) and served with the biggest swings."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

from santorini_hw.daemon.analyst import (
    DECIDED,
    Analyst,
    advantage,
    analysis_json,
    judge,
    points,
    swings,
)
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position_json import parse_position
from santorini_hw.rules.turns import random_turn
from santorini_hw.store import Evaluation, Store
from santorini_hw.store.game_journal import GameJournal

NODES = 300
"""A node budget: the same answers on every run (the daemon uses a time budget)."""


def played_game(store: Store, seed: int = 4, turns: int | None = None) -> tuple[int, Game]:
    """A random game through the journal, to the end unless `turns` stops it earlier."""
    game_id = store.start_game(("A", "B"))
    game = Game.new()
    journal = GameJournal(store, game_id, game)
    for cell in ("b2", "d4", "b4", "d2"):
        game.place(parse_cell(cell))
    rng = random.Random(seed)
    while game.phase is Phase.PLAY and (turns is None or turns > 0):
        turn = random_turn(game.position, rng)
        assert turn is not None
        game.play_turn(turn.actions)
        turns = None if turns is None else turns - 1
    journal.sync(game)
    if game.winner is None:
        journal.finish(None)
    return game_id, game


def test_points_are_the_start_of_play_and_each_turn_and_the_deciding_move(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id, game = played_game(store)
        found = points(store.game(game_id))
    turns = sum(line.kind == "turn" for line in game.record)
    assert [p.ply for p in found] == list(range(4, 4 + turns + 1))  # after placement 4
    assert game.winner is not None
    assert found[-1].decided == (DECIDED if game.winner == "A" else -DECIDED)
    assert all(p.decided is None for p in found[:-1])


def test_a_win_in_one_is_good_for_the_side_to_move_seen_from_the_first_player() -> None:
    position = parse_position(
        '{"heights": {"b2": 2, "b3": 3}, "workers": {"A": ["b2", "e5"], "B": ["d1", "e1"]},'
        ' "to_move": "A"}'
    )
    assert judge(position, time_budget=None, node_budget=NODES).score == DECIDED
    flipped = parse_position(
        '{"heights": {"b2": 2, "b3": 3}, "workers": {"A": ["d1", "e1"], "B": ["b2", "e5"]},'
        ' "to_move": "B"}'
    )
    found = judge(flipped, time_budget=None, node_budget=NODES)
    assert found.score == -DECIDED and found.best is not None and "b3" in found.best


def test_swings_are_the_biggest_changes_of_advantage() -> None:
    scores = [0, 20, -10, 600, 550, -DECIDED]
    evaluations = [Evaluation(ply, score, None, 1) for ply, score in enumerate(scores, start=4)]
    assert swings(evaluations) == [9, 7]  # to a forced loss, then the jump to +600
    assert advantage(DECIDED) == 1.0 and -1 < advantage(-400) < -0.8
    assert swings(evaluations[:3]) == []  # small wobbles are not swings


def test_the_analyst_waits_for_an_idle_board_then_stores_every_turn(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id, game = played_game(store)
        assert analysis_json(store, game_id)["status"] == "pending"
        busy = [True]
        analyst = Analyst(store, lambda: not busy[0], time_budget=None, node_budget=NODES)
        asyncio.run(analyst.analyse_pending())
        assert store.analysis(game_id) == [] and analyst.analysed == 0
        busy[0] = False
        asyncio.run(analyst.analyse_pending())
        document = analysis_json(store, game_id)
        assert document["status"] == "done" and analyst.analysed == 1
        evaluations = document["evaluations"]
        assert len(evaluations) == sum(line.kind == "turn" for line in game.record) + 1
        assert evaluations[1]["player"] == "A" and evaluations[1]["notation"]
        assert all(-1 <= e["advantage"] <= 1 for e in evaluations)
        assert set(document["swings"]) <= {e["ply"] for e in evaluations}
        assert store.unanalysed_games() == []
        asyncio.run(analyst.analyse_pending())  # nothing left: nothing written twice
        assert len(store.analysis(game_id)) == len(evaluations)


def test_a_game_still_in_play_is_not_analysed(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id = store.start_game(("A", "B"))
        assert analysis_json(store, game_id) == {
            "game_id": game_id,
            "status": "playing",
            "evaluations": [],
            "swings": [],
        }
        assert store.unanalysed_games() == []


def test_a_game_that_cannot_be_read_is_skipped_and_the_rest_analysed(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Store.open(path) as store:
        broken = store.start_game(("A", "B"))
        store.finish_game(broken, None)
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute(
        "INSERT INTO turns (game_id, ply, player, kind, notation, position, time) "
        "VALUES (?, 1, 'A', 'turn', 'a1-a2 a3', ?, 0)",
        (broken, '{"workers": 7}'),
    )
    raw.close()
    with Store.open(path) as store:
        good, _ = played_game(store, turns=6)
        analyst = Analyst(store, lambda: True, time_budget=None, node_budget=NODES)
        asyncio.run(analyst.analyse_pending())
        assert store.analysis(broken) == [] and len(store.analysis(good)) == 7
        assert analysis_json(store, good)["status"] == "done"
