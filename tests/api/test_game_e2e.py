"""A whole game on the simulated board, through the API and the event WebSocket of a
real daemon (uvicorn on 127.0.0.1)."""

from __future__ import annotations

import json
import threading
from typing import Any

from websockets.sync.client import connect

from tests.daemon.harness import A_WINS, SETUP, WINNING_MOVE, Daemon


def test_a_whole_game_through_the_api_and_the_websocket(daemon: Daemon) -> None:
    messages: list[dict[str, Any]] = []
    url = daemon.url.replace("http://", "ws://") + "/api/events"
    with connect(url) as socket:
        first = json.loads(socket.recv(timeout=30))
        assert first["type"] == "state"
        assert first["state"]["phase"] == "placement"
        assert first["state"]["position"]["workers"] == {"A": [], "B": []}

        def listen() -> None:
            for text in socket:
                messages.append(json.loads(text))

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()

        daemon.place_workers(SETUP)
        for player, move, build in A_WINS:
            state = daemon.turn(player, move, build)
        assert state["to_move"] == "A"
        assert state["position"]["heights"] == {
            "a1": 2,
            "b1": 1,
            "b2": 2,
            "c1": 3,
            "d3": 1,
            "d4": 1,
        }
        player, source, destination = WINNING_MOVE
        daemon.lift(source)
        daemon.place(destination, "worker", player)
        final = daemon.wait_state(lambda s: s["phase"] == "over", "the game to end")
        assert final["winner"] == "A"
        assert final["position"]["workers"]["A"] == ["c1", "d2"]

        games = daemon.http.get("/api/games").json()
        assert games[-1]["winner"] == "A" and games[-1]["ended_at"] is not None
        record = daemon.http.get(f"/api/games/{final['game_id']}/export.txt").text
        assert '[Result "A"]' in record and "A: b2-c1" in record
        exported = daemon.http.get(f"/api/games/{final['game_id']}/export.json").json()
        assert [m["notation"] for m in exported["moves"] if m["kind"] == "turn"][-1] == "b2-c1"

        daemon._wait(lambda: any(_ended(m) for m in messages), 30, "game_over on the WebSocket")
        daemon._wait(lambda: _won_by(messages, "A"), 30, "the final state on the WebSocket")
    kinds = [m["event"]["kind"] for m in messages if m["type"] == "event"]
    assert kinds.count("turn_complete") == len(A_WINS) + 1
    assert kinds.count("worker_placed") == 4
    assert any(m["type"] == "pixels" for m in messages)
    assert _won_by(messages, "A")
    metrics = daemon.http.get("/metrics").text
    assert f"santorini_turns_total {len(A_WINS) + 1}" in metrics
    blocks = [line for line in metrics.splitlines() if line.startswith("santorini_python_alloc")]
    assert len(blocks) == 1 and int(blocks[0].split()[1]) > 10_000  # what the soak watches


def _won_by(messages: list[dict[str, Any]], player: str) -> bool:
    """The latest state message says `player` won (a state follows its events)."""
    states = [m["state"] for m in list(messages) if m["type"] == "state"]
    return bool(states) and states[-1]["winner"] == player


def _ended(message: dict[str, Any]) -> bool:
    return message["type"] == "event" and message["event"]["kind"] == "game_over"
