"""`bench/soak.py --engine LEVEL`: the soak's hands carry out the engine's placements and
turns as a real daemon shows them, and its figures come back; with `--gods POOL` each
game is dealt two gods whose powers the hands carry out; a game it abandons is kept with
why."""

from __future__ import annotations

import json

import httpx
import pytest

from bench.live_daemon import PlayStats, RandomPlayer
from santorini_hw.rules.cells import cell_name, parse_cell
from santorini_hw.rules.gods import God
from santorini_hw.rules.position_json import position_to_json
from tests.bench.run import bench_output
from tests.rules.helpers import position

ADVANCED = {god.value for god in God if not god.is_simple}


def test_the_soak_plays_against_the_engines_seat_and_samples_the_daemon() -> None:
    options = ["--minutes", "1.5", "--turns", "2", "--every", "2", "--warm-up", "0", "--json"]
    options += ["--seed", "7"]
    result = json.loads(bench_output("soak.py", "--engine", "1", *options, timeout=120))
    play = result["play"]
    assert result["engine"] == 1 and result["seed"] == 7
    assert play["turns"] == 2 and play["engine_turns"] == 2  # its placement and its first turn
    assert play["resets"] == 0 and play["refused"] == [] and play["abandoned"] == []
    assert result["summary"] == {**play, "abandoned": []}  # the counts, no states
    assert len(result["samples"]) >= 2  # one at the start, one at the end
    assert all(sample["scan_errors"] == 0 for sample in result["samples"])


def test_a_stuck_game_is_kept_with_why_and_the_summary_leaves_the_boards_out() -> None:
    walled_in = position(
        {"A": ["a1", "e5"], "B": ["c3", "c4"]}, domes=["a2", "b1", "b2", "d4", "d5", "e4"]
    )
    state = {"phase": "play", "to_move": "A", "position": position_to_json(walled_in)}
    with httpx.Client(base_url="http://127.0.0.1:9") as unused:  # this step asks no daemon
        why = RandomPlayer(unused, token="")._step(state)
    assert why == "the player to move has no turn, and the game is not over"

    stats = PlayStats(games=3, resets=1, abandoned=[{"why": why, "before": state, "now": state}])
    assert stats.summary()["abandoned"] == [why] and stats.summary()["games"] == 3
    assert stats.abandoned[0]["before"] is state  # the board itself stays for --json


@pytest.mark.long
def test_with_gods_each_game_is_dealt_two_from_the_pool_and_played_through() -> None:
    options = ["--minutes", "1.5", "--turns", "6", "--every", "2", "--warm-up", "0", "--json"]
    options += ["--gods", "advanced", "--seed", "5"]
    result = json.loads(bench_output("soak.py", "--engine", "1", *options, timeout=120))
    play = result["play"]
    assert result["gods"] == "advanced"
    assert play["turns"] == 6 and play["engine_turns"] >= 3  # its placement and turns
    assert play["resets"] == 0 and play["abandoned"] == []
    dealt = play["gods"]
    assert sum(dealt.values()) == 2 * (play["games"] + 1)  # the game under way too
    assert set(dealt) <= ADVANCED


def test_the_soaks_placements_are_the_ones_the_rules_allow() -> None:
    """Eros' workers go on opposite edges; a random cell of the board would not do."""
    with httpx.Client(base_url="http://127.0.0.1:9") as unused:  # no daemon asked
        player = RandomPlayer(unused, token="", seed=3)
        for _ in range(20):
            fresh = position({"A": [], "B": ["c3"]}, gods={"A": "Eros", "B": "Bia"})
            cells = player._placement(fresh)
            rows, columns = {cell // 5 for cell in cells}, {cell % 5 for cell in cells}
            assert {0, 4} in (rows, columns), [cell_name(cell) for cell in cells]
            half = position({"A": ["c3"], "B": []}, gods={"A": "Apollo", "B": "Eros"}, to_move="B")
            assert parse_cell("c3") not in player._placement(half)
