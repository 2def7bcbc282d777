"""The linear evaluation at the search's horizon: `evaluation.evaluate`, the same score,
with a two-player position's features counted in C (`inputs.side_features`).

Games the value network does not cover (an advanced god in play) are scored this way at
nearly every leaf, and counting the features in Python was about a fifth of such a
search's time (docs/measurements.md). Games of three players keep the Python count,
which finds each side's next member."""

from __future__ import annotations

from santorini_hw.hints import evaluation
from santorini_hw.hints.evaluation import score, side_value
from santorini_hw.hints.inputs import side_features
from santorini_hw.rules.position import Position


def evaluate(position: Position, side: int) -> int:
    """`evaluation.evaluate(position, side)`."""
    gods = position.lineup.gods
    if len(gods) != 2:
        return evaluation.evaluate(position, side)
    first, second = side_features(position)
    values = {0: side_value(position, gods[0], first), 1: side_value(position, gods[1], second)}
    return score(position, side, values)
