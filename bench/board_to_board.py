"""Two boards (bench/remote.py's second figure): how soon a turn accepted on one board
is lit on the other. Prints figures, asserts nothing.

    .venv/bin/python bench/board_to_board.py --rounds 10

Two real daemons on simulated boards, paired over a local Mosquitto (Debian's, started
here on a free port): board 1 seats B as remote, board 2 follows. In each round a new
game on board 1; the placements are made and carried out by the simulated hands; then
A's first turn on board 1 and B's on board 2, each a random legal one played by hand
(lift, place, build), shown on the other board and carried out there (`POST
/api/sim/carry_out`). The delay runs from the accepting board's `turn_complete` event to
the other board's first frame of lights after its `remote_turn_shown` event, both as a
WebSocket client of each board receives them, on this process's clock: the journal
write, the board link's publish, the broker, the other link, the rules core's check,
its journal, referee and lights.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
from pathlib import Path

from live_daemon import start_daemon, stop_daemon
from live_socket import LiveBoard, live_board, percentile

from tests.mqtt.broker import Mosquitto

ONE, TWO = "club/board-1", "club/board-2"
GAME = {"players": ["A", "B"], "seats": {"B": {"kind": "remote"}}}


async def place(board: LiveBoard, cell: str, piece: str, player: str | None = None) -> None:
    await board.post("sim/place", {"cell": cell, "piece": piece, "player": player})


async def placed(here: LiveBoard, there: LiveBoard, player: str, cells: list[str]) -> None:
    """`player`'s workers placed by hand here, shown and carried out there."""
    for cell in cells:
        await place(here, cell, "worker", player)
    await there.socket.state_where(lambda s: (s["awaiting"] or {}).get("player") == player)
    await there.post("sim/carry_out")
    await there.socket.state_where(lambda s: s["to_move"] != player)


async def turn_delay(here: LiveBoard, there: LiveBoard, player: str, rng: random.Random) -> float:
    """A random legal turn of `player` played by hand here; the delay until it is lit
    there (then carried out there)."""
    turns = (await there.http.get(f"/api/seats/{player}/turns")).json()["turns"]
    move, build = rng.choice([turn for turn in turns if len(turn) == 2])
    source, destination = move.split("-")
    for socket in (here.socket, there.socket):  # only what follows counts
        socket.skip()
    await here.post("sim/lift", {"cell": source})
    await place(here, destination, "worker", player)
    await place(here, build, "block")
    accepted = await here.socket.until(
        lambda m: m["type"] == "event" and m["event"]["kind"] == "turn_complete"
    )
    await there.socket.until(
        lambda m: m["type"] == "event" and m["event"]["kind"] == "remote_turn_shown"
    )
    lit = await there.socket.until(lambda m: m["type"] == "pixels")
    await there.post("sim/carry_out")
    await there.socket.state_where(lambda s: s["to_move"] != player and s["awaiting"] is None)
    return lit - accepted


async def rounds(bases: list[str], tokens: list[str], count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    delays: list[float] = []
    async with live_board(bases[0], tokens[0]) as one, live_board(bases[1], tokens[1]) as two:
        for _ in range(count):
            for each in (one, two):
                await each.post("sim/clear")
            await one.post("games", GAME)
            await two.socket.state_where(
                lambda s: s["seats"]["A"]["kind"] == "remote" and s["record"] == []
            )
            for each in (one, two):
                await each.socket.state_where(
                    lambda s: s["phase"] == "placement" and not s["clearing"]
                )
            cells = rng.sample([f"{c}{r}" for c in "abcde" for r in "12345"], 4)
            await placed(one, two, "A", cells[:2])
            await placed(two, one, "B", cells[2:])
            delays.append(await turn_delay(one, two, "A", rng))
            delays.append(await turn_delay(two, one, "B", rng))
    return delays


def board_to_board(count: int, seed: int) -> list[float]:
    """Delays (seconds) from a turn accepted on one board to it lit on the other."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        broker = Mosquitto(root / "broker").start()
        processes = []
        try:
            for name, own, pair in (("one", ONE, TWO), ("two", TWO, ONE)):
                env = {"SANTORINI_HW_MQTT_URL": broker.url, "SANTORINI_HW_MQTT_PREFIX": own}
                env |= {"SANTORINI_HW_BOARD_LINK": pair}
                processes.append(start_daemon(root / name, env=env))
            tokens = [(root / name / "token").read_text().strip() for name in ("one", "two")]
            bases = [base for _, base in processes]
            return asyncio.run(rounds(bases, tokens, count, seed))
        finally:
            for process, _ in processes:
                stop_daemon(process)
            broker.stop()


def report(delays: list[float]) -> str:
    return (
        "a turn accepted on one board to its lights on the other (local broker):"
        f" p50 {1000 * statistics.median(delays):.0f} ms,"
        f" p99 {1000 * percentile(delays, 0.99):.0f} ms,"
        f" max {1000 * max(delays):.0f} ms ({len(delays)} turns)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="games (two turns measured each)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(report(board_to_board(args.rounds, args.seed)), flush=True)


if __name__ == "__main__":
    main()
