"""The value network's recipe, the steps that run without the anchor: the leaves sampled
from recorded games, and the fitted layers written as the engine reads them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from bench.network import leaves
from bench.network.data import dataset, network_inputs, save_network
from santorini_hw.hints.network import INPUTS, ValueNetwork
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.rules.turns import random_turn


def recording(path: Path) -> Path:
    """Two games' positions as `bench/anchor.py --record` writes them (six turns each)."""
    rng = random.Random(5)
    with open(path, "w", encoding="utf-8") as out:
        for gods in ((None, None), (God.DEMETER, God.MINOTAUR)):
            position = random_placement(("A", "B"), gods, rng)
            positions = [position_to_json(position)]
            for _ in range(6):
                turn = random_turn(position, rng)
                assert turn is not None and turn.winner is None
                position = turn.result
                positions.append(position_to_json(position))
            out.write(json.dumps({"winner": "A", "positions": positions}) + "\n")
    return path


def test_leaves_are_sampled_from_the_searches_the_same_way_every_time(tmp_path: Path) -> None:
    games = recording(tmp_path / "rec.jsonl")
    first, second = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    for out in (first, second):
        assert leaves.main([str(games), "--out", str(out), "--rate", "0.2", "--nodes", "150"]) == 0
    lines = first.read_text().splitlines()
    assert lines and lines == second.read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert {r["game"] for r in records} == {"rec.jsonl:0", "rec.jsonl:1"}
    assert {r["moves"] for r in records} <= {2, 4, 6, 8}
    recorded = {
        json.dumps(p, sort_keys=True)
        for line in games.read_text().splitlines()
        for p in json.loads(line)["positions"]
    }
    leaf_positions = [position_from_json(r["position"]) for r in records]
    assert all(len(p.lineup.players) == 2 for p in leaf_positions)
    assert any(json.dumps(r["position"], sort_keys=True) not in recorded for r in records)
    none = tmp_path / "none.jsonl"
    leaves.main([str(games), "--out", str(none), "--rate", "0", "--nodes", "150"])
    assert none.read_text() == ""


def test_a_fitted_network_written_by_the_recipe_scores_as_its_inputs_say(tmp_path: Path) -> None:
    games = recording(tmp_path / "rec.jsonl")
    sampled = tmp_path / "leaves.jsonl"
    leaves.main([str(games), "--out", str(sampled), "--rate", "0.1", "--nodes", "150"])
    count = len(sampled.read_text().splitlines())
    labels = tmp_path / "labels.jsonl"
    values = [None if i % 7 == 0 else round(np.sin(i), 3) for i in range(count)]
    labels.write_text("".join(json.dumps(v) + "\n" for v in values))
    features, gods, board, targets, quarters = dataset([sampled], [labels])
    assert len(targets) == sum(v is not None for v in values)  # no label: left out
    assert np.allclose(targets, [(v + 1) / 2 for v in values if v is not None])
    assert set(quarters) <= {0, 1, 2, 3}
    scale = np.maximum(1.0, np.abs(features).max(0)).astype(np.float32)
    x = network_inputs(features, gods, board, scale)
    assert x.shape == (len(targets), INPUTS)
    rng = np.random.default_rng(1)
    layers = {
        "W1": rng.normal(0, 0.3, (16, INPUTS)),
        "b1": rng.normal(0, 0.3, 16),
        "W2": rng.normal(0, 0.3, (8, 16)),
        "b2": rng.normal(0, 0.3, 8),
        "W3": rng.normal(0, 0.3, (1, 8)),
        "b3": rng.normal(0, 0.3, 1),
    }
    layers = {name: value.astype(np.float32) for name, value in layers.items()}
    save_network(tmp_path / "network.npz", scale, layers)
    network = ValueNetwork.from_file(tmp_path / "network.npz")
    hidden = np.maximum(x @ layers["W1"].T + layers["b1"], 0)
    hidden = np.maximum(hidden @ layers["W2"].T + layers["b2"], 0)
    expected = np.round(100 * (hidden @ layers["W3"][0] + layers["b3"][0]))
    kept = [
        json.loads(line)["position"]
        for line, v in zip(sampled.read_text().splitlines(), values, strict=True)
        if v is not None
    ]
    scored = network.points([position_from_json(p) for p in kept])
    assert np.abs(np.array(scored) - expected).max() <= 1
