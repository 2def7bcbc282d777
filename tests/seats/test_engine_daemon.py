"""The engine across the table on the real daemon (a subprocess on the simulated board,
driven over HTTP): seats through the API, the engine's turn shown and carried out, and
nothing lost when the daemon is killed while it thinks or while its turn is carried out."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

from santorini_hw.rules.cells import NEIGHBOURS, parse_cell
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.seats.engine_seat import engine_turn
from santorini_hw.seats.model import parse_seats
from santorini_hw.store import Store
from tests.daemon.conftest import daemon
from tests.daemon.harness import Daemon

__all__ = ["daemon"]  # the fixture

ENGINE_B = {"B": {"kind": "engine", "level": 3}}


def new_engine_game(daemon: Daemon, seats: dict[str, Any] = ENGINE_B) -> dict[str, Any]:
    body = {"players": ["A", "B"], "seats": seats}
    return daemon.post("games", body).json()["state"]  # type: ignore[no-any-return]


def awaited(daemon: Daemon, what: str) -> dict[str, Any]:
    state = daemon.wait_state(lambda s: s["awaiting"] is not None, what)
    return state["awaiting"]  # type: ignore[no-any-return]


def carry_out(daemon: Daemon, awaiting: dict[str, Any], steps: slice = slice(None)) -> None:
    """Do the shown turn's steps on the virtual board (all of them by default)."""
    player = awaiting["player"]
    for action in awaiting["turn"]["actions"][steps]:
        if awaiting["placement"]:
            daemon.place(action, "worker", player)
        elif "-" in action:
            source, destination = action.split("-")
            daemon.lift(source)
            daemon.place(destination, "worker", player)
        else:
            daemon.place(action.rstrip("X"), "dome" if action.endswith("X") else "block")


def free_corner_turn(engine_cells: list[str]) -> tuple[str, str]:
    """A's move from a1 and a build beside where it lands, clear of the cells the
    engine placed on (its placement depends on the game's random seed)."""
    destination = next(cell for cell in ("a2", "b1", "b2") if cell not in engine_cells)
    beside = NEIGHBOURS[parse_cell(destination)]
    build = next(
        cell
        for cell in ("a3", "b3", "c1", "c2", "a1", "b1", "b2", "c3")
        if cell not in engine_cells and beside >> parse_cell(cell) & 1
    )
    return destination, build


def test_seats_go_through_the_api_and_the_engine_places_and_plays(daemon: Daemon) -> None:
    state = new_engine_game(daemon)
    assert state["seats"] == {"A": {"kind": "person"}, "B": {"kind": "engine", "level": 3}}
    assert state["awaiting"] is None
    daemon.place_workers({"A": ["a1", "e5"]})
    placement = awaited(daemon, "the engine's placement shown")
    assert placement["player"] == "B" and len(placement["turn"]["actions"]) == 2
    carry_out(daemon, placement)
    daemon.wait_state(lambda s: s["phase"] == "play", "play to begin")
    destination, build = free_corner_turn(placement["turn"]["actions"])
    daemon.turn("A", f"a1-{destination}", build)
    shown = awaited(daemon, "the engine's turn shown")
    carry_out(daemon, shown)
    text = " ".join(shown["turn"]["actions"])
    state = daemon.wait_state(lambda s: s["to_move"] == "A", "the engine's turn recorded")
    assert [line["text"] for line in state["record"] if line["kind"] == "turn"] == [
        f"a1-{destination} {build}",
        text,
    ]
    assert state["awaiting"] is None and state["error"] is None


def test_an_engine_seat_for_a_stranger_is_refused(daemon: Daemon) -> None:
    response = daemon.http.post(
        "/api/games",
        json={"players": ["A", "B"], "seats": {"C": {"kind": "engine", "level": 2}}},
        headers=daemon.auth,
    )
    assert response.status_code == 422 and "seats.C" in response.text
    response = daemon.http.post(
        "/api/games", json={"seats": {"B": {"kind": "engine"}}}, headers=daemon.auth
    )
    assert response.status_code == 422 and "seats.B.level" in response.text


def test_kill_9_while_carrying_out_shows_the_same_turn_and_finishes_it(tmp_path: Path) -> None:
    first = Daemon(tmp_path / "state").start()
    try:
        new_engine_game(first)
        first.place_workers({"A": ["a1", "e5"]})
        placement = awaited(first, "the engine's placement")
        carry_out(first, placement)
        first.wait_state(lambda s: s["phase"] == "play", "play")
        destination, build = free_corner_turn(placement["turn"]["actions"])
        first.turn("A", f"a1-{destination}", build)
        shown = awaited(first, "the engine's turn")
        carry_out(first, shown, slice(1))  # the move done, the build not yet
        first.wait_state(lambda s: len(s["turn"]) == 1, "the engine's move seen")
        board = first.state()["board"]
        first.stop(signal.SIGKILL)
    finally:
        first.close()
    second = Daemon(tmp_path / "state").start()
    try:
        state = second.state()
        assert state["seats"]["B"] == {"kind": "engine", "level": 3}
        assert awaited(second, "the same turn shown again") == shown
        for cell in board:  # the new simulated board is empty: stand it as it was
            for _ in range(cell["level"]):
                second.place(cell["cell"], "block")
            if cell["worker"]:
                second.place(cell["cell"], "worker", cell["worker"])
        carry_out(second, shown, slice(1, None))
        state = second.wait_state(lambda s: s["to_move"] == "A", "the turn finished and recorded")
        assert state["record"][-1]["text"] == " ".join(shown["turn"]["actions"])
    finally:
        second.close()


def test_kill_9_while_thinking_shows_the_turn_the_journal_reproduces(tmp_path: Path) -> None:
    first = Daemon(tmp_path / "state").start()
    try:
        new_engine_game(first, {"B": {"kind": "engine", "level": 10}})
        first.place_workers({"A": ["a1", "e5"]})
        placement = awaited(first, "the engine's placement")
        carry_out(first, placement)
        first.wait_state(lambda s: s["phase"] == "play", "play")
        destination, build = free_corner_turn(placement["turn"]["actions"])
        first.turn("A", f"a1-{destination}", build)  # the engine starts thinking ...
        first.stop(signal.SIGKILL)  # ... and the power goes
    finally:
        first.close()
    second = Daemon(tmp_path / "state").start()
    try:
        shown = awaited(second, "the turn shown after the restart")
        state = second.state()
        with Store.open(tmp_path / "state" / "games.sqlite3") as store:
            seats_event = [e for e in store.events(state["game_id"]) if e.kind == "seats"][-1]
        seats = parse_seats(seats_event.payload["seats"], ("A", "B"))
        position = position_from_json(state["position"])
        again = engine_turn(position, False, seats, seats_event.payload["seed"])
        assert again is not None and shown["turn"]["actions"] == again.steps()
    finally:
        second.close()


def test_undo_in_engine_against_engine_is_refused_and_the_demonstration_plays_on(
    daemon: Daemon,
) -> None:
    demonstration = {"A": {"kind": "engine", "level": 1}, "B": {"kind": "engine", "level": 1}}
    new_engine_game(daemon, demonstration)
    done: list[Any] = []
    for what in ("A's placement", "B's placement", "A's first turn"):
        state = daemon.wait_state(lambda s: _shown(s) not in (None, *done), what)
        carry_out(daemon, state["awaiting"])
        done.append(_shown(state))
    state = daemon.wait_state(lambda s: len(_turn_lines(s)) == 1, "A's turn recorded")
    refused = daemon.http.post("/api/undo", headers=daemon.auth)
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "the engine plays every colour: there is no person's turn to take back"
        " (a long press of done starts the demonstration again)"
    )
    daemon.post("sim/press", {"button": "undo"})  # the board's own button: the page says why
    daemon._wait(lambda: _count(daemon, "command_failed") == 1, 30, "the press refused")
    after = daemon.wait_state(lambda s: s["awaiting"] is not None, "B's turn shown")
    assert _turn_lines(after) == _turn_lines(state) and not after["undo_pending"]
    assert after["awaiting"]["player"] == "B"  # the demonstration plays on


def test_undo_before_the_person_has_played_is_refused_with_its_reason(daemon: Daemon) -> None:
    new_engine_game(daemon, {"A": {"kind": "engine", "level": 1}})  # the engine places first
    refused = daemon.http.post("/api/undo", headers=daemon.auth)
    assert refused.status_code == 409
    assert refused.json()["detail"] == "nothing has been played yet: there is no turn to take back"
    placement = awaited(daemon, "the engine's placement")
    carry_out(daemon, placement)
    daemon.wait_state(lambda s: s["to_move"] == "B" and s["awaiting"] is None, "B to place")
    refused = daemon.http.post("/api/undo", headers=daemon.auth)
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "no person at the board has played yet: the engine's turns are taken back only with"
        " the person's turn before them"
    )
    daemon.post("sim/press", {"button": "undo"})  # the board's own button
    daemon._wait(lambda: _count(daemon, "command_failed") == 1, 30, "the press refused")
    # the person plays on, and may now undo (level 1 places at random: even in a corner)
    free = [cell for cell in ("a1", "e5", "a5", "e1") if cell not in placement["turn"]["actions"]]
    daemon.place_workers({"B": free[:2]})
    state = daemon.wait_state(lambda s: s["phase"] == "play", "play to begin")
    assert not state["undo_pending"]
    assert daemon.http.post("/api/undo", headers=daemon.auth).status_code == 202
    daemon.wait_state(lambda s: s["undo_pending"], "the person's placement to be taken back")


def _shown(state: dict[str, Any]) -> Any:
    awaiting = state["awaiting"]
    return None if awaiting is None else (awaiting["player"], awaiting["turn"]["actions"])


def _turn_lines(state: dict[str, Any]) -> list[str]:
    return [line["text"] for line in state["record"] if line["kind"] == "turn"]


def _count(daemon: Daemon, kind: str) -> int:
    for line in daemon.http.get("/metrics").text.splitlines():
        if line.startswith("santorini_referee_events_total") and f'kind="{kind}"' in line:
            return int(float(line.split()[-1]))
    return 0
