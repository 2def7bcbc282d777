from collections.abc import Sequence
from typing import Any

def configure(
    *,
    neighbours: Sequence[int],
    centre: Sequence[int],
    within_two: Sequence[int],
    closer: Sequence[Sequence[int]],
    beyond: Sequence[Sequence[int]],
    gods: Sequence[object],
    apollo: object,
    minotaur: object,
    artemis: object,
    pan: object,
    prometheus: object,
    hermes: object,
) -> None: ...
def encode(positions: Sequence[Any], features: Any, gods: Any, board: Any) -> None: ...
def features(position: Any) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
