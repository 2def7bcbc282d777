"""Two paired boards in trouble: a takeback on one board only, a flood of messages,
strangers writing the pair's topics (and, with accounts, kept out by the broker). Nothing is merged silently, nothing is taken from
anyone but the pair, and the game goes on once the trouble is over."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from playwright.sync_api import expect

from tests.board_link.pair import ONE, TWO, boards_for, place_both, relay, shown
from tests.daemon.harness import Daemon
from tests.mqtt.broker import Mosquitto, Recorder
from tests.page.browser import open_page


def _take_back(board: Daemon, move: str, build: str) -> None:
    """Undo pressed, and the board put back as it was before the turn."""
    source, destination = move.split("-")
    records = len(board.state()["record"])
    board.post("undo")
    board.lift(build)
    board.lift(destination)
    board.place(source, "worker", "A")
    board.wait_state(
        lambda s: len(s["record"]) == records - 1 and not s["undo_pending"], "the takeback"
    )


def _problem(board: Daemon, start: str) -> str:
    state = board.wait_state(
        lambda s: (s["board_link"]["problem"] or "").startswith(start), f"problem: {start}"
    )
    return str(state["board_link"]["problem"])


def test_boards_that_part_ways_both_say_so_until_they_agree_again(boards: list[Daemon]) -> None:
    one, two = boards
    place_both(one, two)
    relay(one, two, "A", "d1-d2", "c1")
    _take_back(one, "d1-d2", "c1")  # on board 1 only
    _problem(one, "the other board has a turn 5 of A, played at this board")
    _problem(two, "the other board reports: the other board has a turn 5 of A")

    with open_page(two) as page:  # board 2's page says it too
        one.turn("A", "d1-d2", "c2")  # another turn than the one board 2 carried out
        problem = _problem(two, "the boards differ")
        assert problem == (
            "the boards differ from turn 5: this board has A d1-d2 c1, the other board A d1-d2 c2"
        )
        expect(page.locator("#pair")).to_have_text("boards disagree")
        expect(page.locator("#pair")).to_have_attribute("title", problem)
        expect(page.locator("#message")).to_have_text(f"The boards disagree: {problem}")
    _problem(one, "the boards differ from turn 5: this board has A d1-d2 c2")
    assert two.state()["awaiting"] is None  # nothing of board 1's game is taken

    _take_back(one, "d1-d2", "c2")
    one.turn("A", "d1-d2", "c1")  # the same game again: both boards agree
    for board in (one, two):
        board.wait_state(lambda s: s["board_link"]["problem"] is None, "agreement")
    relay(two, one, "B", "c3-b3", "b2")


def test_a_flood_and_strangers_topics_change_nothing(
    boards: list[Daemon], broker: Mosquitto
) -> None:
    one, two = boards
    place_both(one, two)
    before = two.state()["board_link"]
    stranger = Recorder(broker.port, ("club/#",))
    try:
        newer = {"v": 1, "game": "club/board-3#1@99999999999999", "players": ["A", "B"],
                 "gods": [None, None], "local": ["A"], "entries": [], "disagreement": None}  # fmt: skip
        stranger.publish("club/board-3/link/game", json.dumps(newer), retain=True)
        stranger.publish(f"{TWO}/link/game", json.dumps(newer))  # as if board 2: refused
        flooding = threading.Event()
        flooding.set()

        def flood() -> None:
            number = 0
            while flooding.is_set():
                number += 1
                stranger.publish(f"{ONE}/link/turn", f"not a turn {number}")

        flooder = threading.Thread(target=flood)
        flooder.start()
        try:
            two.wait_state(lambda s: s["board_link"]["flood_total"] > 0, "the flood noticed")
            one.turn("A", "d1-d2", "c1")  # announced in the flood: likely dropped on board 2
        finally:
            flooding.clear()
            flooder.join()
        shown(two, "A", ["d1-d2", "c1"])  # once it is over, the retained game brings it
        two.turn("A", "d1-d2", "c1")
        health = two.state()["board_link"]
        assert health["refused_total"] > 0 and health["followed_total"] == 1  # board 1's only
        assert health["game"] == before["game"] and health["problem"] is None
    finally:
        stranger.close()


def test_with_accounts_only_a_board_writes_its_own_topics(tmp_path: Path) -> None:
    users = {"board-1": "one pass", "board-2": "two pass", "mallory": "her pass"}
    acl = "pattern write club/%u/#\npattern read club/#\n"  # as docs/run/two-boards.md says
    broker = Mosquitto(tmp_path / "broker", users=users, acl=acl).start()
    logins = {}
    for name, user in (("one", "board-1"), ("two", "board-2")):
        path = tmp_path / f"{name}-credentials"
        path.write_text(f"{user}:{users[user]}\n")
        path.chmod(0o600)
        logins[name] = path
    boards = boards_for(tmp_path, broker, **logins)
    mallory = None
    try:
        one, two = (board.start() for board in boards)
        place_both(one, two)
        game = two.state()["board_link"]["game"]
        mallory = Recorder(broker.port, ("club/#",), username="mallory", password="her pass")
        forged = {"v": 1, "game": f"{ONE}#1@99999999999999", "players": ["A", "B"],
                  "gods": [None, None], "local": ["A"], "entries": [], "disagreement": None}  # fmt: skip
        mallory.publish(f"{ONE}/link/game", json.dumps(forged), retain=True)
        relay(one, two, "A", "d1-d2", "c1")  # what board 1 sends gets through
        assert two.state()["board_link"]["game"] == game  # what mallory sent did not
        assert all(m.payload != json.dumps(forged) for m in mallory.on(f"{ONE}/link/game"))
        assert mallory.on(f"{ONE}/link/game") != []  # she reads the club's boards
    finally:
        if mallory is not None:
            mallory.close()
        for board in boards:
            board.close()
        broker.stop()
