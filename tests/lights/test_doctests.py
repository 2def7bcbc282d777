"""The usage examples in the lights modules' docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from santorini_hw.lights import compositor, frames, palette, scenes


@pytest.mark.parametrize("module", [scenes, palette, frames, compositor], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
