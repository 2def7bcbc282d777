"""The board's side of a pair, in process on the simulated board (no broker): what it
publishes of its game, how it follows the pair's, and what it refuses. The pair's
messages are made here, as the other board would send them."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from santorini_hw.clock import ManualClock
from santorini_hw.daemon.board_link.board_sync import BURST, BoardSync
from santorini_hw.daemon.board_link.pairing import Pairing
from santorini_hw.daemon.board_link.protocol import (
    GameLog,
    decode,
    encode,
    entry_from_json,
    game_entries,
    turn_json,
)
from santorini_hw.daemon.mqtt.address import Topics
from santorini_hw.daemon.mqtt.messages import Message
from santorini_hw.daemon.service import BoardService
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.seats.model import parse_seats
from santorini_hw.store import EventKind
from sim.hardware import SimulatedHardware
from tests.daemon.in_process import settled_service, tick

ONE, TWO = Topics("club/board-1"), Topics("club/board-2")
GAME = "club/board-1#7@99999999999999"
"""Board 1's game, started later than anything on this board: followed."""


class Board2:
    """Board 2's sync (B plays here), what it published, and a clock for its rate limit."""

    def __init__(self, service: BoardService) -> None:
        self.service = service
        self.sent: list[Message] = []
        self.clock = ManualClock()
        self.sync = BoardSync(Pairing(TWO, ONE), service, self.sent.append, self.clock)

    def hear(self, topic: str, document: dict[str, object]) -> None:
        self.sync.receive(topic, encode(document).encode())

    def logs(self) -> list[dict[str, object]]:
        return [decode(m.payload) for m in self.sent if m.topic == TWO.link_game]


def _board_1_log(*cells: str, **extra: object) -> dict[str, object]:
    game = Game.new(("A", "B"))
    for cell in cells:
        game.place(parse_cell(cell))
    entries = tuple(game_entries(game))
    return {**GameLog(GAME, ("A", "B"), (None, None), ("A",), entries).to_json(), **extra}


def test_a_later_game_of_the_pair_is_followed_and_its_turn_shown_once(tmp_path: Path) -> None:
    async def play(board: Board2, sim: SimulatedHardware) -> None:
        service = board.service
        board.hear(ONE.link_game, _board_1_log())
        assert service.state()["seats"]["A"] == {"kind": "remote"}
        links = [e for e in service.store.events(service.game_id) if e.kind == EventKind.BOARD_LINK]
        assert [e.payload for e in links] == [{"game": GAME}]
        assert board.logs()[-1]["local"] == ["B"] and board.logs()[-1]["game"] == GAME
        await _cleared(service, sim)
        log = _board_1_log("a1", "d1")
        board.hear(ONE.link_game, log)
        awaiting = service.state()["awaiting"]
        assert awaiting["player"] == "A" and awaiting["turn"]["actions"] == ["a1", "d1"]
        for entry in log["entries"]:  # type: ignore[attr-defined]
            board.hear(ONE.link_turn, {"v": 1, "game": GAME, "entry": entry})
        board.hear(ONE.link_game, log)
        report = board.sync.report()
        assert report["submitted_total"] == 1 and report["duplicates_total"] == 2
        assert report["followed_total"] == 1 and report["problem"] is None

    on_board_2(tmp_path, play)


def test_what_this_board_plays_is_announced_once_and_its_log_kept(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "one") as (service, sim, _):
            seats = parse_seats({"B": {"kind": "remote"}}, ("A", "B"))
            service.new_game(("A", "B"), None, seats=seats)
            sent: list[Message] = []
            sync = BoardSync(Pairing(ONE, TWO), service, sent.append, ManualClock())
            sync.sync()
            await _cleared(service, sim)
            for cell in ("a1", "d1"):
                sim.place(cell, "worker", "A")
                await tick(service, sim, 0.6)
            sync.sync()
            sync.sync()  # nothing new: nothing sent
            turns = [decode(m.payload)["entry"]["text"] for m in sent if m.topic == ONE.link_turn]
            assert turns == ["a1", "d1"]
            logs = [m for m in sent if m.topic == ONE.link_game]
            assert all(m.retain and m.qos == 1 for m in logs) and len(logs) == 2
            last = decode(logs[-1].payload)
            assert last["game"].startswith(f"{ONE.prefix}#{service.game_id}@")
            assert last["local"] == ["A"] and len(last["entries"]) == 2

    asyncio.run(scenario())


def test_a_game_started_on_neither_board_and_strangers_topics_are_refused(
    tmp_path: Path,
) -> None:
    async def play(board: Board2, sim: SimulatedHardware) -> None:
        service = board.service
        game_id = service.game_id
        forged = {**_board_1_log(), "game": "club/board-3#1@99999999999999"}
        board.hear(ONE.link_game, forged)
        board.hear("club/board-3/link/game", _board_1_log())
        board.hear(ONE.link_turn, {"v": 1, "game": GAME, "entry": {"n": 0}})
        report = board.sync.report()
        assert report["refused_total"] == 2 and report["received_total"] == 2
        assert service.game_id == game_id and report["followed_total"] == 0

    on_board_2(tmp_path, play)


def test_a_flood_is_cut_at_the_burst_and_lets_up_with_time(tmp_path: Path) -> None:
    async def play(board: Board2, sim: SimulatedHardware) -> None:
        for _ in range(BURST + 10):
            board.hear(ONE.availability, {"v": 1, "game": GAME})
        assert board.sync.report()["flood_total"] == 10
        board.clock.advance(1.0)
        board.hear(ONE.link_game, _board_1_log())
        assert board.sync.report()["followed_total"] == 1

    on_board_2(tmp_path, play)


def test_a_disagreement_found_by_the_pair_is_shown_here_but_not_passed_back(
    tmp_path: Path,
) -> None:
    async def play(board: Board2, sim: SimulatedHardware) -> None:
        service = board.service
        board.hear(ONE.link_game, _board_1_log(disagreement="the boards differ from turn 5"))
        assert service.pair.problem == "the other board reports: the boards differ from turn 5"
        assert service.state()["board_link"] is None  # no link task here: the sync's own
        assert board.sync.report()["problem"] == service.pair.problem
        assert board.logs()[-1]["disagreement"] is None  # no echo
        board.hear(ONE.link_game, _board_1_log())
        assert service.pair.problem is None

    on_board_2(tmp_path, play)


def test_a_turn_announced_for_the_game_twice_differently_is_refused(tmp_path: Path) -> None:
    async def play(board: Board2, sim: SimulatedHardware) -> None:
        log = _board_1_log("a1")
        board.hear(ONE.link_game, log)
        other = {**log["entries"][0], "text": "b1"}  # type: ignore[index]
        board.hear(ONE.link_turn, turn_json(GAME, entry_from_json(other)))
        assert board.sync.report()["refused_total"] == 1

    on_board_2(tmp_path, play)


def on_board_2(
    tmp_path: Path, play: Callable[[Board2, SimulatedHardware], Awaitable[None]]
) -> None:
    """`play` on board 2 (B plays here, paired with board 1), started and settled."""

    async def scenario() -> None:
        async with settled_service(tmp_path / "two") as (service, sim, _):
            await play(Board2(service), sim)

    asyncio.run(scenario())


async def _cleared(service: BoardService, sim: SimulatedHardware) -> None:
    """A new game waits for a settled empty board before it takes placements."""
    await tick(service, sim, 0.6)
    assert not service.state()["clearing"]


def test_a_game_of_the_pair_this_board_cannot_start_is_a_disagreement(tmp_path: Path) -> None:
    async def play(board: Board2, sim: SimulatedHardware) -> None:
        service = board.service
        game_id = service.game_id
        three = {**_board_1_log(), "players": ["A", "B", "C"], "gods": [None, None, None]}
        board.hear(ONE.link_game, three)
        assert service.game_id == game_id
        assert service.pair.problem == (
            "the other board's game cannot be played here: "
            "three-player games need a god for every player"
        )
        assert board.logs() == []  # this board's own game is not linked: nothing to say

    on_board_2(tmp_path, play)
