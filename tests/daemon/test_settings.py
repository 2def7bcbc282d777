"""Settings: files, then the environment, then flags; a bad key is named."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from santorini_hw.daemon.settings import SettingsError, load_settings
from tests.unprivileged import run_unprivileged


def test_later_sources_win(tmp_path: Path) -> None:
    system = tmp_path / "system.toml"
    system.write_text('port = 9000\nhost = "0.0.0.0"\nplayers = ["X", "Y", "Z"]\n')
    user = tmp_path / "user.toml"
    user.write_text("port = 9001\nsim = true\n")
    settings = load_settings(
        files=(system, user), environ={"SANTORINI_HW_PORT": "9002"}, overrides={"host": None}
    )
    assert (settings.port, settings.host, settings.sim) == (9002, "0.0.0.0", True)
    assert settings.players == ("X", "Y", "Z")
    flagged = load_settings(
        files=(system,), environ={}, overrides={"port": 0, "state_dir": tmp_path}
    )
    assert flagged.port == 0 and flagged.token_file == tmp_path / "token"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("prot = 1", "prot"),
        ('port = "eighty"', "port"),
        ("port = 70000", "port"),
        ("grace = -1", "grace"),
        ('players = ["A"]', "players"),
        ('log_level = "loud"', "log_level"),
        ("sim = 3", "sim"),
        ('players = ["<img>", "B"]', "players"),
        ("public_reads = 2", "public_reads"),
        ("allowed_hosts = 3", "allowed_hosts"),
    ],
)
def test_a_bad_file_key_is_named_with_its_file(tmp_path: Path, text: str, named: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text + "\n")
    with pytest.raises(SettingsError, match=f"{path}: {named}"):
        load_settings(files=(path,), environ={})


def test_a_bad_environment_variable_is_named() -> None:
    with pytest.raises(SettingsError, match="SANTORINI_HW_WS_QUEUE: at least 1"):
        load_settings(files=(), environ={"SANTORINI_HW_WS_QUEUE": "0"})
    assert load_settings(files=(), environ={"SANTORINI_HW_SIM": "no"}).simulated is False


@pytest.mark.parametrize(
    ("host", "public_reads", "private"),
    [
        ("127.0.0.1", None, False),
        ("::1", None, False),
        ("localhost", None, False),
        ("0.0.0.0", None, True),
        ("192.168.1.20", None, True),
        ("board.local", None, True),
        ("0.0.0.0", True, False),
        ("127.0.0.1", False, True),
    ],
)
def test_reads_are_private_off_the_loopback_unless_made_public(
    host: str, public_reads: bool | None, private: bool
) -> None:
    overrides = {"host": host, "public_reads": public_reads}
    assert load_settings(files=(), environ={}, overrides=overrides).private_reads is private


def test_allowed_hosts_from_the_environment() -> None:
    environ = {"SANTORINI_HW_ALLOWED_HOSTS": "Board.lan, santorini.home"}
    assert load_settings(files=(), environ=environ).allowed_hosts == ("board.lan", "santorini.home")


def test_a_config_folder_the_user_may_not_enter_is_a_clear_error_not_a_traceback() -> None:
    """Found as `nobody` with root's HOME: looking for the user file raised EACCES."""
    home = Path(tempfile.mkdtemp(dir="/dev/shm"))
    state = Path(tempfile.mkdtemp(dir="/dev/shm"))
    try:
        (home / ".config").mkdir()
        home.chmod(0o700 if os.geteuid() == 0 else 0o000)  # nobody (or we) may not enter
        state.chmod(0o777)
        done = run_unprivileged(
            "token", "--state-dir", str(state), env={"HOME": str(home), "XDG_CONFIG_HOME": ""}
        )
        assert done.returncode == 2, done.stderr
        wanted = f"error: bad setting: {home}/.config/santorini-hw/config.toml: [Errno 13]"
        assert done.stderr.startswith(wanted), done.stderr
        assert "Traceback" not in done.stderr
    finally:
        home.chmod(0o700)
        shutil.rmtree(home)
        shutil.rmtree(state)
