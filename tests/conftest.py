"""Suite-wide guard: the suite leaves nothing behind in the temporary directory.

The session gets a private temporary directory (for this process and, through TMPDIR,
for every child it starts). Tests must clean up what they start, killed daemons
included (their simulated bridge lives in their state directory, under `tmp_path`):
anything still in the private directory at the end, besides pytest's own `tmp_path`
tree, fails the run and is named. The private directory is then removed, so the
machine's temporary directory is as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_PRIVATE = tempfile.mkdtemp(prefix="santorini-tests-")
os.chmod(_PRIVATE, 0o1777)  # like /tmp: tests that drop root can still use it
tempfile.tempdir = _PRIVATE
os.environ["TMPDIR"] = _PRIVATE


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    pytest_tree = {name for name in os.listdir(_PRIVATE) if name.startswith("pytest-of-")}
    left = sorted(set(os.listdir(_PRIVATE)) - pytest_tree)
    if left:
        print(f"\nthe suite left these in the temporary directory: {', '.join(left)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if session.exitstatus == 0:
        shutil.rmtree(_PRIVATE, ignore_errors=True)
    else:
        print(f"\nthe suite's temporary files are kept in {_PRIVATE}")
