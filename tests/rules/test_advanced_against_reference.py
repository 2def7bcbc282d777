"""The rules core agrees with the naive oracle (`reference_turns.py`) on random positions
for every god pairing: over 2,000 positions a run, new ones each run (the seed is in
every failure message)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from santorini_hw.rules.position_json import position_from_json, position_to_json
from santorini_hw.rules.turns import generate_turns
from tests.rules.advanced_positions import pairings, random_document
from tests.rules.reference_advanced import outcome_of
from tests.rules.reference_turns import reference_outcomes

SEED = random.SystemRandom().randrange(1 << 32)


def disagreement(doc: dict[str, Any]) -> str | None:
    turns = generate_turns(position_from_json(doc))
    engine = {outcome_of(position_to_json(turn.result), turn.winner) for turn in turns}
    oracle = reference_outcomes(doc)
    if engine == oracle and len(turns) == len(engine):
        return None
    return f"seed {SEED}: {doc}: rules core only {len(engine - oracle)}, oracle only {len(oracle - engine)}"


@pytest.mark.long
def test_every_pairing_agrees_with_the_oracle_on_two_thousand_positions() -> None:
    rng = random.Random(SEED)
    lineups = pairings(rng)  # every two-player pairing, and three-player line-ups
    assert any(len(gods) == 3 for gods in lineups)
    for gods in itertools.islice(itertools.cycle(lineups), 2100):
        problem = disagreement(random_document(rng, gods))
        assert problem is None, problem


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 1 << 32), st.sampled_from(pairings(random.Random(0))))
def test_random_v2_positions_round_trip_through_json(seed: int, gods: list[str | None]) -> None:
    start = position_from_json(random_document(random.Random(seed), gods))
    assert position_from_json(position_to_json(start)) == start
    for turn in generate_turns(start)[:10]:
        assert position_from_json(position_to_json(turn.result)) == turn.result
