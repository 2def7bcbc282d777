"""POST /api/menu/seats and /api/menu/names: the page's seats and names for the game
being set up, refused with the reason (409 when the menu cannot take them now or they
do not fit the players, 422 naming the field when the request itself is bad)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from santorini_hw.api import create_app
from tests.daemon.in_process import settled_service

AUTH = {"Authorization": "Bearer token"}


def test_seats_and_names_are_refused_with_their_reason_until_they_fit(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, _sim, _stepper):
            app = create_app(service, service.settings, "token")
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as api:

                async def post(path: str, body: object) -> httpx.Response:
                    return await api.post(f"/api/{path}", json=body, headers=AUTH)

                engine_b = {"seats": {"B": {"kind": "engine", "level": 2}}}
                answer = await post("menu/seats", engine_b)
                assert answer.status_code == 409
                assert answer.json()["detail"] == "the board is not a menu: enter it first"
                await post("menu", None)
                answer = await post("menu/names", {"names": {"A": "Ann"}})
                assert answer.status_code == 409 and "once the number of players" in answer.text
                await post("menu/choose", {"option": "2"})
                await post("menu/confirm", None)
                answer = await post("menu/seats", {"seats": {"C": {"kind": "engine", "level": 2}}})
                assert answer.status_code == 409
                assert answer.json()["detail"] == "seats.C: not one of the players (A, B)"
                answer = await post("menu/seats", {"seats": {"B": {"kind": "engine", "level": 11}}})
                assert answer.status_code == 422 and "level" in answer.text
                answer = await post("menu/names", {"names": {"A": "<b>"}})
                assert answer.status_code == 422 and "names" in answer.text
                answer = await post("menu/names", {"names": {"A": "B"}})
                assert (
                    answer.status_code == 409
                    and answer.json()["detail"] == "names: 'B' names two players"
                )
                assert (await post("menu/seats", engine_b)).status_code == 200
                menu = (await post("menu/names", {"names": {"A": "Ann"}})).json()["menu"]
                assert menu["seats"] == {"B": {"kind": "engine", "level": 2}}
                assert menu["names"] == {"A": "Ann"}

    asyncio.run(asyncio.wait_for(scenario(), 120))
