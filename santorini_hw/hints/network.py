"""The value network: how good a two-player position is for the player to move, in the
linear evaluation's points, learned from AlphaZero's value (docs/develop/network.md).

It covers the games it learned from, two players with simple gods; other games
keep the linear evaluation (`network_for`). A small multilayer perceptron (two hidden
layers of rectified units) reads 229 inputs: both sides' `evaluation` features (the
player to move's first, divided by the file's `scale`), each side's god as one of eleven
(none or a simple god), and the board as seven bits a cell (level 0-3, dome, a worker of
the player to move, one of the other). Its output is the logit of the player to move's
chance to win; 100 points a unit, as in the linear evaluation.

In a batch of a dozen a position costs half what it costs alone (numpy's overhead per call), so
the search hands it the leaves of a node together (`horizon.py`). numpy runs on one
thread: these matrices are too small for threads to pay (they made a search several
times slower).
"""

from __future__ import annotations

import os
import zipfile

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads OpenBLAS

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from santorini_hw.hints.inputs import CELL_BITS, CELLS, FLOAT, GODS, SIDE_FEATURES, encode
from santorini_hw.rules.position import Lineup, Position

_NEGLIGIBLE = 1e-30
_ARRAYS = {"scale", "W1", "b1", "W2", "b2", "W3", "b3", "gods"}
INPUTS = SIDE_FEATURES + 2 * len(GODS) + CELLS * CELL_BITS


class ValueNetwork:
    """The network's weights, arranged for evaluating many positions at once."""

    def __init__(self, arrays: dict[str, Any]) -> None:
        missing = _ARRAYS - set(arrays)
        if missing:
            raise ValueError(f"a value network needs the arrays {sorted(missing)}")
        names = [str(name) for name in arrays["gods"]]
        if names != [god.value if god else "none" for god in GODS]:
            raise ValueError(f"a value network for the gods {names}, not the simple ones")
        _check_shapes(arrays)
        gods = len(GODS)
        first = _flushed(np.asarray(arrays["W1"], FLOAT))
        self.features = (first[:, :SIDE_FEATURES] / np.asarray(arrays["scale"], FLOAT)).T.copy()
        god_columns = first[:, SIDE_FEATURES : SIDE_FEATURES + 2 * gods]
        bias = np.asarray(arrays["b1"], FLOAT)
        self.god_pairs = np.array(
            [
                bias + god_columns[:, mine] + god_columns[:, gods + theirs]
                for mine in range(gods)
                for theirs in range(gods)
            ]
        )
        """Per pair (mover's god, other's god): their inputs' weights plus the bias."""
        self.board = first[:, SIDE_FEATURES + 2 * gods :].T.copy()
        self.second = _flushed(np.asarray(arrays["W2"], FLOAT).T.copy())
        self.second_bias = np.asarray(arrays["b2"], FLOAT)
        self.output = _flushed(np.asarray(arrays["W3"], FLOAT).reshape(-1))
        self.output_bias = float(np.asarray(arrays["b3"]).reshape(-1)[0])

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> ValueNetwork:
        """Read an `.npz` file as `bench/network/fit.py` writes it."""
        try:
            arrays = np.load(path, allow_pickle=False)
        except (OSError, ValueError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path} is not a value network ({error})") from error
        if not isinstance(arrays, np.lib.npyio.NpzFile):
            raise ValueError(f"{path} is not a value network (one array, not a set of them)")
        with arrays:
            return cls({name: arrays[name] for name in arrays.files})

    def covers(self, lineup: Lineup) -> bool:
        """Whether this network scores the games of `lineup`: two players with simple gods,
        the games it learned from. (Its inputs can say "no god", and it plays such games
        as well as the linear evaluation at the same nodes, but it has never been fitted
        on them and costs half as much again a node there: see docs/develop/network.md.)"""
        gods = lineup.gods
        return len(lineup.players) == 2 and all(god is not None and god in GODS for god in gods)

    def points(self, positions: Sequence[Position]) -> list[int]:
        """Each position's value for its player to move, in points (a game it covers)."""
        features, gods, board = encode(positions)
        pairs = gods[:, 0] * len(GODS) + gods[:, 1]
        hidden = features @ self.features + self.god_pairs[pairs] + board @ self.board
        hidden = np.maximum(hidden, 0.0)
        hidden = np.maximum(hidden @ self.second + self.second_bias, 0.0)
        logits = hidden @ self.output + self.output_bias
        return [round(value) for value in (100.0 * logits).tolist()]


def _check_shapes(arrays: dict[str, Any]) -> None:
    first = np.shape(arrays["W1"])
    if len(first) != 2 or first[1] != INPUTS or np.shape(arrays["scale"]) != (SIDE_FEATURES,):
        raise ValueError(f"a value network's first layer takes {INPUTS} inputs")
    second = np.shape(arrays["W2"])
    if (
        len(second) != 2
        or second[1] != first[0]
        or np.shape(arrays["b1"]) != first[:1]
        or np.shape(arrays["b2"]) != second[:1]
        or np.shape(arrays["W3"]) != (1, second[0])
        or np.size(arrays["b3"]) != 1
    ):
        raise ValueError("a value network's layers do not fit together")


def _flushed(weights: Any) -> Any:
    """`weights` with the nearly-zero ones zero. Weight decay leaves many weights around
    1e-38, where single precision turns subnormal, and x86 multiplies subnormal numbers
    dozens of times slower (the 512/256 network's second layer: 125 against 2.5 µs a
    position); below 1e-30 a weight cannot move a score by a point."""
    return np.where(np.abs(weights) < _NEGLIGIBLE, 0, weights).astype(FLOAT)


@cache
def shipped_network() -> ValueNetwork:
    """The network that ships with the engine (`network.npz`, read once)."""
    with resources.as_file(resources.files("santorini_hw.hints").joinpath("network.npz")) as path:
        return ValueNetwork.from_file(path)


def network_for(lineup: Lineup) -> ValueNetwork | None:
    """The shipped network when it covers the games of `lineup`, else None (the linear
    evaluation: no gods, three or four players, an advanced god)."""
    network = shipped_network()
    return network if network.covers(lineup) else None
