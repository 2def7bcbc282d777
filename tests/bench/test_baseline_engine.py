"""The earlier engine of `bench/strength.py --vs-baseline` and `bench/node_cost.py --vs`:
which gods it can be dealt, and its C extensions built as its install builds them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench.baseline_engine import build_extensions, knows_advanced_gods, unpacked

BEFORE_ADVANCED_GODS = "f4b43e9~1"
"""The commit before the advanced gods' turn rules came in (f4b43e9)."""


def test_a_commit_before_the_advanced_gods_is_dealt_only_the_simple_ones() -> None:
    assert not knows_advanced_gods(BEFORE_ADVANCED_GODS)


def test_todays_commit_knows_the_advanced_gods() -> None:
    assert knows_advanced_gods("HEAD")


def test_an_earlier_commits_package_comes_with_its_c_extensions_built() -> None:
    """Else the baseline runs its hot loops in Python: not the engine that commit ships."""
    check = (
        "import santorini_hw; from santorini_hw.hints import inputs, prior_turns;"
        " from santorini_hw.rules import outcomes; print(santorini_hw.__file__,"
        " inputs.counted_in_c(), prior_turns._prior_scores is not None, outcomes._hermes is not None)"
    )
    with unpacked("HEAD") as directory:
        done = subprocess.run(
            [sys.executable, "-c", check],
            env={**os.environ, "PYTHONPATH": directory},
            cwd=directory,
            capture_output=True,
            text=True,
            check=True,
        )
    package, *in_c = done.stdout.split()
    assert package.startswith(directory)
    assert in_c == ["True", "True", "True"]


GOOD = """#include <Python.h>
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "good", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_good(void) { return PyModule_Create(&module); }
"""


def test_an_extension_that_does_not_compile_is_left_out(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "good.c").write_text(GOOD)
    (tmp_path / "pkg" / "bad.c").write_text("this is not C\n")
    (tmp_path / "pyproject.toml").write_text(
        "[tool.setuptools]\next-modules = [\n"
        '  { name = "pkg.good", sources = ["pkg/good.c"], optional = true },\n'
        '  { name = "pkg.bad", sources = ["pkg/bad.c"], optional = true },\n]\n'
    )
    built = build_extensions(tmp_path)
    assert [path.name.split(".")[0] for path in built] == ["good"]
    done = subprocess.run(
        [sys.executable, "-c", "import pkg.good; print(pkg.good.__name__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "pkg.good"
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'none'\n")
    assert build_extensions(tmp_path) == []
