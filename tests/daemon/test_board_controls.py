"""The board without a phone, end to end on a real daemon: long presses of the buttons
(hold undo adopts the board, hold done starts a new game, hold hint makes the board a
menu) and a whole game set up by touching menu cells with a worker."""

from __future__ import annotations

import json
import threading
from typing import Any

from websockets.sync.client import connect

from tests.daemon.harness import SETUP, Daemon

HOLD = 2.1
"""Seconds a simulated button stays down: just over the 2 s of a long press."""


def hold(daemon: Daemon, button: str) -> None:
    daemon.post("sim/hold", {"button": button, "seconds": HOLD})


def test_holding_undo_adopts_the_board_and_a_failed_adopt_is_an_event(daemon: Daemon) -> None:
    events: list[dict[str, Any]] = []
    url = daemon.url.replace("http://", "ws://") + "/api/events"
    with connect(url) as socket:

        def listen() -> None:
            for text in socket:
                message = json.loads(text)
                if message["type"] == "event":
                    events.append(message["event"])

        threading.Thread(target=listen, daemon=True).start()
        hold(daemon, "undo")  # nothing placed yet: nothing to take back, nothing to adopt
        daemon._wait(lambda: len(_failures(events)) == 2, 30, "two command_failed")
    pressed, held = _failures(events)  # a long press starts as a short one
    assert pressed.startswith("undo: nothing has been played yet")
    assert held.startswith("adopt_board: only a game in play can adopt the board")
    assert daemon.http.get("/api/health").json()["status"] == "ok"

    daemon.place_workers(SETUP)
    daemon.place("c1")  # two builds and no move: no legal turn
    daemon.place("e1")
    daemon.wait_state(lambda s: s["error"] is not None, "the board error")
    before = daemon.state()
    hold(daemon, "undo")
    state = daemon.wait_state(lambda s: s["error"] is None, "the board adopted")
    assert state["position"]["heights"] == {"c1": 1, "e1": 1}
    assert state["position"]["workers"] == {"A": ["a1", "d1"], "B": ["c3", "e5"]}
    assert state["game_id"] == before["game_id"] and state["to_move"] == "A"
    assert state["undo_pending"] is False and state["phase"] == "play"


def test_holding_done_starts_a_new_game_on_an_emptied_board(daemon: Daemon) -> None:
    daemon.place_workers(SETUP)
    before = daemon.state()
    hold(daemon, "done")
    state = daemon.wait_state(lambda s: s["game_id"] != before["game_id"], "a new game")
    assert state["phase"] == "placement" and state["players"] == ["A", "B"]
    assert state["position"]["workers"] == {"A": [], "B": []}
    # The last game's workers are still standing: to be lifted, not taken as placements.
    state = daemon.wait_state(lambda s: s["error"] is not None, "the clear-the-board error")
    assert {fix["kind"] for fix in state["error"]["fixes"]} == {"remove_worker"}
    assert {fix["cell"] for fix in state["error"]["fixes"]} == {"a1", "d1", "c3", "e5"}
    for cells in SETUP.values():
        for cell in cells:
            daemon.lift(cell)
    daemon.wait_state(lambda s: s["error"] is None, "the board emptied")
    daemon.place_workers({"A": ["b2", "d4"]})
    assert daemon.state()["position"]["workers"] == {"A": ["b2", "d4"], "B": []}


def test_a_game_set_up_on_the_board_as_a_menu_is_the_one_the_api_makes(daemon: Daemon) -> None:
    first = daemon.state()["game_id"]
    hold(daemon, "hint")
    state = daemon.wait_state(lambda s: s["phase"] == "menu", "the menu")
    assert state["menu"]["step"] == "players"
    assert state["menu"]["cells"] == {
        "a1": "2",
        "b1": "3",
        "c1": "4",
        "d1": "vs_engine",
        "e1": "seats_2",
        "a2": "seats_3",
        "b2": "seats_4",
    }

    def choose(option: str, *, lift: bool = True) -> None:
        """Touch the option's cell with a worker (and lift it again)."""
        cell = {o: c for c, o in daemon.state()["menu"]["cells"].items()}[option]
        daemon.place(cell, "worker", "A")
        daemon.wait_state(lambda s: option in s["menu"]["selected"], f"{option} chosen")
        if lift:
            daemon.lift(cell)

    def confirm(step: str | None) -> dict[str, Any]:
        daemon.post("sim/press", {"button": "done"})
        if step is None:
            return daemon.wait_state(lambda s: s["phase"] != "menu", "the menu to finish")
        return daemon.wait_state(lambda s: s["menu"]["step"] == step, f"the {step} step")

    choose("2")
    assert confirm("procedure")["menu"]["options"] == ["no_gods", "quick", "official"]
    choose("official")
    assert confirm("pool")["menu"]["selected"] == ["simple"]  # the board's setting
    choose("advanced")
    assert confirm("clock")["menu"]["options"] == ["off", "60+300", "30+120", "120+600"]
    choose("off")
    state = confirm("offer")
    assert (state["menu"]["player"], state["menu"]["picks"]) == ("A", 2)
    assert len(state["menu"]["options"]) == 20 and state["menu"]["page"] == "advanced"
    assert state["menu"]["places"]["Zeus"] == "e4"  # one page: the cell says it all
    choose("Hera")
    choose("Zeus")
    state = confirm("god")
    assert (state["menu"]["player"], state["menu"]["options"]) == ("B", ["Hera", "Zeus"])
    choose("Hera")  # B takes Hera, A gets Zeus
    state = confirm("start")
    assert state["menu"]["cells"] == {"a1": "A", "b1": "B"}
    choose("B", lift=False)  # A names B the start player; the worker stays on b1
    state = confirm(None)

    assert state["phase"] == "placement" and state["game_id"] != first
    assert state["menu"] is None
    assert (state["players"], state["gods"]) == (["B", "A"], {"B": "Hera", "A": "Zeus"})
    state = daemon.wait_state(lambda s: s["error"] is not None, "lift the menu's worker")
    assert [(f["cell"], f["kind"]) for f in state["error"]["fixes"]] == [("b1", "remove_worker")]
    daemon.lift("b1")
    daemon.wait_state(lambda s: s["error"] is None, "the board emptied")
    daemon.place_workers({"B": ["c3", "c4"]})  # B starts

    body = {"players": ["B", "A"], "selection": "given", "gods": ["Hera", "Zeus"]}
    api = daemon.post("games", body).json()["state"]
    assert (api["players"], api["gods"]) == (state["players"], state["gods"])
    games = daemon.http.get("/api/games").json()
    assert games[-1]["players"] == games[-2]["players"]
    assert games[-1]["gods"] == games[-2]["gods"]


def test_the_menu_is_entered_and_left_over_the_api(daemon: Daemon) -> None:
    before = daemon.state()
    state = daemon.post("menu").json()
    assert state["phase"] == "menu" and state["menu"]["step"] == "players"
    daemon.place("a1", "worker", "A")
    daemon.wait_state(lambda s: s["menu"]["selected"] == ["2"], "2 chosen")
    assert (
        daemon.http.post("/api/resync", json={"mode": "adopt"}, headers=daemon.auth).status_code
        == 409
    )
    state = daemon.http.delete("/api/menu", headers=daemon.auth).json()
    assert state["menu"] is None and state["phase"] == "placement"
    assert state["game_id"] == before["game_id"]
    # Back to the game as it was: the worker left on a1 is now A's placement.
    daemon.wait_state(lambda s: s["position"]["workers"]["A"] == ["a1"], "a1 placed")


def _failures(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events if e["kind"] == "command_failed"]
