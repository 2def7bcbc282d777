"""Remote seats: how soon the board shows a turn sent from afar. Prints figures, asserts nothing.

    .venv/bin/python bench/remote.py --rounds 20 --board-rounds 10

Two figures: a phone's submission to the board's lights (below), and a turn accepted on
one board to its lights on a paired board (`bench/board_to_board.py`).

The phone's part: a real daemon (`santorini-hw run --sim`) with A seated as remote; in
each round a new game, then A's placement and, once it is carried out (`POST
/api/sim/carry_out`) and B has placed, A's first turn, each a random one of the legal
turns the seat route lists, submitted as the phone does (`POST /api/seats/A/turn`, with
the owner's token: a seat token's submissions are rate-limited, a phone's pace). The
delay is from just before the POST is sent to the first frame of the board's lights
after the daemon's `remote_turn_shown` event, as a WebSocket client receives it (the
page's mirror of the lights), both on this process's clock: the request, the rules
core's check, the journal write, the referee, the lights' compositor and the socket.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from board_to_board import board_to_board, report
from live_daemon import start_daemon, stop_daemon
from live_socket import Socket, live_board, percentile

REMOTE_A = {"players": ["A", "B"], "seats": {"A": {"kind": "remote"}}}


async def submitted(http: httpx.AsyncClient, socket: Socket, rng: random.Random) -> float:
    """A random listed turn of A's sent; the delay until the lights show it."""
    listed = (await http.get("/api/seats/A/turns")).json()["turns"]
    socket.skip()  # only what follows the submission counts
    sent = time.monotonic()
    answer = await http.post("/api/seats/A/turn", json={"actions": rng.choice(listed)})
    answer.raise_for_status()
    await socket.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "remote_turn_shown")
    return await socket.until(lambda m: m["type"] == "pixels") - sent


async def rounds(base: str, token: str, count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    delays: list[float] = []
    async with live_board(base, token) as board:
        http, socket = board.http, board.socket
        for _ in range(count):
            await http.post("/api/sim/clear")
            (await http.post("/api/games", json=REMOTE_A)).raise_for_status()
            await socket.state_where(lambda s: s["phase"] == "placement" and not s["clearing"])
            delays.append(await submitted(http, socket, rng))
            (await http.post("/api/sim/carry_out")).raise_for_status()
            state = await socket.state_where(lambda s: s["to_move"] == "B")
            taken = {c for cells in state["position"]["workers"].values() for c in cells}
            free = [f"{c}{r}" for c in "abcde" for r in "12345" if f"{c}{r}" not in taken]
            for cell in rng.sample(free, 2):
                body = {"cell": cell, "piece": "worker", "player": "B"}
                (await http.post("/api/sim/place", json=body)).raise_for_status()
            await socket.state_where(lambda s: s["phase"] == "play" and s["to_move"] == "A")
            delays.append(await submitted(http, socket, rng))
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="games (two submissions each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board-rounds", type=int, default=10, help="games board to board")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        process, base = start_daemon(Path(directory))
        try:
            token = (Path(directory) / "token").read_text().strip()
            delays = asyncio.run(rounds(base, token, args.rounds, args.seed))
        finally:
            stop_daemon(process)
    print(
        "phone's submission (POST) to the board's lights showing it:"
        f" p50 {1000 * statistics.median(delays):.0f} ms,"
        f" p99 {1000 * percentile(delays, 0.99):.0f} ms,"
        f" max {1000 * max(delays):.0f} ms ({len(delays)} submissions)",
        flush=True,
    )
    print(report(board_to_board(args.board_rounds, args.seed)), flush=True)


if __name__ == "__main__":
    main()
