"""The virtual board's big hands: "Clear the board" and "Set up the pieces as recorded"
move pieces with the simulated hand, and the referee judges what they did."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from santorini_hw.api import create_app
from santorini_hw.daemon.service import BoardService
from santorini_hw.rules.cells import CELL_COUNT
from sim.hardware import SimulatedHardware
from tests.daemon.in_process import settled_service, tick

SETTLED = 1.0
AUTH = {"Authorization": "Bearer token"}


def run(test: Callable[[], Any]) -> None:
    asyncio.run(asyncio.wait_for(test(), 120))


def _client(service: BoardService) -> httpx.AsyncClient:
    """The app in the test's own event loop and thread (the journal's SQLite stays in it)."""
    app = create_app(service, service.settings, "token")
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1")


async def _play_one_turn(service: BoardService, sim: SimulatedHardware) -> None:
    for cell, player in (("a1", "A"), ("e1", "A"), ("a5", "B"), ("e5", "B")):
        sim.place(cell, "worker", player)
        await tick(service, sim, SETTLED)
    sim.lift("a1")
    sim.place("b2", "worker", "A")
    sim.place("c3", "block")
    await tick(service, sim, SETTLED)
    service.press("done")
    await tick(service, sim, SETTLED)
    assert [line.kind for line in service.game.record][-1] == "turn"


def _pieces(sim: SimulatedHardware) -> int:
    physical = sim.physical
    return sum(
        physical.level(c) + physical.dome(c) + (physical.worker(c) is not None)
        for c in range(CELL_COUNT)
    )


def test_clear_the_board_then_a_new_game_takes_placements(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            await _play_one_turn(service, sim)
            async with _client(service) as client:
                assert (await client.post("/api/sim/clear", headers=AUTH)).status_code == 204
                assert _pieces(sim) == 0
                game = {"players": ["A", "B"], "selection": "none"}
                assert (await client.post("/api/games", json=game, headers=AUTH)).status_code == 201
            await tick(service, sim, SETTLED)
            assert service.referee.error is None
            assert service.game.phase.value == "placement"

    run(scenario)


def test_set_up_as_recorded_carries_out_an_undo(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            await _play_one_turn(service, sim)
            service.press("undo")
            await tick(service, sim, SETTLED)
            assert service.referee.undo_target is not None
            async with _client(service) as client:
                assert (await client.post("/api/sim/setup", headers=AUTH)).status_code == 204
            await tick(service, sim, SETTLED)
            assert service.referee.undo_target is None
            assert service.game.record[-1].kind == "place"
            assert sim.physical.worker(0) == "A" and sim.physical.level(12) == 0

    run(scenario)


def test_set_up_as_recorded_puts_a_cleared_game_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            await _play_one_turn(service, sim)
            async with _client(service) as client:
                await client.post("/api/sim/clear", headers=AUTH)
                await tick(service, sim, SETTLED * 3)
                assert service.referee.error is not None
                assert (await client.post("/api/sim/setup", headers=AUTH)).status_code == 204
            await tick(service, sim, SETTLED * 3)
            assert service.referee.error is None
            assert sim.physical.level(12) == 1 and sim.physical.worker(6) == "A"

    run(scenario)


def test_the_big_hands_exist_only_on_the_simulator(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, _, _):
            async with _client(service) as client:
                paths = (await client.get("/openapi.json")).json()["paths"]
                assert "/api/sim/clear" in paths and "/api/sim/setup" in paths
            service.sim = None
            async with _client(service) as client:
                paths = (await client.get("/openapi.json")).json()["paths"]
                assert "/api/sim/clear" not in paths and "/api/sim/setup" not in paths
                assert (await client.post("/api/sim/clear", headers=AUTH)).status_code >= 400

    run(scenario)


def test_set_up_is_refused_in_the_setup_menu(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, _, _):
            async with _client(service) as client:
                await client.post("/api/menu", headers=AUTH)
                answer = await client.post("/api/sim/setup", headers=AUTH)
            assert answer.status_code == 409
            assert "setup menu" in answer.json()["detail"]

    run(scenario)
