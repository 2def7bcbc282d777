"""The package's shape: imports go one way, and modules stay small enough to read."""

from __future__ import annotations

import ast
from pathlib import Path

import santorini_hw

PACKAGE_DIR = Path(santorini_hw.__file__).resolve().parent
MAX_MODULE_LINES = 400


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def _imports(path: Path, known: set[str]) -> set[str]:
    """Every santorini_hw module this file imports, lazily or for type checking included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in known else node.module)
    return found & known


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, known) - {name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles_inside_the_package() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_sees_a_cycle_through_three_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_import_walk_counts_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from santorini_hw.rules import position\n"
        "def f():\n    import santorini_hw.rules.cells\n",
        encoding="utf-8",
    )
    known = {"santorini_hw.rules.position", "santorini_hw.rules.cells", "santorini_hw.rules"}
    assert _imports(source, known) == {"santorini_hw.rules.position", "santorini_hw.rules.cells"}


def test_no_module_is_over_the_size_limit() -> None:
    sizes = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in _modules().items()
    }
    assert {name: n for name, n in sizes.items() if n > MAX_MODULE_LINES} == {}


def test_the_top_level_holds_only_the_layers_and_shared_modules() -> None:
    top = {path.stem for path in PACKAGE_DIR.iterdir() if path.suffix == ".py" or path.is_dir()}
    top.discard("__pycache__")
    layers = {
        "rules",
        "sensing",
        "physics",
        "referee",
        "lights",
        "hints",
        "seats",
        "store",
        "api",
        "daemon",
    }
    assert top == layers | {"checks", "commands", "hardware", "clock", "closing", "cli", "__init__"}


def _reached_from(start: str) -> set[str]:
    graph = import_graph()
    seen, todo = {start}, [start]
    while todo:
        for imported in graph[todo.pop()] - seen:
            seen.add(imported)
            todo.append(imported)
    return seen


def test_the_daemon_never_imports_the_design_time_physics() -> None:
    """A reader of the sensing path sees only what runs on the board."""
    reached = _reached_from("santorini_hw.daemon.main")
    assert "santorini_hw.sensing.scanner" in reached
    assert {name for name in reached if name.startswith("santorini_hw.physics")} == set()


def test_the_mqtt_link_lives_in_its_own_package() -> None:
    daemon_modules = {name for name in _modules() if name.startswith("santorini_hw.daemon.")}
    assert {name for name in daemon_modules if "mqtt" in name.rsplit(".", 1)[-1]} == {
        "santorini_hw.daemon.mqtt"
    }
