"""An installation without the C extensions (a Pi without a compiler) searches the same."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from santorini_hw.hints.search import best_turn
from santorini_hw.rules.gods import God
from santorini_hw.rules.position_json import position_from_json, position_to_json
from tests.rules.helpers import midgame

BLOCKED = (
    "santorini_hw.hints._inputs",
    "santorini_hw.hints._prior_scores",
    "santorini_hw.rules._hermes",
)
SCRIPT = """
import json, sys
from importlib.abc import MetaPathFinder

class NoExtensions(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in BLOCKED:
            raise ImportError(f"{name} was not built")
        return None

sys.meta_path.insert(0, NoExtensions())
from santorini_hw.hints import inputs, prior_turns
from santorini_hw.hints.search import best_turn
from santorini_hw.rules import outcomes
from santorini_hw.rules.position_json import position_from_json, position_to_json
position = position_from_json(json.loads(sys.stdin.read()))
result = best_turn(position, node_budget=1500, seed=3)
print(json.dumps({
    "in_c": [inputs.counted_in_c(), prior_turns._prior_scores is not None, outcomes._hermes is not None],
    "answer": [position_to_json(result.turn.result), result.score, result.nodes],
}))
"""


@pytest.mark.parametrize(
    "gods", [(God.HERMES, God.DEMETER), (God.ZEUS, God.HERMES)], ids=["simple", "advanced"]
)
def test_without_the_extensions_the_search_gives_the_same_answer(
    gods: tuple[God, God],
) -> None:
    """With simple gods the network's inputs; with an advanced god the linear features."""
    position = midgame(2, gods, 6)
    assert (position.cards is not None) == (gods[0] is God.ZEUS)
    expected = best_turn(position, node_budget=1500, seed=3)
    assert expected.turn is not None
    done = subprocess.run(
        [sys.executable, "-c", f"BLOCKED = {BLOCKED!r}\n{SCRIPT}"],
        input=json.dumps(position_to_json(position)),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found = json.loads(done.stdout)
    assert found["in_c"] == [False, False, False]
    turn_result, score, nodes = found["answer"]
    assert position_from_json(turn_result) == expected.turn.result
    assert (score, nodes) == (expected.score, expected.nodes)
