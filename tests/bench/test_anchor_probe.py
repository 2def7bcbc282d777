"""Games against the anchor recorded, and what the probe reads from them: who moved, who
won, the features asked for, and a logistic fit that finds the coefficients it should."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

from bench.alphazero.match import Game, Outcome, Tally, recorder
from bench.alphazero.players import InProcessRules
from bench.anchor_probe import Rows, fit, held_out, log_loss, read_rows
from santorini_hw.hints.evaluation import FEATURES, all_features, load_weights
from santorini_hw.rules.position_json import position_from_json

START = {
    "heights": {"b2": 2, "c3": 1},
    "workers": {"A": ["a1", "c2"], "B": ["e5", "d4"]},
    "gods": {"A": "Apollo", "B": "Pan"},
    "to_move": "A",
}
LATER = {**START, "workers": {"A": ["b2", "c2"], "B": ["e5", "d4"]}, "to_move": "B"}


class ScriptedGame(Game):
    """A game whose moves are given: what `Game.play` records around them."""

    def _play(self, start: dict[str, Any], engine_seat: str, rng: random.Random) -> Outcome:
        self.positions += [start, LATER]
        return Outcome(engine_won=engine_seat == "B", turns=2)


def test_each_finished_game_is_appended_with_its_seats_and_positions(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    record = recorder(path, seed=7, nodes=4357, gods=True)
    game = ScriptedGame(InProcessRules(), None, nodes=1, sims=1, tally=Tally(), record=record)  # type: ignore[arg-type]
    game.play(START, "A", random.Random(1))
    game.play(START, "B", random.Random(1))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(line["engine"], line["winner"]) for line in lines] == [("A", "B"), ("B", "B")]
    assert lines[0]["positions"] == [START, LATER] and lines[1]["seed"] == 7
    assert recorder(None) is None


def test_the_probe_reads_the_mover_the_result_and_the_features_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(
        json.dumps({"engine": "A", "winner": "B", "positions": [START, LATER]}) + "\n",
        encoding="utf-8",
    )
    shipped = load_weights()
    rows = read_rows([path], ["neighbour_height"])
    assert load_weights() == shipped  # the zeroed weight is put back
    assert rows.labels == [0.0, 1.0] and rows.games == [1, 1]
    assert [row[1] for row in rows.base] == [1.0, -1.0]  # the engine moves first
    assert [row[2:4] for row in rows.base] == [[1.0, -1.0], [-1.0, 1.0]]  # Apollo, Pan
    index = FEATURES.index("neighbour_height")
    expected = []
    for data in (START, LATER):
        sides = all_features(position_from_json(data))
        mover = 0 if data["to_move"] == "A" else 1
        expected.append([float(sides[mover][1][index] - sides[1 - mover][1][index])])
    assert rows.probed == expected


def drawn(count: int, rng: random.Random) -> tuple[list[list[float]], list[float]]:
    """Rows [x, ±1, 1] whose labels come from 1.5 x - 0.5 (±1) + 0.2."""
    xs, ys = [], []
    for _ in range(count):
        x = [rng.gauss(0, 1), rng.choice((-1.0, 1.0)), 1.0]
        z = 1.5 * x[0] - 0.5 * x[1] + 0.2
        xs.append(x)
        ys.append(1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0)
    return xs, ys


def test_the_fit_finds_the_coefficients_the_labels_were_drawn_with() -> None:
    xs, ys = drawn(4000, random.Random(5))
    w = fit(xs, ys)
    assert abs(w[0] - 1.5) < 0.2 and abs(w[1] + 0.5) < 0.15 and abs(w[2] - 0.2) < 0.15
    assert log_loss(xs, ys, w) < log_loss(xs, ys, [0.0, 0.0, 0.0])


def test_a_feature_the_outcomes_depend_on_lowers_the_held_out_loss() -> None:
    xs, ys = drawn(2000, random.Random(6))
    rows = Rows(
        [[x[1], x[2]] for x in xs], [[x[0]] for x in xs], ys, [i // 20 for i in range(2000)]
    )
    joined = [[*base, *probed] for base, probed in zip(rows.base, rows.probed, strict=True)]
    with_it = held_out(joined, rows)
    assert with_it < held_out(rows.base, rows) - 0.05
