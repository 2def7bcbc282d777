"""Suite-wide guard: the suite leaves nothing behind in the temporary directory.

The session gets a private temporary directory (for this process and, through TMPDIR,
for every child it starts). Tests must clean up what they start, killed daemons
included (their simulated bridge lives in their state directory, under `tmp_path`):
anything still in the private directory at the end, besides pytest's own `tmp_path`
tree, fails the run and is named. The private directory is then removed, so the
machine's temporary directory is as it was.

Under pytest-xdist (`dev.py test`) the workers share the controller's private directory,
which the controller checks once they have all finished; tests that share a daemon of
their module (a module-scoped fixture) run on one worker, so it is started once.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

from tests.api.browser import close_browser

_SHARED = "SANTORINI_TESTS_TMPDIR"
"""The controller's private directory, handed to its xdist workers."""
_WORKER = "PYTEST_XDIST_WORKER" in os.environ and _SHARED in os.environ
"""An xdist worker: it uses its controller's directory and leaves the check to it."""

_PRIVATE = os.environ[_SHARED] if _WORKER else tempfile.mkdtemp(prefix="santorini-tests-")
if not _WORKER:
    os.chmod(_PRIVATE, 0o1777)  # like /tmp: tests that drop root can still use it
    os.environ[_SHARED] = _PRIVATE
tempfile.tempdir = _PRIVATE
os.environ["TMPDIR"] = _PRIVATE


@pytest.fixture(scope="module", autouse=True)
def _one_browser_per_module() -> Iterator[None]:
    """A module's page tests share one chromium (`tests/api/browser.py`), closed with its
    files at the end of the module: while Playwright's sync API is started, its event
    loop counts as running in this thread, and the next module's `asyncio.run` would
    refuse to start."""
    yield
    close_browser()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long: takes 10 s or more; started first")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Group a module's tests that use a module-scoped fixture (`--dist loadgroup`), and
    put the `long` tests first: xdist hands out work in this order (after the groups),
    and a long test started last keeps one worker busy while the other waits."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        definitions = info.name2fixturedefs.values() if info else ()
        if any(d.scope == "module" for defs in definitions for d in defs):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _WORKER:
        return
    pytest_tree = {name for name in os.listdir(_PRIVATE) if name.startswith("pytest-of-")}
    left = sorted(set(os.listdir(_PRIVATE)) - pytest_tree)
    if left:
        print(f"\nthe suite left these in the temporary directory: {', '.join(left)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if session.exitstatus == 0:
        shutil.rmtree(_PRIVATE, ignore_errors=True)
    else:
        print(f"\nthe suite's temporary files are kept in {_PRIVATE}")
