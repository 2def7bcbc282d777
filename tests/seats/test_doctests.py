"""The usage examples in the seats' docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from santorini_hw.seats import levels, model, watch


@pytest.mark.parametrize("module", [levels, model, watch], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
