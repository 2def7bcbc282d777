"""The daemon's settings: one typed object from TOML files, the environment and flags.

Sources, later ones winning: the defaults below, the system file
(`/etc/santorini-hw/config.toml`), the user file (`$XDG_CONFIG_HOME/santorini-hw/config.toml`),
environment variables `SANTORINI_HW_<KEY>` (e.g. `SANTORINI_HW_PORT=8080`), then the
command line. Every key is checked, and a bad one stops the start with a message naming
it, so a typo never silently falls back to a default:

>>> load_settings(files=(), environ={"SANTORINI_HW_PORT": "80"}).port
80
>>> load_settings(files=(), environ={"SANTORINI_HW_PROT": "80"})
Traceback (most recent call last):
...
santorini_hw.daemon.settings.SettingsError: SANTORINI_HW_PROT: unknown setting (known: ...)
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from santorini_hw.daemon.mqtt.address import check_prefix, parse_broker_url
from santorini_hw.referee.game_clock import TimeControl, parse_time_control
from santorini_hw.rules.player_names import check_player_name
from santorini_hw.rules.setup import GOD_POOLS
from santorini_hw.seats.model import NO_SEATS, Seats, parse_seats

SYSTEM_CONFIG = Path("/etc/santorini-hw/config.toml")
ENV_PREFIX = "SANTORINI_HW_"
PI_MODEL_FILE = Path("/proc/device-tree/model")


class SettingsError(ValueError):
    """A setting that cannot be used; the message names its key and where it came from."""


@dataclass(frozen=True)
class Settings:
    state_dir: Path = Path("/var/lib/santorini-hw")
    """Where the journal (`games.sqlite3`) and the write token live."""
    host: str = "127.0.0.1"
    """Address the API listens on; binding to the LAN (e.g. 0.0.0.0) is an explicit choice."""
    public_reads: bool | None = None
    """Reads without the token; None: only while `host` is a loopback address."""
    allowed_hosts: tuple[str, ...] = ()
    """Names the API answers to besides addresses, localhost and this machine's name."""
    port: int = 8000
    sim: bool | None = None
    """Run on the simulated board; None: only when this machine is not a Raspberry Pi."""
    hardware_config: Path | None = None
    """The board's pin map and sensor model (`hardware/board.toml` when unset)."""
    players: tuple[str, ...] = ("A", "B")
    """Players of the game started when the journal has none to restore."""
    clock: TimeControl | None = None
    """That game's clock: `off` (None), `tournament` or MOVE+BANK seconds (`60+300`)."""
    seats: Seats = NO_SEATS
    """Seats of that game: `{B = {kind = "engine", level = 4}}` (env: `B=engine:4`)."""
    god_pool: str = "simple"
    """The gods the quick pick and the Challenger draw from unless chosen otherwise:
    `simple`, `advanced` or `all`."""
    grace: float = 1.5
    """Seconds a board may match nothing before an error is raised."""
    hint_seconds: float = 1.0
    """Time budget of one hint search."""
    analysis_seconds: float = 0.5
    """The engine's time per position when a finished game is analysed for review."""
    ws_queue: int = 256
    """Messages a WebSocket client may fall behind before it is dropped."""
    log_level: str = "info"
    mqtt_url: str | None = None
    """The MQTT broker (`mqtt://host:1883`, `mqtts://host:8883`); None: no MQTT link."""
    mqtt_prefix: str | None = None
    """The board's topics; None: `santorini/<board id>` (see daemon/mqtt/address.py)."""
    mqtt_discovery: bool = False
    """Announce the board to Home Assistant (retained configs under `homeassistant/`)."""
    mqtt_commands: bool = False
    """Take hint, done and new game from `<prefix>/command` (needs `mqtt_credentials`)."""
    mqtt_credentials: Path | None = None
    """A file `user:password`, readable only by the service (mode 0600 or 0400)."""
    mqtt_ca_file: Path | None = None
    """CA certificates for `mqtts://` (the system's when unset)."""
    board_link: str | None = None
    """The paired board's `mqtt_prefix` (`club/board-2`): its players' seats are played
    there (daemon/board_link/); None: no pair. Needs `mqtt_url`."""

    @property
    def database(self) -> Path:
        return self.state_dir / "games.sqlite3"

    @property
    def token_file(self) -> Path:
        return self.state_dir / "token"

    @property
    def private_reads(self) -> bool:
        """Reads (state, games, metrics, docs, WebSocket) need the token."""
        if self.public_reads is not None:
            return not self.public_reads
        if self.host == "localhost":
            return False
        try:
            return not ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return True

    @property
    def simulated(self) -> bool:
        if self.sim is not None:
            return self.sim
        try:
            return "Raspberry Pi" not in PI_MODEL_FILE.read_text(errors="replace")
        except OSError:
            return True


_LOG_LEVELS = ("debug", "info", "warning", "error")


def user_config(environ: Mapping[str, str]) -> Path:
    base = environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "santorini-hw" / "config.toml"


def user_state_dir(environ: Mapping[str, str]) -> Path:
    """The user's own state folder: where `python3 dev.py run` keeps the daemon's."""
    base = environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "santorini-hw"


def load_settings(
    files: Iterable[Path] | None = None,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """Defaults, then each existing TOML file, the environment and `overrides` (flags; None
    values are left out). Raises `SettingsError` naming the first bad key."""
    env = os.environ if environ is None else environ
    paths = (SYSTEM_CONFIG, user_config(env)) if files is None else tuple(files)
    settings = Settings()
    for path in paths:
        try:  # a file the daemon's user may not even look for is an error, not a default
            if not path.is_file():
                continue
            table = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise SettingsError(f"{path}: {error}") from None
        settings = _apply(settings, table, lambda key, p=path: f"{p}: {key}")
    from_env = {
        name[len(ENV_PREFIX) :].lower(): value
        for name, value in env.items()
        if name.startswith(ENV_PREFIX)
    }
    settings = _apply(settings, from_env, lambda key: f"{ENV_PREFIX}{key.upper()}")
    flags = {key: value for key, value in (overrides or {}).items() if value is not None}
    settings = _apply(settings, flags, lambda key: f"--{key.replace('_', '-')}")
    strangers = sorted(settings.seats.remote - set(settings.players))
    if strangers:
        raise SettingsError(f"seats.{strangers[0]}: not one of the players {settings.players}")
    return settings


def _apply(settings: Settings, table: Mapping[str, Any], where: Any) -> Settings:
    known = {field.name for field in fields(Settings)}
    changes: dict[str, Any] = {}
    for key, raw in table.items():
        if key not in known:
            raise SettingsError(
                f"{where(key)}: unknown setting (known: {', '.join(sorted(known))})"
            )
        try:
            changes[key] = _convert(key, raw)
        except (TypeError, ValueError) as error:
            raise SettingsError(f"{where(key)}: {error}") from None
    return dataclasses.replace(settings, **changes)


def _convert(key: str, raw: Any) -> Any:
    """One value, from TOML (typed) or the environment (text), checked for its key."""
    if key in ("state_dir", "hardware_config", "mqtt_credentials", "mqtt_ca_file"):
        if not isinstance(raw, str | Path) or not str(raw):
            raise TypeError(f"a path, not {raw!r}")
        return Path(raw).expanduser()
    if key == "port":
        port = _number(raw, int)
        if not 0 <= port <= 65535:
            raise ValueError(f"a port is 0-65535, not {port}")
        return port
    if key == "ws_queue":
        size = _number(raw, int)
        if size < 1:
            raise ValueError(f"at least 1, not {size}")
        return size
    if key in ("grace", "hint_seconds", "analysis_seconds"):
        seconds = _number(raw, float)
        if not seconds > 0:
            raise ValueError(f"seconds above 0, not {seconds}")
        return seconds
    if key in ("sim", "public_reads", "mqtt_discovery", "mqtt_commands"):
        return _boolean(raw)
    if key == "clock":
        if isinstance(raw, TimeControl):
            return raw
        if not isinstance(raw, str):
            raise TypeError(f"off, tournament or MOVE+BANK seconds like 60+300, not {raw!r}")
        return parse_time_control(raw)
    if key == "allowed_hosts":
        names = raw.split(",") if isinstance(raw, str) else raw
        if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"a list of host names, not {raw!r}")
        return tuple(n.strip().lower() for n in names if n.strip())
    if key == "players":
        names = raw.split(",") if isinstance(raw, str) else raw
        if not isinstance(names, list | tuple) or not 2 <= len(names) <= 4:
            raise ValueError(f"two to four player names, not {raw!r}")
        if any(not isinstance(n, str) for n in names) or len(set(names)) != len(names):
            raise ValueError(f"distinct names, not {raw!r}")
        return tuple(check_player_name(n.strip()) for n in names)
    if key == "seats":
        return _seats(raw)
    if key == "god_pool":
        if raw not in GOD_POOLS:
            raise ValueError(f"one of {', '.join(GOD_POOLS)}, not {raw!r}")
        return raw
    if key == "log_level":
        if raw not in _LOG_LEVELS:
            raise ValueError(f"one of {', '.join(_LOG_LEVELS)}, not {raw!r}")
        return raw
    if not isinstance(raw, str) or not raw:
        raise TypeError(f"a non-empty string, not {raw!r}")
    if key == "mqtt_url":
        parse_broker_url(raw)
    if key in ("mqtt_prefix", "board_link"):
        return check_prefix(raw)
    return raw


def _seats(raw: Any) -> Seats:
    """From TOML, a table of seats; from the environment, `B=engine:4,C=engine:1`."""
    if isinstance(raw, Seats):
        return raw
    if isinstance(raw, str):
        table: dict[str, Any] = {}
        for item in filter(None, (part.strip() for part in raw.split(","))):
            player, _, seat = item.partition("=")
            kind, _, level = seat.partition(":")
            table[player.strip()] = {"kind": kind.strip()}
            if level:
                table[player.strip()]["level"] = _number(level, int)
        raw = table
    if not isinstance(raw, dict):
        raise TypeError(f'seats like {{B = {{kind = "engine", level = 4}}}}, not {raw!r}')
    return parse_seats(raw, tuple(raw))


def _number(raw: Any, kind: type[int] | type[float]) -> Any:
    if isinstance(raw, bool) or not isinstance(raw, str | int | float):
        raise TypeError(f"a number, not {raw!r}")
    if kind is int and isinstance(raw, float):
        raise TypeError(f"a whole number, not {raw!r}")
    try:
        return kind(raw)
    except ValueError:
        raise ValueError(f"a number, not {raw!r}") from None


def _boolean(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"true or false, not {raw!r}")
