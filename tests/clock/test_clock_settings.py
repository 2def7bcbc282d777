"""The clock of the daemon's first game: a setting, an environment variable, a flag."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from santorini_hw.daemon.settings import SettingsError, load_settings
from santorini_hw.referee.game_clock import TOURNAMENT, TimeControl


def test_the_clock_setting_reads_every_form() -> None:
    assert load_settings(files=(), environ={}).clock is None
    assert load_settings(files=(), environ={"SANTORINI_HW_CLOCK": "tournament"}).clock == TOURNAMENT
    flags = {"clock": "30+120"}
    assert load_settings(files=(), environ={}, overrides=flags).clock == TimeControl(30, 120)


def test_a_bad_clock_setting_names_where_it_came_from(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('clock = "sixty"\n')
    with pytest.raises(SettingsError, match=r"config.toml: clock: .*60\+300"):
        load_settings(files=(config,), environ={})


def test_run_refuses_a_bad_clock_flag_before_starting(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "santorini_hw.cli", "run", "--sim", "--clock", "0+5",
         "--state-dir", str(tmp_path)],
        check=False, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "--clock" in done.stderr and "move seconds must be over 0" in done.stderr
