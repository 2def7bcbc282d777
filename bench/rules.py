"""Benchmark of the rules core: random games per second and perft timings (prints JSON).

    .venv/bin/python bench/rules.py --games 2000 --gods all --seed 1

Playouts without gods, with two of the ten simple gods (`random`) and with two of all
thirty (`thirty`: every pairing the rules accept, advanced gods' turns drawn by
`playout.random_power_turn`).

With `santorinai` installed (`pip install santorinai`, not a project dependency), the same
run also measures that library's random games per second (no gods) for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.playout import random_game
from santorini_hw.rules.position_json import parse_position
from santorini_hw.rules.turns import perft

PERFT_POSITIONS = {
    "start_no_gods": '{"workers": {"A": ["b2", "d4"], "B": ["b4", "d2"]}, "to_move": "A"}',
    "midgame_demeter_artemis": (
        '{"heights": {"c3": 2, "d2": 3, "b2": 1, "c2": 1}, "domes": ["d2"], '
        '"workers": {"A": ["b3", "c4"], "B": ["c2", "c3"]}, '
        '"gods": {"A": "Demeter", "B": "Artemis"}, "to_move": "A"}'
    ),
    "apollo_minotaur": (
        '{"heights": {"b3": 1, "c3": 2, "d3": 1}, '
        '"workers": {"A": ["b2", "c4"], "B": ["c3", "d2"]}, '
        '"gods": {"A": "Apollo", "B": "Minotaur"}, "to_move": "A"}'
    ),
    "hermes_prometheus": (
        '{"heights": {"a1": 1, "b1": 1, "c1": 1, "e5": 2}, '
        '"workers": {"A": ["a1", "e4"], "B": ["c3", "c1"]}, '
        '"gods": {"A": "Hermes", "B": "Prometheus"}, "to_move": "A"}'
    ),
}


def _pairings() -> list[tuple[God, God]]:
    """Every two-player pairing of the thirty gods the rules accept."""
    return [(first, second) for first in God for second in God if accepted((first, second))]


def games_per_second(games: int, gods_mode: str, seed: int) -> dict[str, Any]:
    """`gods_mode`: none, random (two of the ten simple gods) or thirty (two of all)."""
    rng = random.Random(seed)
    pairings = _pairings() if gods_mode == "thirty" else []
    turns = 0
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        gods: tuple[God | None, ...] = (None, None)
        if gods_mode == "random":
            gods = tuple(rng.sample(SIMPLE_GODS, 2))
        elif gods_mode == "thirty":
            gods = pairings[int(rng.random() * len(pairings))]
        turns += random_game(rng, gods).turns
    return {
        "games": games,
        "gods": gods_mode,
        **_rates(games, started, cpu),
        "turns_per_game": round(turns / games, 1),
    }


def _rates(games: int, started: float, cpu: float) -> dict[str, float]:
    """Games per second of wall time, and per second of this process's CPU time (steadier
    on a machine shared with other work)."""
    elapsed = time.perf_counter() - started
    return {
        "games_per_s": round(games / elapsed, 1),
        "games_per_cpu_s": round(games / (time.process_time() - cpu), 1),
    }


def santorinai_games_per_second(games: int, seed: int) -> dict[str, Any] | str:
    try:
        from santorinai.board import Board
        from santorinai.player_examples.random_player import RandomPlayer
    except ImportError:
        return "santorinai not installed (pip install santorinai)"
    random.seed(seed)  # RandomPlayer draws from the module-level generator
    players = [RandomPlayer(), RandomPlayer()]
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        board = Board(2)
        for pawn_number in range(4):
            pawn = board.get_playing_pawn()
            board.place_pawn(players[pawn_number % 2].place_pawn(board.copy(), pawn))
        while not board.is_game_over():
            pawn = board.get_playing_pawn()
            if not board.get_possible_movement_positions(pawn):
                board.next_turn()
                continue
            copy = board.copy()
            move, build = players[pawn.player_number - 1].play_move(copy, copy.get_playing_pawn())
            board.play_move(move, build)
    return {"games": games, "gods": "none", **_rates(games, started, cpu)}


def perft_timings(depth: int) -> dict[str, Any]:
    timings = {}
    for name, text in PERFT_POSITIONS.items():
        position = parse_position(text)
        started = time.perf_counter()
        leaves = perft(position, depth)
        timings[name] = {
            "depth": depth,
            "leaves": leaves,
            "seconds": round(time.perf_counter() - started, 3),
        }
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument(
        "--gods", choices=["random", "none", "thirty", "both", "all"], default="all"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--perft-depth", type=int, default=2)
    args = parser.parse_args()
    modes = {"both": ["none", "random"], "all": ["none", "random", "thirty"]}.get(
        args.gods, [args.gods]
    )
    report = {
        "playouts": [games_per_second(args.games, mode, args.seed) for mode in modes],
        "santorinai": santorinai_games_per_second(max(1, args.games // 4), args.seed),
        "perft": perft_timings(args.perft_depth),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
