"""What the gods' own weights are worth: the engine against the same engine with a pool of
gods' own weights zeroed. Prints figures, asserts nothing.

    .venv/bin/python bench/god_weights.py                      # issue 27's bar: the advanced
    .venv/bin/python bench/god_weights.py --zero simple --pool simple --linear --jobs 2

Issue 27 asks the advanced gods' own weights to beat the engine blind to them
(`santorini-hw match engine:nodes=4357 blind:nodes=4357 --games 4 --gods --seed S`); the
same games come out here for `--zero advanced --pool all` (the defaults). `--zero simple
--pool simple --linear` is the control: the simple gods' own weights against the engine
blind to them, both sides on the linear evaluation (the value network and its move prior
off: otherwise the network, not those weights, values games of two simple gods).

Each seed plays two openings from both seats (`hints.match.play_match`, four games); the
lines give the score with its 95 % interval (Wilson) and how the openings split: won
once by each side, twice by the engine, twice by the blind engine.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool

from santorini_hw.hints.evaluation import blind_to, load_weights
from santorini_hw.hints.match import GameRecord, MatchResult, engine_player, play_match
from santorini_hw.rules.gods import ADVANCED_GODS, SIMPLE_GODS, God

POOLS: dict[str, tuple[God, ...]] = {
    "simple": SIMPLE_GODS,
    "advanced": ADVANCED_GODS,
    "all": tuple(God),
}
GAMES_A_SEED = 4


def seed_games(
    seed: int, nodes: int, zero: str, pool: str, linear: bool
) -> list[dict[str, object]]:
    """One seed's four games, each as whether the engine (with every weight) won."""
    shipped = load_weights()
    engine = engine_player(nodes=nodes, weights=shipped, linear=linear)
    blind = engine_player(nodes=nodes, weights=blind_to(shipped, POOLS[zero]), linear=linear)
    records: list[GameRecord] = []
    play_match(
        engine,
        blind,
        games=GAMES_A_SEED,
        seed=seed,
        gods=True,
        pool=POOLS[pool],
        progress=records.append,
    )
    return [
        {
            "seed": seed,
            "opening": index // 2,
            "engine_first": record.first_seat == 0,
            "engine_won": record.winner_seat == record.first_seat,
            "turns": record.turns,
            "gods": [god.value if god else None for god in record.start.lineup.gods],
        }
        for index, record in enumerate(records)
    ]


def openings_split(games: Sequence[dict[str, object]]) -> Counter[int]:
    """Per opening (both seats played), how many of its two games the engine won."""
    won: Counter[tuple[object, object]] = Counter()
    for game in games:
        won[game["seed"], game["opening"]] += 1 if game["engine_won"] else 0
    return Counter(won.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=4357, help="both engines' nodes a turn")
    parser.add_argument("--seeds", type=int, nargs=2, default=(300, 349), metavar=("FIRST", "LAST"))
    parser.add_argument("--zero", choices=POOLS, default="advanced", help="whose own weights")
    parser.add_argument("--pool", choices=POOLS, default="all", help="the games' gods")
    parser.add_argument("--linear", action="store_true", help="no network, no move prior")
    parser.add_argument("--jobs", type=int, default=1, help="seeds played side by side")
    parser.add_argument("--json", action="store_true", help="also every game, as JSON")
    args = parser.parse_args()
    first, last = args.seeds
    jobs = [
        (seed, args.nodes, args.zero, args.pool, args.linear) for seed in range(first, last + 1)
    ]
    with Pool(max(1, args.jobs)) as workers:
        games = [game for seed in workers.starmap(seed_games, jobs) for game in seed]
    wins = sum(1 for game in games if game["engine_won"])
    result = MatchResult(wins, len(games) - wins)
    split = openings_split(games)
    evaluation = "the linear evaluation" if args.linear else "the shipped evaluation"
    print(
        f"the engine against the engine blind to the {args.zero} gods' own weights;"
        f" gods from {args.pool}; {args.nodes} nodes; {evaluation}; seeds {first}-{last}"
    )
    print(result.summary())
    print(
        f"openings: {split[1]} split, {split[2]} won twice by the engine,"
        f" {split[0]} won twice by the blind engine"
    )
    if args.json:
        print(json.dumps({"wins": wins, "games": len(games), "records": games}))


if __name__ == "__main__":
    main()
