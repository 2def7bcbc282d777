"""The value network's data between the recipe's steps (docs/develop/network.md): the
labelled leaves as the network's inputs, and its file as the engine reads it. numpy only,
so the project's tests check it (the fit itself needs torch, in the bench venv)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import numpy as np

from santorini_hw.hints.inputs import GODS, encode
from santorini_hw.rules.position_json import position_from_json


def dataset(leaves: list[Path], labels: list[Path]) -> tuple[np.ndarray, ...]:
    """Features, god indices, board bits, targets and each row's quarter (by game)."""
    positions, targets, quarters = [], [], []
    for leaf_file, label_file in zip(leaves, labels, strict=True):
        with open(leaf_file, encoding="utf-8") as ls, open(label_file, encoding="utf-8") as vs:
            for line, value in zip(ls, vs, strict=True):
                label = json.loads(value)
                if label is None:
                    continue
                leaf = json.loads(line)
                positions.append(position_from_json(leaf["position"]))
                targets.append((label + 1) / 2)
                quarters.append(zlib.crc32(leaf["game"].encode()) % 4)
    parts = [encode(positions[i : i + 10_000]) for i in range(0, len(positions), 10_000)]
    features, gods, board = (np.concatenate([p[k] for p in parts]) for k in range(3))
    return features, gods, board, np.array(targets, np.float32), np.array(quarters)


def network_inputs(
    features: np.ndarray, gods: np.ndarray, board: np.ndarray, scale: np.ndarray
) -> np.ndarray:
    """The network's input rows: scaled features, the two gods one-hot, the board's bits."""
    one_hot = np.zeros((len(gods), 2 * len(GODS)), np.float32)
    one_hot[np.arange(len(gods)), gods[:, 0]] = 1
    one_hot[np.arange(len(gods)), len(GODS) + gods[:, 1]] = 1
    return np.concatenate([features / scale, one_hot, board], 1).astype(np.float32)


def save_network(path: Path, scale: np.ndarray, layers: dict[str, np.ndarray]) -> None:
    """Write the network's file: `layers` W1, b1, W2, b2, W3, b3 as fitted (each weight
    matrix outputs by inputs), the features' `scale` and the gods' names in input order."""
    names = np.array([god.value if god else "none" for god in GODS])
    np.savez_compressed(path, scale=scale, gods=names, **layers)


def cross_entropy(p: np.ndarray, t: np.ndarray) -> float:
    p = p.clip(1e-6, 1 - 1e-6)
    return float(-(t * np.log(p) + (1 - t) * np.log(1 - p)).mean())
