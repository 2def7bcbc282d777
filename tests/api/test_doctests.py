"""The usage examples in the docstrings of the API's safety helpers run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from santorini_hw.daemon import state
from santorini_hw.rules import player_names


@pytest.mark.parametrize("module", [player_names, state], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
