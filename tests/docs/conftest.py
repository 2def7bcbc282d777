"""The documentation site, built once per test session (or once by `dev.py test`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: `dev.py test` builds it strictly before pytest and says where;
    otherwise it is built here, as strictly (every link, anchor and reference resolved)."""
    built = os.environ.get("SANTORINI_DOCS_SITE")
    if built and (Path(built) / "index.html").is_file():
        return Path(built)
    target = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return target
