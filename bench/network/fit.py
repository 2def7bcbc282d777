"""Step 4 of the value network's recipe (docs/develop/network.md): fit the network to the
labelled leaves and write it as the engine reads it; runs in the bench venv (torch).

    PYTHONPATH=. bench/.venv-anchor/bin/python bench/network/fit.py \
        --leaves leaves.0.jsonl leaves.1.jsonl --labels labels.0.jsonl labels.1.jsonl \
        --out santorini_hw/hints/network.npz

Inputs as `santorini_hw.hints.inputs.encode` makes them; the features are divided by
their largest magnitude in the data (at least 1), kept in the file as `scale`. The target
is the anchor's chance to win for the player to move, (value + 1) / 2, fitted with
cross-entropy: Adam (learning rate 0.001, weight decay 1e-5), batches of 256, each batch's
board turned or mirrored by one of the square's eight symmetries (the features do not
change under them). Seeded: the same data give the same file on the same machine.
`--hold-out` fits on three quarters of the games instead and prints the cross-entropy on
the last quarter beside its labels' own entropy (the least it could be), and writes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import torch
from data import cross_entropy, dataset, network_inputs, save_network
from torch import nn

BATCH = 256


def symmetries() -> list[torch.Tensor]:
    """The board's eight symmetries as permutations of its 25 cells."""
    cells = np.arange(25).reshape(5, 5)
    turned = [np.rot90(cells, k) for k in range(4)]
    return [torch.tensor(c.ravel().copy()) for t in turned for c in (t, t.T)]


def fit(x: torch.Tensor, y: torch.Tensor, hidden: int, epochs: int) -> nn.Sequential:
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    net = nn.Sequential(
        nn.Linear(x.shape[1], hidden),
        nn.ReLU(),
        nn.Linear(hidden, hidden // 2),
        nn.ReLU(),
        nn.Linear(hidden // 2, 1),
    )
    optimiser = torch.optim.Adam(net.parameters(), 1e-3, weight_decay=1e-5)
    plain = x.shape[1] - 25 * 7
    turns = symmetries()
    for epoch in range(epochs):
        order = torch.randperm(len(y))
        total = 0.0
        for start in range(0, len(order), BATCH):
            rows = order[start : start + BATCH]
            batch = x[rows]
            board = batch[:, plain:].reshape(-1, 25, 7)[:, turns[rng.integers(8)]]
            batch = torch.cat([batch[:, :plain], board.reshape(len(rows), -1)], 1)
            loss = nn.functional.binary_cross_entropy_with_logits(net(batch).squeeze(1), y[rows])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item() * len(rows)
        print(f"epoch {epoch + 1}: training cross-entropy {total / len(y):.4f}", flush=True)
    return net


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leaves", nargs="+", type=Path, required=True)
    parser.add_argument("--labels", nargs="+", type=Path, required=True)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--hidden", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--hold-out", action="store_true")
    args = parser.parse_args(argv)
    if not args.hold_out and args.out is None:
        parser.error("--out is needed (or --hold-out)")
    torch.set_num_threads(2)
    features, gods, board, targets, quarters = dataset(args.leaves, args.labels)
    scale = np.maximum(1.0, np.abs(features).max(0)).astype(np.float32)
    x = network_inputs(features, gods, board, scale)
    print(f"{len(targets)} labelled leaves", flush=True)
    train = quarters != 0 if args.hold_out else np.ones(len(targets), bool)
    if not train.any() or (args.hold_out and train.all()):
        raise SystemExit("--hold-out needs games in the last quarter and in the others")
    net = fit(torch.tensor(x[train]), torch.tensor(targets[train]), args.hidden, args.epochs)
    if args.hold_out:
        with torch.no_grad():
            logits = net(torch.tensor(x[~train])).squeeze(1).numpy()
        held = targets[~train]
        print(
            f"held-out quarter: cross-entropy {cross_entropy(1 / (1 + np.exp(-logits)), held):.4f},"
            f" its labels' entropy {cross_entropy(held, held):.4f}"
        )
        return 0
    layers = {"W1": net[0], "W2": net[2], "W3": net[4]}
    arrays = {name: layer.weight.detach().numpy() for name, layer in layers.items()}
    arrays |= {"b" + name[1]: layer.bias.detach().numpy() for name, layer in layers.items()}
    save_network(args.out, scale, arrays)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
