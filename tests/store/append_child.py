"""Child process for the power-cut test: plays and journals games until it is killed.

    python -m tests.store.append_child JOURNAL SEED   (from the repository root)

It restores the unfinished game first, as the daemon does on start, then prints one line
after each journal call returns: ``turn GAME PLY NOTATION``, ``undo GAME PLY NOTATION``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from santorini_hw.rules.game import Phase
from santorini_hw.rules.gods import God
from santorini_hw.store import Store
from tests.store.helpers import place_all, play_turn


def main(path: Path, seed: int) -> None:
    rng = random.Random(seed)
    with Store.open(path) as store:
        while True:
            stored = store.unfinished_game()
            if stored is None:
                game_id = store.start_game(("A", "B"), (God.PAN, God.HEPHAESTUS))
                game = store.game(game_id).replay()
            else:
                game_id, game = stored.info.id, stored.replay()
            place_all(store, game_id, game, rng)
            while game.phase is Phase.PLAY:
                if rng.random() < 0.15 and store.game(game_id).standing_moves()[-1].kind == "turn":
                    move = store.undo_last_turn(game_id)
                    game.undo()
                    print("undo", game_id, move.ply, move.notation, flush=True)
                    continue
                ply, notation = play_turn(store, game_id, game, rng)
                print("turn", game_id, ply, notation, flush=True)
            store.finish_game(game_id, game.winner)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
