"""`POST /api/games` drawing gods at random from the pool the players allow, never a god
barred for their number nor a pairing the rules refuse; the same `--gods` on the command
line."""

from __future__ import annotations

import random

import pytest

from santorini_hw.commands.god_option import two_gods
from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import TWO_PLAYERS_ONLY, UnknownGodError, parse_god
from tests.daemon.harness import Daemon


def drawn(daemon: Daemon, players: list[str], pool: str | None) -> list[str]:
    body = {"players": players, "selection": "random", **({"pool": pool} if pool else {})}
    response = daemon.http.post("/api/games", json=body, headers=daemon.auth)
    assert response.status_code == 201, response.text
    return list(response.json()["state"]["gods"].values())


def test_a_random_game_draws_from_the_pool_asked_for_or_the_setting(daemon: Daemon) -> None:
    assert all(parse_god(name).is_simple for name in drawn(daemon, ["A", "B"], None))
    for _ in range(6):
        advanced = [parse_god(name) for name in drawn(daemon, ["A", "B"], "advanced")]
        assert not any(god.is_simple for god in advanced) and accepted(tuple(advanced))
        three = [parse_god(name) for name in drawn(daemon, ["A", "B", "C"], "all")]
        assert not set(three) & TWO_PLAYERS_ONLY and len(set(three)) == 3


def test_a_pool_barred_for_the_players_or_unknown_is_refused(daemon: Daemon) -> None:
    body = {"players": ["A", "B", "C", "D"], "selection": "random", "pool": "advanced"}
    refused = daemon.http.post("/api/games", json=body, headers=daemon.auth)
    assert refused.status_code == 422
    assert refused.json()["detail"][0]["loc"] == ["body", "pool"]
    assert "barred for 4 players" in refused.json()["detail"][0]["msg"]
    body = {"players": ["A", "B"], "selection": "random", "pool": "heroes"}
    assert daemon.http.post("/api/games", json=body, headers=daemon.auth).status_code == 422


def test_the_command_lines_random_gods_come_from_the_pool_named() -> None:
    rng = random.Random(2)
    assert all(god is not None and god.is_simple for god in two_gods("random", rng))
    assert all(god is not None and not god.is_simple for god in two_gods("random:advanced", rng))
    with pytest.raises(UnknownGodError, match="random:heroes"):
        two_gods("random:heroes", rng)
