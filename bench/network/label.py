"""Step 3 of the value network's recipe (docs/develop/network.md): AlphaZero's value of
each sampled leaf; runs in the bench venv (`bench/alphazero/install.py` makes it).

    bench/.venv-anchor/bin/python bench/network/label.py --anchor-git DIR leaves.jsonl labels.jsonl

DIR is the git directory of a fetched github:cestpasphoto/alpha-zero-general (MIT
licence); its network trained with gods reads each position as the bench's matches show
it to the anchor (`alphazero.translate.anchor_state`). One JSON value a line, in the
leaves' order: the network's value for the player to move (-1 to 1), or null where the
anchor's rules see a finished game or no legal action (no label: left out of the fit).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from alphazero.install import default_cache, unpack
from alphazero.translate import anchor_state
from alphazero.worker import load


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor-git", required=True, type=Path)
    parser.add_argument("leaves", type=Path)
    parser.add_argument("labels", type=Path)
    args = parser.parse_args(argv)
    leaves, labels = args.leaves.resolve(), args.labels.resolve()
    anchor = unpack(args.anchor_git.resolve(), default_cache(), gods=True)
    game, net, _ = load(str(anchor.directory), str(anchor.network), "onnx")  # changes cwd
    with open(leaves, encoding="utf-8") as lines, open(labels, "w", encoding="utf-8") as out:
        for count, line in enumerate(lines):
            leaf = json.loads(line)
            state = anchor_state(leaf["position"], gods=True, moves=leaf["moves"])
            board = np.array(state, dtype=np.int8)
            valid = game.getValidMoves(board, 0)
            if game.getGameEnded(board, 0).any() or not valid.any():
                out.write("null\n")
                continue
            _, value = net.predict(board, valid)
            out.write(json.dumps(float(value[0])) + "\n")
            if count % 50_000 == 0:
                print(f"{count} leaves labelled", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
