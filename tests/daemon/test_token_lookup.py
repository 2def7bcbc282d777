"""`santorini-hw token` finds the token of a daemon started by `python3 dev.py run`,
which keeps its state in the user's state folder, when no --state-dir is given."""

from __future__ import annotations

from pathlib import Path

import pytest

from santorini_hw.cli import main


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The user's state folder holding dev.py's token, and a configured folder without one."""
    dev = tmp_path / "xdg-state" / "santorini-hw"
    dev.mkdir(parents=True)
    (dev / "token").write_text("the-dev-token\n")
    (dev / "token").chmod(0o600)
    configured = tmp_path / "configured"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))
    monkeypatch.setenv("SANTORINI_HW_STATE_DIR", str(configured))
    return dev, configured


def test_without_a_state_dir_the_dev_daemons_token_is_found(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    dev, configured = folders
    assert main(["token"]) == 0
    printed = capsys.readouterr()
    assert printed.out == "the-dev-token\n"
    assert str(dev) in printed.err and str(configured) in printed.err
    assert not configured.exists(), "no second token made where nobody runs a daemon"


def test_the_configured_folders_own_token_comes_first(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, configured = folders
    configured.mkdir()
    (configured / "token").write_text("the-board-token\n")
    (configured / "token").chmod(0o600)
    assert main(["token"]) == 0
    assert capsys.readouterr().out == "the-board-token\n"


def test_a_given_state_dir_is_the_only_place_looked_at(
    folders: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["token", "--state-dir", str(tmp_path / "elsewhere")]) == 0
    made = capsys.readouterr().out.strip()
    assert (
        made != "the-dev-token" and (tmp_path / "elsewhere" / "token").read_text().strip() == made
    )
