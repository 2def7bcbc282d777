"""install.sh: a dry run lists every step and changes nothing; a real run needs root."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.systemd.unit_files import INSTALL

WATCHED = (Path("/opt/santorini-hw"), Path("/etc/systemd/system/santorini-hw.service"))


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_dry_run_prints_every_step_in_order_and_changes_nothing() -> None:
    before = [path.exists() for path in WATCHED]
    result = run("bash", str(INSTALL), "--dry-run")
    assert result.returncode == 0, result.stderr
    steps = [line[2:] for line in result.stdout.splitlines() if line.startswith("+ ")]
    source = INSTALL.parent.parent
    expected_in_order = [
        "apt-get install --yes --no-install-recommends python3-venv python3-pip python3-lgpio gcc python3-dev",
        "usermod --append --groups gpio,spi,dialout santorini",
        f"/opt/santorini-hw/venv/bin/python -m pip install --quiet --upgrade {source}",
        f"install -m 0644 {source}/systemd/santorini-hw.service "
        "/etc/systemd/system/santorini-hw.service",
        f"install -m 0644 {source}/systemd/99-santorini-bridge.rules "
        "/etc/udev/rules.d/99-santorini-bridge.rules",
        "udevadm control --reload-rules",
        "systemctl daemon-reload",
        "systemctl enable santorini-hw.service",
        "systemctl restart santorini-hw.service",
    ]
    assert [step for step in steps if step in expected_in_order] == expected_in_order
    assert "dry run: nothing was changed" in result.stdout
    assert [path.exists() for path in WATCHED] == before


def test_the_venv_is_created_once_and_sees_apt_packages() -> None:
    result = run("bash", str(INSTALL), "--dry-run")
    creates_venv = "+ python3 -m venv --system-site-packages /opt/santorini-hw/venv"
    assert (creates_venv in result.stdout) != Path("/opt/santorini-hw/venv/bin/python").exists()


def test_a_real_run_without_root_is_refused_with_a_hint() -> None:
    # A copy in a world-readable directory, run as nobody when the tests run as root.
    directory = Path(tempfile.mkdtemp())
    try:
        directory.chmod(0o755)
        script = directory / "install.sh"
        shutil.copy(INSTALL, script)
        script.chmod(0o755)
        as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        command = [*(as_nobody if os.geteuid() == 0 else []), "bash", str(script)]
        result = run(*command)
    finally:
        shutil.rmtree(directory)
    assert result.returncode == 1
    assert "must run as root" in result.stderr
    assert "--dry-run" in result.stderr
    assert result.stdout == ""


def test_an_unknown_option_is_refused() -> None:
    result = run("bash", str(INSTALL), "--force")
    assert (result.returncode, result.stderr.strip()) == (
        2,
        "install.sh: unknown option '--force' (try --help)",
    )
