"""A remote seat on the daemon (in process, on the simulated board): its turn submitted
through the service's entry point, shown as the engine's is, carried out by the
simulated hand and recorded; refused turns change nothing; a restart shows it again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from santorini_hw.api.sim_board import arrange
from santorini_hw.daemon.service import BoardService
from santorini_hw.seats.model import parse_seats
from santorini_hw.seats.remote_seat import RemoteTurnRefused
from sim.hardware import SimulatedHardware
from tests.daemon.in_process import (
    Stepper,
    board_service,
    carry_out,
    published_events,
    settled_service,
    tick,
)

REMOTE_B = parse_seats({"B": {"kind": "remote"}}, ("A", "B"))


async def person_plays(sim: SimulatedHardware, stepper: Stepper, *steps: tuple[str, ...]) -> None:
    """A's hands: ("lift", cell) or ("place", cell, piece[, player]), each let settle."""
    for step in steps:
        if step[0] == "lift":
            sim.lift(step[1])
        else:
            sim.place(*step[1:])
        await stepper.idle_until(sim.clock.monotonic() + 0.5)
    await stepper.idle_until(sim.clock.monotonic() + 1.0)


async def remote_game(service: BoardService, sim: SimulatedHardware, stepper: Stepper) -> None:
    """A new game, B remote, A's workers placed on a1 and e5: B to place."""
    service.new_game(("A", "B"), None, seats=REMOTE_B)
    await person_plays(sim, stepper, ("place", "a1", "worker", "A"), ("place", "e5", "worker", "A"))


def snapshot(service: BoardService) -> dict[str, Any]:
    """What a refused turn must leave as it was."""
    state = service.state()
    keys = ("position", "record", "awaiting", "turn", "error", "to_move")
    return {key: state[key] for key in keys}


def test_a_remote_seat_places_and_plays_through_the_entry_point(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            await remote_game(service, sim, stepper)
            state = service.state()
            assert state["seats"] == {"A": {"kind": "person"}, "B": {"kind": "remote"}}
            assert state["awaiting"] is None and state["thinking"] is None
            assert len(service.legal_turns("B")) == 253 and service.legal_turns("A") == []
            awaiting = service.submit_remote_turn("B", ["c3", "d4"])
            assert awaiting["player"] == "B" and awaiting["kind"] == "remote"
            assert awaiting["placement"] and awaiting["turn"]["actions"] == ["c3", "d4"]
            assert service.state()["awaiting"] == awaiting
            await carry_out(service, stepper)
            assert service.state()["phase"] == "play"
            await person_plays(sim, stepper, ("lift", "a1"), ("place", "a2", "worker", "A"))
            await person_plays(sim, stepper, ("place", "a3", "block"))
            assert service.game.player == "B"
            turn = ["c3-c2", "b3"]
            assert turn in service.legal_turns("B")
            assert service.submit_remote_turn("B", turn)["turn"]["actions"] == turn
            await carry_out(service, stepper)
            state = service.state()
            turns = [line["text"] for line in state["record"] if line["kind"] == "turn"]
            assert turns == ["a1-a2 a3", "c3-c2 b3"]
            assert state["to_move"] == "A" and state["awaiting"] is None and state["error"] is None

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("player", "actions", "status", "reason"),
    [
        ("A", ["a1", "b1"], 409, "A is not a remote seat in this game"),
        ("C", ["a1", "b1"], 409, "C is no player in this game"),
        ("B", ["a1", "b1"], 422, "a placement on an occupied cell"),
        ("B", ["c3"], 422, "a placement of 1 workers"),
        ("B", ["c3-c4", "c5"], 422, "bad cell 'c3-c4'"),
    ],
)
def test_a_turn_the_board_cannot_take_is_refused_and_changes_nothing(
    tmp_path: Path, player: str, actions: list[str], status: int, reason: str
) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            await remote_game(service, sim, stepper)
            before = snapshot(service)
            with pytest.raises(RemoteTurnRefused) as refused:
                service.submit_remote_turn(player, actions)
            assert refused.value.status == status and refused.value.reason.startswith(reason)
            assert snapshot(service) == before

    asyncio.run(scenario())


def test_a_second_turn_while_the_first_is_carried_out_is_stale(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            await remote_game(service, sim, stepper)
            service.submit_remote_turn("B", ["c3", "d4"])
            before = snapshot(service)
            assert service.legal_turns("B") == []
            with pytest.raises(RemoteTurnRefused, match="still carrying out B's turn") as refused:
                service.submit_remote_turn("B", ["b2", "d4"])
            assert refused.value.status == 409 and snapshot(service) == before
            await carry_out(service, stepper)
            with pytest.raises(RemoteTurnRefused, match="it is A's turn, not B's"):
                service.submit_remote_turn("B", ["c3-c4", "c5"])

    asyncio.run(scenario())


def test_the_shown_turn_goes_out_as_an_event_and_the_engine_never_thinks(tmp_path: Path) -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            listener = service.hub.subscribe()
            await remote_game(service, sim, stepper)
            service.submit_remote_turn("B", ["c3", "d4"])
            return published_events(listener)

    events = asyncio.run(scenario())
    kinds = [event["kind"] for event in events]
    assert "engine_thinking" not in kinds
    shown = [event for event in events if event["kind"] == "remote_turn_shown"]
    assert [(e["player"], e["text"]) for e in shown] == [("B", "c3 d4")]


def test_a_restart_shows_the_submitted_turn_again_and_it_is_carried_out(tmp_path: Path) -> None:
    async def first() -> dict[str, Any]:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            await remote_game(service, sim, stepper)
            service.submit_remote_turn("B", ["c3", "d4"])
            await carry_out(service, stepper)
            await person_plays(sim, stepper, ("lift", "a1"), ("place", "a2", "worker", "A"))
            await person_plays(sim, stepper, ("place", "a3", "block"))
            return service.submit_remote_turn("B", ["d4-d3", "d2"])

    async def second(shown: dict[str, Any]) -> list[str]:
        async with board_service(tmp_path / "state") as (service, sim):
            assert service.state()["awaiting"] == shown
            arrange(sim, service.game.board)  # the pieces stood where they were
            await tick(service, sim, 1.0)
            await carry_out(service, Stepper(service, sim))
            return [line["text"] for line in service.state()["record"] if line["kind"] == "turn"]

    shown = asyncio.run(first())
    assert asyncio.run(second(shown)) == ["a1-a2 a3", "d4-d3 d2"]


def test_a_restart_after_the_turn_was_carried_out_shows_nothing(tmp_path: Path) -> None:
    async def first() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            await remote_game(service, sim, stepper)
            service.submit_remote_turn("B", ["c3", "d4"])
            await carry_out(service, stepper)

    async def second() -> dict[str, Any]:
        async with board_service(tmp_path / "state") as (service, _sim):
            return service.state()

    asyncio.run(first())
    state = asyncio.run(second())
    assert state["awaiting"] is None and state["seats"]["B"] == {"kind": "remote"}
    assert state["phase"] == "play" and state["to_move"] == "A"


async def b_has_played(service: BoardService, sim: SimulatedHardware, stepper: Stepper) -> None:
    """B placed on c3 and d4, A played a1-a2 a3, B played d4-d3 d2 (carried out)."""
    await remote_game(service, sim, stepper)
    service.submit_remote_turn("B", ["c3", "d4"])
    await carry_out(service, stepper)
    await person_plays(sim, stepper, ("lift", "a1"), ("place", "a2", "worker", "A"))
    await person_plays(sim, stepper, ("place", "a3", "block"))
    service.submit_remote_turn("B", ["d4-d3", "d2"])
    await carry_out(service, stepper)


def test_undo_goes_back_to_the_remote_players_turn_who_chooses_again(tmp_path: Path) -> None:
    async def first() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, stepper):
            await b_has_played(service, sim, stepper)
            service.press("undo")  # the person at the board accepts B's takeback
            target = service.referee.undo_target
            assert target is not None and target.player == "B"
            arrange(sim, target)
            await stepper.idle_until(sim.clock.monotonic() + 1.0)
            state = service.state()
            assert state["to_move"] == "B" and state["awaiting"] is None
            assert [line["text"] for line in state["record"]][-1] == "a1-a2 a3"
            assert ["d4-d3", "d2"] in service.legal_turns("B")

    async def restarted() -> dict[str, Any]:
        async with board_service(tmp_path / "state") as (service, _sim):
            return service.state()

    asyncio.run(first())
    state = asyncio.run(restarted())  # the turn taken back is not shown again
    assert state["to_move"] == "B" and state["awaiting"] is None
