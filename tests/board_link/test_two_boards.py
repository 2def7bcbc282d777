"""End to end: two daemons on simulated boards and a real Mosquitto play one game.

Board 1 seats A at the table and B as remote (`board_link` to board 2); board 2 only
names its pair and follows board 1's game. Each turn is played by hand on one board,
shown on the other and carried out there by hand, while the broker is killed and
restarted, board 2 is killed -9 half way through carrying out a turn, and a turn
message arrives twice. At the end both journals hold the same game and winner."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

from santorini_hw.store import Store
from tests.board_link.pair import ONE, place_both, relay, shown
from tests.daemon.harness import A_WINS, WINNING_MOVE, Daemon
from tests.mqtt.broker import Mosquitto, Recorder


def _rebuild(board: Daemon, position: dict[str, Any]) -> None:
    """A restarted simulated board is empty: its hands put the game back."""
    for player, cells in position["workers"].items():
        for cell in cells:
            board.place(cell, "worker", player)
    for cell, height in position["heights"].items():
        for _ in range(height):
            board.place(cell, "block")
    board.wait_state(lambda s: s["error"] is None, "the board to match the record")


def _journal(state_dir: Path, game_id: int) -> tuple[list[tuple[str, str]], str | None]:
    with Store.open(state_dir / "games.sqlite3") as store:
        game = store.game(game_id)
        return [(move.player, move.notation) for move in game.moves], game.info.winner


def test_two_boards_play_one_game_through_broker_and_board_failures(
    boards: list[Daemon], broker: Mosquitto
) -> None:
    one, two = boards
    followed = two.wait_state(lambda s: s["seats"]["A"] == {"kind": "remote"}, "board 2 follows")
    assert followed["seats"]["B"] == {"kind": "person"}
    assert followed["board_link"]["paired"] == ONE and followed["board_link"]["problem"] is None
    shared = one.state()["board_link"]["game"]
    assert shared.startswith(f"{ONE}#") and followed["board_link"]["game"] == shared
    place_both(one, two)  # A's placement shown and carried out on board 2, then B's on 1
    assert two.state()["record"][0] == {"player": "A", "kind": "place", "text": "a1 d1"}

    for player, move, build in A_WINS[:3]:
        relay(one if player == "A" else two, two if player == "A" else one, player, move, build)

    # The broker dies; B's turn is accepted on board 2 meanwhile and reaches board 1
    # once a broker (nothing retained: a fresh start) is back.
    broker.kill()
    two.wait_state(lambda s: not s["board_link"]["connected"], "board 2 sees the broker gone")
    player, move, build = A_WINS[3]
    two.turn(player, move, build)
    broker.start()
    shown(one, player, [move, build])
    one.turn(player, move, build)

    # A plays on board 1; board 2 is killed -9 half way through carrying it out.
    player, move, build = A_WINS[4]
    one.turn(player, move, build)
    shown(two, player, [move, build])
    before = two.state()
    source, destination = move.split("-")
    two.lift(source)
    two.place(destination, "worker", player)
    two.wait_state(lambda s: s["board"] != before["board"], "the move seen")
    two.stop(signal.SIGKILL)
    two = Daemon(two.state_dir, two.env)
    boards.append(two.start())
    restarted = two.state()
    assert restarted["record"] == before["record"] and restarted["board_link"]["game"] == shared
    _rebuild(two, before["position"])
    shown(two, player, [move, build])
    two.turn(player, move, build)

    # Every turn message of board 1 is sent again: board 2 takes each once.
    watcher = Recorder(broker.port, (f"{ONE}/link/turn",))
    try:
        player, move, build = A_WINS[5]
        relay(two, one, player, move, build)
        player, move, build = A_WINS[6]
        one.turn(player, move, build)
        watcher.wait(lambda r: r.on(f"{ONE}/link/turn") != [], "board 1's turn message")
        copy = watcher.on(f"{ONE}/link/turn")[-1]
        watcher.publish(copy.topic, copy.payload)
        two.wait_state(lambda s: s["board_link"]["duplicates_total"] >= 1, "the copy noticed")
        shown(two, player, [move, build])
        two.turn(player, move, build)
    finally:
        watcher.close()

    for player, move, build in A_WINS[7:]:
        relay(one if player == "A" else two, two if player == "A" else one, player, move, build)
    player, source, destination = WINNING_MOVE
    one.lift(source)
    one.place(destination, "worker", player)
    one.wait_state(lambda s: s["phase"] == "over", "A wins on board 1")
    shown(two, player, [f"{source}-{destination}"])
    two.lift(source)
    two.place(destination, "worker", player)
    final = two.wait_state(lambda s: s["phase"] == "over", "A wins on board 2")
    assert final["winner"] == "A" and final["board_link"]["problem"] is None
    assert one.state()["board_link"]["problem"] is None

    ids = one.state()["game_id"], final["game_id"]
    assert one.stop() == 0 and two.stop() == 0
    first, second = _journal(one.state_dir, ids[0]), _journal(two.state_dir, ids[1])
    assert first == second and first[1] == "A"
    assert first[0][-1] == ("A", "b2-c1") and len(first[0]) == 4 + len(A_WINS) + 1
