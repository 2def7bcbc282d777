"""The engine's whole-turn generation agrees with the naive oracle on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position import Position, make_lineup
from santorini_hw.rules.turns import generate_turns
from tests.rules.reference import Board, Outcome, reference_outcomes

GODS = [None, *SIMPLE_GODS]


@st.composite
def positions(draw: st.DrawFn, god: God | None = None) -> Position:
    heights = draw(st.lists(st.sampled_from([0, 0, 1, 1, 2, 2, 3]), min_size=25, max_size=25))
    cells = draw(st.permutations(range(25)))
    worker_cells = cells[:4]
    domes = 0
    for cell in cells[4:]:
        if draw(st.integers(0, 9)) == 0:
            domes |= 1 << cell
    l1 = l2 = l3 = 0
    for cell, h in enumerate(heights):
        l1 |= (h >= 1) << cell
        l2 |= (h >= 2) << cell
        l3 |= (h >= 3) << cell
    gods = (god if god is not None else draw(st.sampled_from(GODS)), draw(st.sampled_from(GODS)))
    athena = 1 if gods[1] is God.ATHENA and draw(st.booleans()) else -1
    workers = (
        1 << worker_cells[0] | 1 << worker_cells[1],
        1 << worker_cells[2] | 1 << worker_cells[3],
    )
    return Position(l1, l2, l3, domes, workers, 0, athena, 0, make_lineup(("A", "B"), gods))


def engine_outcomes(position: Position) -> set[Outcome]:
    found = set()
    for turn in generate_turns(position):
        r = turn.result
        workers = frozenset((c, side) for side in (0, 1) for c in cells_of(r.workers[side]))
        found.add(
            (
                r.heights(),
                frozenset(cells_of(r.domes)),
                workers,
                turn.winner is not None,
                r.athena >= 0,
            )
        )
    return found


def oracle_outcomes(position: Position) -> set[Outcome]:
    board = Board(
        list(position.heights()),
        set(cells_of(position.domes)),
        {c: side for side in (0, 1) for c in cells_of(position.workers[side])},
    )
    god = position.god
    return reference_outcomes(board, 0, god.value if god else None, position.athena_blocks_mover)


def check(position: Position) -> None:
    engine, oracle = engine_outcomes(position), oracle_outcomes(position)
    assert engine == oracle, (position, len(engine), len(oracle))
    assert len(generate_turns(position)) == len(engine)  # deduplicated by outcome


@settings(max_examples=120, deadline=None)
@given(positions())
def test_random_positions_agree_with_oracle(position: Position) -> None:
    check(position)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SIMPLE_GODS).flatmap(lambda g: positions(god=g)))
def test_every_god_agrees_with_oracle(position: Position) -> None:
    check(position)
