"""The AlphaZero anchor's side of the line protocol; runs in the bench-only venv.

    python worker.py --anchor DIR --network FILE [--backend onnx|torch]

DIR is an unpacked copy of the anchor (`setup.py` makes it); this file imports from it and
plays as its own `pit.py` does: the network's MCTS settings from the checkpoint, a full
search at the requested simulations, the most visited action. One JSON object a line:

    -> {"new_game": true}                          <- {"ok": true}
    -> {"state": 5x5x3, "moves": n, "sims": N}     <- {"actions": [a, ...], "seconds": s}

`state` is the board seen from the player to move (see `translate.anchor_state`); the
answer is {"finished": [a, b]} instead when the anchor's rules see that board as a
finished game (a worker on level 3 that our rules did not count, say), its result for
the player to move and the other. `actions` are the anchor's action numbers of one
whole turn: it plays on while the same player is to move (Artemis, Demeter, Hermes,
Prometheus) and stops when the game ends.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import sys
import tempfile
import time
from typing import Any


def load(anchor: str, network: str, backend: str) -> tuple[Any, Any, dict[str, Any]]:
    """The anchor's game, its network wrapper and the checkpoint's settings."""
    sys.path.insert(0, anchor)
    # The ONNX export writes a file named by the millisecond into the working directory:
    # a folder of its own keeps two workers started at once (two benches) apart.
    folder = tempfile.mkdtemp(prefix="anchor-worker-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.chdir(folder)
    from santorini.NNet import NNetWrapper
    from santorini.SantoriniGame import SantoriniGame

    game = SantoriniGame()
    net = NNetWrapper(
        game, {"lr": None, "dropout": 0.0, "epochs": None, "batch_size": None, "nn_version": -1}
    )
    folder, name = os.path.split(os.path.abspath(network))
    checkpoint = net.load_checkpoint(folder, name)
    if checkpoint is None:
        raise SystemExit(f"the anchor could not read its network {network}")
    if backend == "torch":
        net.device["inference"] = "cpu"
    return game, net, checkpoint


def mcts_settings(checkpoint: dict[str, Any]) -> dict[str, Any]:
    """The MCTS arguments `pit.py` derives from a checkpoint (simulations set per request)."""
    cpuct = checkpoint.get("cpuct")
    return {
        "fpu": checkpoint.get("fpu", 0.0),
        "universes": checkpoint.get("universes", 1),
        "cpuct": float(cpuct[0]) if isinstance(cpuct, list) else cpuct,
        "prob_fullMCTS": 1.0,
        "forced_playouts": checkpoint.get("forced_playouts", False),
        "no_mem_optim": False,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor", required=True)
    parser.add_argument("--network", required=True)
    parser.add_argument("--backend", choices=("onnx", "torch"), default="onnx")
    args = parser.parse_args()
    # The protocol owns standard output; whatever the anchor prints (the ONNX exporter's
    # progress, its own diagnostics) goes to standard error.
    protocol = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    game, net, checkpoint = load(args.anchor, args.network, args.backend)
    import numpy as np
    from MCTS import MCTS
    from utils import dotdict

    settings = mcts_settings(checkpoint)
    half_life = (list(checkpoint.get("temperature") or [])[2:3] or [10])[0]
    mcts = MCTS(game, net, dotdict({**settings, "numMCTSSims": 8}))
    # Compile (numba) and export (ONNX) before the first timed move.
    mcts.getActionProb(game.getInitBoard(), temp=1, force_full_search=True)
    MCTS.reset_all_search_trees()
    print(
        json.dumps(
            {
                "ready": {
                    **settings,
                    "nn_version": checkpoint.get("nn_version"),
                    "trained_sims": checkpoint.get("numMCTSSims"),
                    "backend": args.backend,
                }
            }
        ),
        file=protocol,
        flush=True,
    )
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("new_game"):
            MCTS.reset_all_search_trees()
            print(json.dumps({"ok": True}), file=protocol, flush=True)
            continue
        mcts.args.numMCTSSims = int(request["sims"])
        board = np.array(request["state"], dtype=np.int8)
        ended = game.getGameEnded(board, 0)
        if ended.any():
            print(json.dumps({"finished": ended.tolist()}), file=protocol, flush=True)
            continue
        number = int(request["moves"]) + 1
        actions: list[int] = []
        started = time.perf_counter()
        while True:
            # pit.py's player: a temperature that halves every `half_life` moves, then the
            # most visited action of a full search.
            temperature = 0.5 * 0.5 ** (number / half_life)
            probs = mcts.getActionProb(board, temp=temperature, force_full_search=True)[0]
            action = int(np.argmax(probs))
            if not game.getValidMoves(board, 0)[action]:
                raise SystemExit(f"the anchor chose its own invalid action {action}")
            actions.append(action)
            board, player = game.getNextState(board, 0, action)
            board = np.copy(board)
            if player != 0 or game.getGameEnded(board, player).any():
                break
            number += 1
        seconds = time.perf_counter() - started
        print(json.dumps({"actions": actions, "seconds": seconds}), file=protocol, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
