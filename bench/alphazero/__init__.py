"""The AlphaZero anchor benchmark's parts (`bench/anchor.py` is the command).

translate: positions and turns between our JSON and the anchor's board (pure);
install: the anchor unpacked outside the repository, and its bench-only venv;
worker: the anchor's side, run in that venv; players: both sides as processes;
match: games checked turn by turn with our rules core.
"""
