"""The game clock of two paired boards runs on the board whose player is to move: the
other board holds it (`paired`), takes the banks it publishes, and a loss on time there
ends the game here too."""

from __future__ import annotations

from pathlib import Path

import pytest

from santorini_hw.store import Store
from tests.board_link.pair import boards_for, place_both
from tests.mqtt.broker import Mosquitto

CONTROL = "3+4"
"""Three seconds a move, four in the bank: A runs out a few seconds after the setup."""


@pytest.mark.long
def test_a_player_out_of_time_on_their_board_loses_on_both(
    tmp_path: Path, broker: Mosquitto
) -> None:
    boards = boards_for(tmp_path, broker, clock=CONTROL)
    try:
        one, two = (board.start() for board in boards)
        followed = two.wait_state(lambda s: s["clock"] is not None, "board 2 follows")
        assert followed["clock"]["control"] == CONTROL
        place_both(one, two)
        # A is to move at board 1: board 1 counts A's time, board 2 holds its clock
        one.wait_state(lambda s: s["clock"]["running"] == "A" and s["clock"]["counting"], "A")
        held = two.wait_state(lambda s: s["clock"]["running"] == "A", "A's move here")["clock"]
        assert "paired" in held["held"] and not held["counting"]
        over = two.wait_state(lambda s: s["phase"] == "over", "A's loss on time at board 2")
        assert over["winner"] == "B" and over["clock"]["players"]["A"]["bank_left"] == 0
        assert one.state()["clock"]["lost_on_time"] == "A"
        ids = one.state()["game_id"], over["game_id"]
    finally:
        for board in boards:
            board.close()
    for board, game_id in zip(boards, ids, strict=True):
        with Store.open(board.state_dir / "games.sqlite3") as store:
            info = store.game(game_id).info
            assert (info.winner, info.lost_on_time, info.clock) == ("B", "A", CONTROL)
