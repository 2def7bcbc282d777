"""A remote seat's list of turns is made off the event loop, once per position: Morpheus
with saved blocks has thousands of turns, and the board (scan loop, lights, WebSocket)
must not wait for them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx

from santorini_hw.api.turn_listing import NOTHING, TurnListing
from santorini_hw.daemon.service import BoardService
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.seats.remote_seat import TurnList, listed
from tests.api.test_seat_routes import OWNER, run
from tests.daemon.in_process import Stepper, carry_out

B_TURNS = ([["e5-d5", "c5"], ["d5-e5", "d4"]] * 3)[:5]
"""B's turns while Morpheus saves blocks: back and forth, building away from A."""


async def played(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
    """A game of two remote seats, Morpheus (A) against no god: placed, then five turns
    each, Morpheus building nothing (so six blocks to spend in his next turn)."""
    body: dict[str, Any] = {
        "selection": "given",
        "gods": ["Morpheus", None],
        "seats": {"A": {"kind": "remote"}, "B": {"kind": "remote"}},
    }
    assert (await client.post("/api/games", json=body, headers=OWNER)).status_code == 201

    async def send(player: str, actions: list[str]) -> None:
        answer = await client.post(
            f"/api/seats/{player}/turn", json={"actions": actions}, headers=OWNER
        )
        assert answer.status_code == 200, answer.text
        await carry_out(service, stepper)

    await send("A", ["a1", "a2"])
    await send("B", ["e4", "e5"])
    for number, b_turn in enumerate(B_TURNS):
        await send("A", ["b1-a1"] if number % 2 else ["a1-b1"])
        await send("B", b_turn)
    assert [line["text"] for line in service.state()["record"]][-2:] == ["a1-b1", "e5-d5 c5"]


def test_morpheus_turns_are_listed_while_the_loop_goes_on(tmp_path: Path) -> None:
    async def scenario(client: httpx.AsyncClient, service: BoardService, stepper: Stepper) -> None:
        await played(client, service, stepper)
        beats = 0
        listing = asyncio.create_task(client.get("/api/seats/A/turns", headers=OWNER))
        while not listing.done():  # the loop's heartbeat while the list is made
            await asyncio.sleep(0.001)
            beats += 1
        answer = listing.result()
        assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
        body = answer.json()
        assert body["player"] == "A" and body["awaiting"] is None
        assert body["turns"] == service.legal_turns("A") and len(body["turns"]) > 5_000
        assert max(map(len, body["turns"])) == 7  # a move and the six blocks saved
        assert beats >= 10  # made in the loop, the list leaves it no beat at all
        answer = await client.get("/api/seats/B/turns", headers=OWNER)
        assert answer.json() == {"turns": [], "player": "B", "awaiting": None}

    run(tmp_path, scenario)


def test_a_list_is_made_once_per_position() -> None:
    def waiting(tokens: int) -> TurnList:
        doc = {
            "gods": {"A": "Morpheus"},
            "workers": {"A": ["a1", "a2"], "B": ["e4", "e5"]},
            "heights": {},
            "domes": [],
            "tokens": {"A": tokens},
            "to_move": "A",
        }
        return TurnList(position_from_json(doc), 0)

    async def main() -> None:
        listing = TurnListing()
        first, again = await asyncio.gather(
            listing.encoded(waiting(2)), listing.encoded(waiting(2))
        )
        assert first is again  # the second asker waited for the first list
        assert json.loads(first) == listed(waiting(2))
        other = await listing.encoded(waiting(3))
        assert other is not first and json.loads(other) == listed(waiting(3))
        assert await listing.encoded(None) == NOTHING

    asyncio.run(main())
