"""Two daemons on simulated boards paired over a real Mosquitto: board 1 seats A at the
table and B as remote (`board_link` to board 2); board 2 only names its pair."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.daemon.harness import SETUP, Daemon
from tests.mqtt.broker import Mosquitto

ONE, TWO = "club/board-1", "club/board-2"


def pair_env(broker: Mosquitto, own: str, pair: str, **more: str) -> dict[str, str]:
    env = {"SANTORINI_HW_MQTT_URL": broker.url, "SANTORINI_HW_MQTT_PREFIX": own}
    env |= {"SANTORINI_HW_BOARD_LINK": pair}
    return env | {f"SANTORINI_HW_{key.upper()}": value for key, value in more.items()}


def boards_for(
    tmp_path: Path, broker: Mosquitto, clock: str = "off", **logins: Path
) -> list[Daemon]:
    """Board 1 (its first game with `clock`) and board 2, not started; `logins`: a
    credentials file by board (one, two)."""
    login = {name: {"mqtt_credentials": str(path)} for name, path in logins.items()}
    one = pair_env(broker, ONE, TWO, seats="B=remote", clock=clock, **login.get("one", {}))
    two = pair_env(broker, TWO, ONE, **login.get("two", {}))
    return [Daemon(tmp_path / "one", one), Daemon(tmp_path / "two", two)]


def shown(board: Daemon, player: str, steps: list[str]) -> dict[str, Any]:
    """Wait until `board` shows `player`'s turn from the other board."""
    return board.wait_state(
        lambda s: (
            s["awaiting"] is not None
            and s["awaiting"]["player"] == player
            and s["awaiting"]["turn"]["actions"] == steps
        ),
        f"{player}'s {steps} shown",
    )


def relay(origin: Daemon, other: Daemon, player: str, move: str, build: str) -> None:
    """A turn played by hand on `origin`, shown on `other` and carried out there."""
    origin.turn(player, move, build)
    shown(other, player, [move, build])
    other.turn(player, move, build)


def place_both(one: Daemon, two: Daemon) -> None:
    """Board 2 follows board 1's game; the workers placed on each, then carried out."""
    two.wait_state(lambda s: s["seats"]["A"] == {"kind": "remote"}, "board 2 follows")
    one.place_workers({"A": SETUP["A"]})
    shown(two, "A", SETUP["A"])
    two.place_workers({"A": SETUP["A"]})
    two.place_workers({"B": SETUP["B"]})
    shown(one, "B", SETUP["B"])
    one.place_workers({"B": SETUP["B"]})
