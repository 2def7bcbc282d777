"""systemd's own checks of the unit. `systemd-analyze verify` exits 0 even for unknown keys
and bad values, so any output at all fails the test. The tool ships with Debian's
`systemd` package, which the project's machines have: its absence fails with that hint."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.systemd.unit_files import UNIT


def analyze(*arguments: str) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("systemd-analyze")
    assert tool is not None, "systemd-analyze is missing: apt-get install systemd"
    return subprocess.run(
        [tool, *arguments], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.fixture
def unit_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart=/bin/true, so verify need not find the installed venv."""
    text = re.sub(r"^ExecStart=.*$", "ExecStart=/bin/true", UNIT.read_text(), flags=re.MULTILINE)
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    return copy


def test_systemd_analyze_verify_has_nothing_to_say(unit_copy: Path) -> None:
    result = analyze("verify", "--man=no", str(unit_copy))
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_verify_does_report_a_key_systemd_does_not_know(unit_copy: Path) -> None:
    unit_copy.write_text(unit_copy.read_text().replace("[Service]", "[Service]\nWatchdogSecs=5"))
    result = analyze("verify", "--man=no", str(unit_copy))
    assert "WatchdogSecs" in result.stdout + result.stderr


def test_security_exposure_stays_low(unit_copy: Path) -> None:
    result = analyze("security", "--offline=true", "--no-pager", str(unit_copy))
    score = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert score is not None, result.stdout + result.stderr
    print(f"systemd-analyze security: {score.group(1)} (0 = locked down, 10 = exposed)")
    assert float(score.group(1)) <= 2.0
