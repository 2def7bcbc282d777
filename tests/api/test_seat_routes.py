"""The remote seats' routes: the owner invites, the seat token plays that seat's turns
and nothing else, each refusal has its documented code and changes nothing, a flood is
limited, and the token is stored hashed, never logged, revoked by DELETE or a new game."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from santorini_hw.api import create_app
from santorini_hw.api.sim_board import arrange
from santorini_hw.clock import ManualClock
from santorini_hw.daemon.service import BoardService
from santorini_hw.lights.scenes import Element, Priority, Scene
from santorini_hw.rules.cells import cell_name
from santorini_hw.seats.seat_tokens import token_hash
from santorini_hw.store import Store
from tests.daemon.in_process import Stepper, board_service, carry_out, settled_service

OWNER = {"Authorization": "Bearer owner-token"}
Scenario = Callable[[httpx.AsyncClient, BoardService, Stepper], Awaitable[None]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@asynccontextmanager
async def api(
    service: BoardService, clock: ManualClock | None = None, private: bool = False
) -> AsyncIterator[httpx.AsyncClient]:
    settings = dataclasses.replace(service.settings, public_reads=not private)
    app = create_app(service, settings, "owner-token", clock or ManualClock())
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000") as client:
        yield client


async def a_places(stepper: Stepper) -> None:
    """A places on a1 and e5 (B to place next)."""
    sim = stepper.sim
    for cell in ("a1", "e5"):
        sim.place(cell, "worker", "A")
        await stepper.idle_until(sim.clock.monotonic() + 0.5)
    await stepper.idle_until(sim.clock.monotonic() + 1.0)


async def remote_b(client: httpx.AsyncClient, stepper: Stepper, seats: Any = None) -> str:
    """A new game with B remote (or `seats`), A's workers placed: B's seat token."""
    body = {"seats": seats or {"B": {"kind": "remote"}}}
    assert (await client.post("/api/games", json=body, headers=OWNER)).status_code == 201
    await a_places(stepper)
    answer = await client.post("/api/seats/B/invite", headers=OWNER)
    assert answer.status_code == 201
    return str(answer.json()["token"])


def unchanged(service: BoardService) -> dict[str, Any]:
    state = service.state()
    return {key: state[key] for key in ("position", "record", "awaiting", "turn", "to_move")}


def run(tmp_path: Path, scenario: Scenario, **options: Any) -> None:
    async def main() -> None:
        async with (
            settled_service(tmp_path / "state") as (service, _sim, stepper),
            api(service, **options) as client,
        ):
            await scenario(client, service, stepper)

    asyncio.run(asyncio.wait_for(main(), 120))


def test_the_owner_invites_with_an_address_and_its_qr_code(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        token = await remote_b(client, stepper)
        answer = await client.post("/api/seats/B/invite", headers=OWNER)
        again = answer.json()
        assert again["url"] == f"http://127.0.0.1:8000/play.html#seat=B&token={again['token']}"
        assert again["qr"].startswith("data:image/svg+xml") and again["token"] != token
        assert service.seat_of(token) is None  # a new invitation replaces the last
        assert (await client.post("/api/seats/B/invite")).status_code == 401
        answer = await client.post("/api/seats/B/invite", headers=bearer(again["token"]))
        assert answer.status_code == 401  # a seat token cannot invite
        answer = await client.post("/api/seats/A/invite", headers=OWNER)
        assert (
            answer.status_code == 409 and answer.json()["detail"] == "A is not a remote seat here"
        )

    run(tmp_path, scenario)


def test_the_seat_token_lists_and_plays_its_seats_turn(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        token = await remote_b(client, stepper)
        listed = (await client.get("/api/seats/B/turns", headers=bearer(token))).json()
        assert listed["player"] == "B" and len(listed["turns"]) == 253
        answer = await client.post(
            "/api/seats/B/turn", json={"actions": ["c3", "d4"]}, headers=bearer(token)
        )
        assert answer.status_code == 200
        assert answer.json()["kind"] == "remote" and answer.json()["turn"]["actions"] == [
            "c3",
            "d4",
        ]
        state = (await client.get("/api/state")).json()
        assert state["awaiting"]["player"] == "B" and state["awaiting"]["kind"] == "remote"
        listed = (await client.get("/api/seats/B/turns", headers=bearer(token))).json()
        assert listed["turns"] == [] and listed["awaiting"]["turn"]["actions"] == ["c3", "d4"]

    run(tmp_path, scenario)


@pytest.mark.parametrize(
    ("who", "path", "actions", "status", "detail"),
    [
        ("nobody", "B", ["c3", "d4"], 401, "a valid seat token is needed"),
        ("guess", "B", ["c3", "d4"], 401, "a valid seat token is needed"),
        ("C", "B", ["c3", "d4"], 403, "this token is for C's seat, not B's"),
        ("B", "C", ["c3", "d4"], 403, "this token is for B's seat, not C's"),
        ("C", "C", ["c3", "d4"], 409, "it is B's turn, not C's"),
        ("B", "B", ["a1", "d4"], 422, "a placement on an occupied cell"),
        ("B", "B", ["c3-c4", "d4"], 422, "bad cell 'c3-c4'"),
    ],
)
def test_a_refused_turn_has_its_code_and_changes_nothing(
    tmp_path: Path, who: str, path: str, actions: list[str], status: int, detail: str
) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        seats = {"B": {"kind": "remote"}, "C": {"kind": "remote"}}
        body = {"players": ["A", "B", "C"], "gods": ["Apollo", "Artemis", "Athena"], "seats": seats}
        await client.post("/api/games", json={**body, "selection": "given"}, headers=OWNER)
        tokens = {"B": service.invite_seat("B"), "C": service.invite_seat("C")}
        tokens |= {"nobody": "", "guess": "not-a-token"}
        await a_places(stepper)
        before = unchanged(service)
        headers = bearer(tokens[who]) if tokens[who] else {}
        answer = await client.post(
            f"/api/seats/{path}/turn", json={"actions": actions}, headers=headers
        )
        assert answer.status_code == status
        found = answer.json()["detail"]
        text = found if isinstance(found, str) else found[0]["msg"]
        assert text.startswith(detail), text
        if status == 422:
            assert found[0]["loc"] == ["body", "actions"]
        assert unchanged(service) == before

    run(tmp_path, scenario)


def test_a_seat_token_can_do_nothing_but_its_seats_turns_and_reading(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        seat = bearer(await remote_b(client, stepper))
        game_id = service.game_id
        for path, body in [
            ("/api/games", {}),
            ("/api/undo", None),
            ("/api/menu", None),
            ("/api/resync", {"mode": "adopt"}),
            ("/api/hint", None),
            ("/api/sim/press", {"button": "done"}),
            ("/api/seats/B/invite", None),
        ]:
            answer = await client.post(path, json=body, headers=seat)
            assert answer.status_code == 401, path
        assert (await client.delete("/api/seats/B/invite", headers=seat)).status_code == 401
        assert service.game_id == game_id and service.menu is None

    run(tmp_path, scenario)


def test_reads_are_open_to_a_seat_token_when_they_are_private(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        body = {"seats": {"B": {"kind": "remote"}}}
        await client.post("/api/games", json=body, headers=OWNER)
        seat = bearer(service.invite_seat("B"))
        assert (await client.get("/api/state")).status_code == 401
        assert (await client.get("/api/state", headers=seat)).status_code == 200
        assert (await client.get("/api/seats/B/turns", headers=seat)).status_code == 200
        assert (await client.get("/api/state", headers=bearer("guess"))).status_code == 401

    run(tmp_path, scenario, private=True)


def test_delete_and_a_new_game_revoke_the_token(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        token = await remote_b(client, stepper)
        assert (await client.delete("/api/seats/B/invite", headers=OWNER)).status_code == 204
        answer = await client.get("/api/seats/B/turns", headers=bearer(token))
        assert answer.status_code == 401
        token = (await client.post("/api/seats/B/invite", headers=OWNER)).json()["token"]
        assert (await client.get("/api/seats/B/turns", headers=bearer(token))).status_code == 200
        body = {"seats": {"B": {"kind": "remote"}}}
        await client.post("/api/games", json=body, headers=OWNER)
        answer = await client.get("/api/seats/B/turns", headers=bearer(token))
        assert answer.status_code == 401

    run(tmp_path, scenario)


def test_a_flood_of_submissions_from_one_seat_is_limited(tmp_path: Path) -> None:
    clock = ManualClock()

    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        seat = bearer(await remote_b(client, stepper))

        async def send(actions: list[str], headers: dict[str, str]) -> httpx.Response:
            return await client.post(
                "/api/seats/B/turn", json={"actions": actions}, headers=headers
            )

        answers = [await send(["a1", "a2"], seat) for _ in range(6)]
        assert [a.status_code for a in answers] == [422] * 5 + [429]
        assert answers[-1].headers["Retry-After"] == "2"
        assert "too many submissions from B's seat" in answers[-1].json()["detail"]
        clock.advance(2.0)
        assert (await send(["a1", "a2"], seat)).status_code == 422  # heard again
        assert (await send(["a1", "a2"], seat)).status_code == 429
        assert (await send(["c3", "d4"], OWNER)).status_code == 200  # the owner is not limited

    run(tmp_path, scenario, clock=clock)


def test_a_takeback_request_is_shown_until_the_undo_is_carried_out(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        seat = bearer(await remote_b(client, stepper))
        answer = await client.post("/api/seats/B/takeback", headers=seat)
        assert answer.status_code == 202
        assert answer.json()["takeback_request"]["player"] == "B"
        assert (await client.get("/api/state")).json()["takeback_request"]["player"] == "B"
        assert (await client.post("/api/undo", headers=OWNER)).status_code == 202
        assert (await client.get("/api/state")).json()["undo_pending"]  # accepted: put back
        stepper.sim.lift("e5")
        await stepper.idle_until(stepper.sim.clock.monotonic() + 1.0)
        state = (await client.get("/api/state")).json()
        assert state["takeback_request"] is None and state["record"][-1]["text"] == "a1"
        answer = await client.post("/api/seats/B/takeback", headers=bearer("guess"))
        assert answer.status_code == 401

    run(tmp_path, scenario)


def test_the_token_is_kept_hashed_survives_a_restart_and_is_never_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    tokens: list[str] = []

    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        tokens.append(await remote_b(client, stepper))
        seat = bearer(tokens[0])
        await client.post("/api/seats/B/turn", json={"actions": ["c3", "c3"]}, headers=seat)
        await client.post("/api/seats/B/turn", json={"actions": ["c3", "d4"]}, headers=seat)

    async def restarted() -> str | None:
        async with board_service(tmp_path / "state") as (service, _sim):
            return service.seat_of(tokens[0])

    run(tmp_path, scenario)
    assert asyncio.run(restarted()) == "B"
    with Store.open(tmp_path / "state" / "games.sqlite3") as store:
        game_id = store.unfinished_game().info.id  # type: ignore[union-attr]
        invites = [e.payload for e in store.events(game_id) if e.kind == "seat_invites"]
    assert invites[-1] == {"hashes": {"B": token_hash(tokens[0])}}
    database = (tmp_path / "state" / "games.sqlite3").read_bytes()
    assert tokens[0].encode() not in database
    assert tokens[0] not in caplog.text


def test_a_game_with_a_remote_seat_starts_through_the_api(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        body: dict[str, Any] = {"seats": {"B": {"kind": "remote"}}}
        answer = await client.post("/api/games", json=body, headers=OWNER)
        assert answer.status_code == 201
        assert answer.json()["state"]["seats"]["B"] == {"kind": "remote"}
        body = {"seats": {"B": {"kind": "remote", "level": 2}}}
        answer = await client.post("/api/games", json=body, headers=OWNER)
        assert answer.status_code == 422
        assert "seats.B.level: a remote player has no level" in answer.text

    run(tmp_path, scenario)


def test_the_board_lights_a_takeback_request_on_the_askers_workers(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        seat = bearer(await remote_b(client, stepper))
        await client.post("/api/seats/B/turn", json={"actions": ["c3", "d4"]}, headers=seat)
        await carry_out(service, stepper)
        shown: list[Scene] = []
        show = service.lights.show
        service.lights.show = lambda scene: (shown.append(scene), show(scene))[1]  # type: ignore[method-assign]

        def lit(kind: Element) -> set[str]:
            legal = shown[-1].layer(Priority.LEGAL)
            return {cell_name(cell) for cell, mark in legal.items() if mark.kind is kind}

        await client.post("/api/seats/B/takeback", headers=seat)
        assert lit(Element.TAKEBACK) == {"c3", "d4"} and lit(Element.TURN_WORKER)
        await client.post("/api/undo", headers=OWNER)  # accepted: the board is put back
        arrange(stepper.sim, service.referee.undo_target)
        await stepper.idle_until(stepper.sim.clock.monotonic() + 1.0)
        assert service.takeback_request is None and not lit(Element.TAKEBACK)
        assert service.game.player == "B"  # B's placement is theirs to send again

    run(tmp_path, scenario)
