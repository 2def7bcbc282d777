"""The built API reference has an entry for every module of the four packages and for
each of their public classes, from the docstrings."""

from __future__ import annotations

import ast
import pkgutil
import re
from pathlib import Path

import pytest

from tests.docs.conftest import ROOT

PACKAGES = ("rules", "referee", "sensing", "lights")


def modules(package: str) -> list[str]:
    """The package's public modules, as Python's own import machinery finds them."""
    found = pkgutil.iter_modules([str(ROOT / "santorini_hw" / package)])
    return sorted(f"santorini_hw.{package}.{m.name}" for m in found if not m.name.startswith("_"))


def public_classes(module: str) -> list[str]:
    source = (ROOT / Path(*module.split("."))).with_suffix(".py").read_text(encoding="utf-8")
    return [
        f"{module}.{node.name}"
        for node in ast.parse(source).body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    ]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_and_public_class_has_its_entry_in_the_built_reference(
    site: Path, package: str
) -> None:
    page = (site / "develop" / "reference" / "index.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="(santorini_hw\.[\w.]+)"', page))
    classes = [name for module in modules(package) for name in public_classes(module)]
    assert classes, package
    assert [name for name in modules(package) + classes if name not in anchors] == []


def test_a_class_entry_carries_its_docstring(site: Path) -> None:
    page = (site / "develop" / "reference" / "index.html").read_text(encoding="utf-8")
    entry = page.split('id="santorini_hw.referee.referee.Referee"', 1)[1][:4000]
    doc = ast.get_docstring(
        next(
            node
            for node in ast.parse((ROOT / "santorini_hw/referee/referee.py").read_text()).body
            if isinstance(node, ast.ClassDef) and node.name == "Referee"
        )
    )
    assert doc is not None
    first_words = " ".join(doc.split()[:4])
    assert first_words in re.sub(r"<[^>]+>", "", entry).replace("\n", " ")
