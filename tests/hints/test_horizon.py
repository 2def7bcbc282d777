"""The search's horizon: the value network where it covers the game, the memo, and a node's
leaves evaluated in chunks that change no answer."""

from __future__ import annotations

import random
from pathlib import Path
from unittest.mock import ANY

import numpy as np
import pytest
from hypothesis import given, settings

from santorini_hw.hints import horizon, search
from santorini_hw.hints.evaluation import FEATURES, WIN, all_features, evaluate
from santorini_hw.hints.horizon import Horizon, Memo
from santorini_hw.hints.inputs import GODS
from santorini_hw.hints.network import INPUTS, ValueNetwork, network_for, shipped_network
from santorini_hw.hints.search import best_turn
from santorini_hw.hints.tactics import can_win_now, cannot_move
from santorini_hw.rules.gods import God
from santorini_hw.rules.playout import random_placement
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import generate_turns, random_turns
from tests.hints.strategies import board, positions

ARRAYS = Path(__file__).resolve().parents[2] / "santorini_hw" / "hints" / "network.npz"


def reference_points(position: Position) -> int:
    """The network written out input by input from the file's arrays: the 229 inputs as
    one vector, then the three layers (what `ValueNetwork.points` arranges for batches)."""
    with np.load(ARRAYS) as arrays:
        layers = {name: arrays[name].astype(np.float64) for name in arrays.files if name != "gods"}
    mover = position.side
    sides = all_features(position)
    inputs = [
        value / scale
        for value, scale in zip(sides[mover][1] + sides[1 - mover][1], layers["scale"], strict=True)
    ]
    gods = [0.0] * (2 * len(GODS))
    gods[GODS.index(sides[mover][0])] = 1.0
    gods[len(GODS) + GODS.index(sides[1 - mover][0])] = 1.0
    cells = []
    for cell in range(25):
        bits = [0.0] * 7
        bits[position.height(cell)] = 1.0
        bits[4] = float(position.domes >> cell & 1)
        bits[5] = float(position.workers[mover] >> cell & 1)
        bits[6] = float(position.workers[1 - mover] >> cell & 1)
        cells += bits
    vector = np.array(inputs + gods + cells)
    assert len(vector) == INPUTS == 2 * len(FEATURES) + 22 + 175
    hidden = np.maximum(layers["W1"] @ vector + layers["b1"], 0)
    hidden = np.maximum(layers["W2"] @ hidden + layers["b2"], 0)
    return round(100 * float(layers["W3"][0] @ hidden + layers["b3"][0]))


@settings(max_examples=60, deadline=None)
@given(positions(players=2))
def test_the_network_scores_each_position_as_written_out_input_by_input(position: Position) -> None:
    network = shipped_network()  # scores any two-player position of known gods
    expected = reference_points(position)
    assert network.points([position]) == [expected]
    assert (
        network.points([position, position._replace(to_move=1 - position.to_move)])[0] == expected
    )


def test_the_network_covers_two_players_with_simple_gods_only() -> None:
    two = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, gods={"A": "Atlas", "B": "Pan"})
    assert network_for(two.lineup) is shipped_network()
    advanced = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, gods={"A": "Zeus", "B": "Pan"})
    assert network_for(advanced.lineup) is None
    three = board({"A": ["a1", "c3"], "B": ["e5", "e4"], "C": ["a5", "b5"]})
    assert network_for(three.lineup) is None
    assert God.ZEUS not in GODS and len(GODS) == 11
    no_gods = board({"A": ["a1", "c3"], "B": ["e5", "e4"]})
    assert network_for(no_gods.lineup) is None  # never fitted on games without gods
    one = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, gods={"A": "Atlas", "B": None})
    assert network_for(one.lineup) is None


def test_a_file_that_is_not_a_value_network_is_refused_with_its_reason(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="not a value network"):
        ValueNetwork.from_file(garbage)
    with np.load(ARRAYS) as arrays:
        good = {name: arrays[name] for name in arrays.files}
    with pytest.raises(ValueError, match=r"needs the arrays \['W2'\]"):
        ValueNetwork({name: value for name, value in good.items() if name != "W2"})
    with pytest.raises(ValueError, match="not the simple ones"):
        ValueNetwork(good | {"gods": good["gods"][::-1]})
    with pytest.raises(ValueError, match="takes 229 inputs"):
        ValueNetwork(good | {"W1": good["W1"][:, :-1]})
    with pytest.raises(ValueError, match="do not fit together"):
        ValueNetwork(good | {"W2": good["W2"][:-1]})


class CountingNetwork(ValueNetwork):
    """The shipped network, counting its calls."""

    def __init__(self) -> None:
        self.__dict__.update(shipped_network().__dict__)
        self.calls: list[int] = []

    def points(self, positions):  # type: ignore[no-untyped-def]
        self.calls.append(len(positions))
        return super().points(positions)


def quiet_children(seed: int) -> list[Position]:
    rng = random.Random(seed)
    position = random_placement(("A", "B"), (God.ATLAS, God.HERMES), rng)
    return [turn.result for turn in generate_turns(position) if turn.winner is None]


def test_a_memo_evaluates_the_missing_positions_together_once() -> None:
    network = CountingNetwork()
    children = quiet_children(3)[:10]
    memo = Memo(1, network=network)
    first = memo.many(children[:4])
    assert memo.many(children)[:4] == first
    assert network.calls == [4, 6]  # each position evaluated once, the missing together
    assert memo(children[7]) == memo.many(children)[7] and network.calls == [4, 6]
    mover = network.points(children[:1])[0]
    assert first[0] == (mover if children[0].side == 1 else -mover)


def test_a_memo_that_fills_up_mid_batch_still_scores_every_position() -> None:
    children = quiet_children(4)[:6]
    network = CountingNetwork()
    expected = Memo(0, network=network).many(children)
    memo = Memo(0, capacity=3, network=network)
    assert memo.many(children[:3]) == expected[:3]
    assert memo.many(children[1:]) == expected[1:]  # two remembered, three new: it starts again
    assert len(memo.scores) == 3 and memo.many(children[3:]) == expected[3:]


def test_a_memo_without_the_network_evaluates_each_position_once_for_its_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one = board({"A": ["b2", "c3"], "B": ["e5", "e4"]}, heights={"b2": 1}, to_move="B")
    two = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, heights={"b2": 1}, to_move="B")
    expected = {one: evaluate(one, 1), two: evaluate(two, 1)}
    calls: list[Position] = []

    def counted(position: Position, side: int) -> int:
        calls.append(position)
        return expected[position] if side == 1 else -expected[position]

    monkeypatch.setattr(horizon, "evaluate", counted)
    memo = Memo(1)
    assert [memo(one), memo(two), memo(one), memo(two)] == [expected[one], expected[two]] * 2
    assert calls == [one, two]


def test_a_full_memo_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = [
        board({"A": [cell, "c3"], "B": ["e5", "e4"]}, to_move="B") for cell in ("a1", "a2", "a3")
    ]
    calls: list[Position] = []
    monkeypatch.setattr(horizon, "evaluate", lambda p, side: calls.append(p) or len(calls))
    memo = Memo(0, capacity=2)
    scores = [memo(p) for p in positions] + [memo(positions[0]), memo(positions[2])]
    assert len(memo.scores) <= 2
    assert calls == [*positions, positions[0]]  # the third cleared the first two
    assert scores == [1, 2, 3, 4, 3]


def test_leaves_in_chunks_give_each_child_its_leaf_value_and_count_only_those_reached() -> None:
    children = quiet_children(5)
    root = random_placement(("A", "B"), (God.ATLAS, God.HERMES), random.Random(5))
    spent: list[int] = []
    chunked = Horizon(root, lambda: spent.append(1))
    one_by_one = Horizon(root, lambda: None)
    values = chunked.leaves(children, 3)
    taken = [next(values) for _ in range(6)]
    assert len(spent) == 6  # a child counts as a node when the search reaches it
    assert taken == [one_by_one.leaf(child, 3) for child in children[:6]]
    assert list(values) == [one_by_one.leaf(child, 3) for child in children[6:]]
    sides = root.lineup.sides
    assert chunked.statics(children) == [
        (WIN if sides[c.to_move] == root.side else -WIN)
        if can_win_now(c)
        else one_by_one.value(c, 1)
        for c in children
    ]


def test_prefetching_evaluates_a_chunk_of_children_where_each_chunk_starts() -> None:
    children = [c for c in quiet_children(6) if not can_win_now(c)][:20]
    root = random_placement(("A", "B"), (God.ATLAS, God.HERMES), random.Random(6))
    horizon_ = Horizon(root, lambda: None)
    remembered = horizon_.evaluate.scores
    horizon_.prefetch(children, 0)
    assert set(remembered) <= {children[0]} and len(remembered) <= 1
    horizon_.prefetch(children, 2)  # inside a chunk: nothing
    horizon_.prefetch(children, 1)
    quiet = {c for c in children[:4] if not cannot_move(c)}
    assert set(remembered) == quiet
    horizon_.prefetch(children, 16)
    assert set(remembered) == quiet | {c for c in children[16:] if not cannot_move(c)}


def test_leaves_decided_without_evaluation_keep_their_distance_to_the_win() -> None:
    root = board({"A": ["a1", "c3"], "B": ["e5", "e4"]})
    winning = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, heights={"c3": 2, "c4": 3}, to_move="A")
    domes = ["d3", "d4", "d5", "e3"]
    stuck = board({"A": ["a1", "c3"], "B": ["e5", "e4"]}, domes=domes, to_move="B")
    values = list(Horizon(root, lambda: None).leaves([winning, stuck, winning], 2))
    assert values == [WIN - 3, WIN - 2, WIN - 3]


def test_evaluating_leaves_together_changes_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    roots = []
    for gods in ((God.PAN, God.ATHENA), (God.APOLLO, God.DEMETER), (God.PROMETHEUS, God.ARTEMIS)):
        roots.append(random_turns(random_placement(("A", "B"), gods, rng), 5, rng))

    def answers() -> list[tuple[object, ...]]:
        results = [best_turn(p, node_budget=1200, seed=4) for p in roots]
        return [(r.turn, r.score, r.depth, r.nodes) for r in results]

    together = answers()
    monkeypatch.setattr(horizon, "CHUNK_ENDS", tuple(range(1, 400)))  # one at a time
    assert answers() == together


def test_a_linear_search_values_games_the_network_covers_with_the_linear_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = random_placement(("A", "B"), (God.ATLAS, God.HERMES), random.Random(7))
    child = next(c for c in quiet_children(7) if not can_win_now(c) and not cannot_move(c))
    assert Horizon(root, lambda: None).evaluate.network is shipped_network()
    linear = Horizon(root, lambda: None, linear=True)
    assert linear.evaluate.network is None
    assert linear.value(child, 1) == evaluate(child, root.side)
    found = best_turn(root, node_budget=300, seed=1, linear=True)
    assert found.score != best_turn(root, node_budget=300, seed=1).score
    monkeypatch.setattr(horizon, "network_for", lambda lineup: None)  # neither network
    monkeypatch.setattr(search, "prior_for", lambda lineup: None)  # nor its move prior
    assert best_turn(root, node_budget=300, seed=1) == found._replace(seconds=ANY)
