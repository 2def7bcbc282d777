"""The advanced gods' cards on the board: Chaos' deck shuffled by the board and kept by
the journal, the `chaos_power` event, and the state's `cards`."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from santorini_hw.daemon.cards_state import ChaosWatch, cards_json, powers_json
from santorini_hw.lights.scenes import Scene, lit_cells
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import POWERS, SIMPLE_GODS, God
from santorini_hw.rules.position_json import position_from_json
from tests.daemon.in_process import board_service, settled_service, tick


def game_at(doc: dict[str, Any]) -> Game:
    return Game.from_position(position_from_json({"heights": {}, "domes": [], **doc}))


def test_the_board_shuffles_chaos_deck_and_a_restart_deals_the_same(tmp_path: Path) -> None:
    async def scenario() -> dict[str, Any]:
        async with settled_service(tmp_path) as (service, sim, _stepper):
            service.rng = random.Random(11)
            service.new_game(("A", "B"), (God.CHAOS, God.PAN))
            for cell, player in (("a1", "A"), ("b1", "A"), ("e5", "B"), ("d5", "B")):
                sim.place(cell, "worker", player)
                await tick(service, sim, 0.8)
            state = service.state()
            assert state["phase"] == "play" and state["cards"]["chaos"]["A"]["left"] == 8
        return state

    before = asyncio.run(scenario())
    deck = [before["position"]["chaos"]["A"]["power"], *before["position"]["chaos"]["A"]["deck"]]
    assert sorted(deck) == sorted(g.value for g in SIMPLE_GODS if g is not God.PAN)
    assert deck != sorted(deck)  # shuffled, not the rules' alphabetical default

    async def restarted() -> dict[str, Any]:
        async with board_service(tmp_path) as (service, _sim):
            return service.state()

    after = asyncio.run(restarted())
    assert after["position"]["chaos"] == before["position"]["chaos"]
    assert after["record"] == before["record"]


def test_the_board_announces_chaos_draw_after_his_atlas_dome_and_lights_it(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path) as (service, sim, _stepper):
            shown: list[Scene] = []
            show = service.lights.show
            service.lights.show = lambda scene: (shown.append(scene), show(scene))[1]  # type: ignore[method-assign]
            service.rng = random.Random(2)  # deals Atlas face up, then Hermes
            service.new_game(("A", "B"), (God.CHAOS, God.PAN))
            for cell, player in (("a1", "A"), ("b1", "A"), ("e5", "B"), ("d5", "B")):
                sim.place(cell, "worker", player)
                await tick(service, sim, 0.8)
            assert service.state()["cards"]["chaos"]["A"]["power"] == "Atlas"
            sim.lift("a1")
            sim.place("a2", "worker", "A")
            sim.place("a3", "dome")  # Atlas' dome on the ground
            await tick(service, sim, 3.0)
            state = service.state()
            assert [line["text"] for line in state["record"][2:]] == ["a1-a2 a3X"]
            assert state["cards"]["chaos"]["A"] == {"power": "Hermes", "left": 7}
            assert service.event_counts.get("chaos_power") == 1
            drawn = {"a2": "chaos_draw", "b1": "chaos_draw", "b2": "chaos_card"}  # Hermes: b2
            assert lit_cells(shown[-1]) == {**drawn, "d5": "turn_worker", "e5": "turn_worker"}
            sim.lift("e5")
            sim.place("e4", "worker", "B")
            await tick(service, sim, 1.0)
            assert not set(drawn.values()) & set(lit_cells(shown[-1]).values())

    asyncio.run(scenario())


def test_chaos_draw_after_a_dome_is_announced_and_so_is_its_takeback() -> None:
    game = game_at(
        {
            "heights": {"c3": 3},
            "workers": {"A": ["b2", "e5"], "B": ["a5", "e1"]},
            "gods": {"A": "Chaos", "B": "Pan"},
            "to_move": "A",
            "chaos": {"A": {"power": "Atlas", "deck": ["Hermes", "Apollo"]}},
        }
    )
    watch = ChaosWatch(game)
    assert watch.update(game, 1.0) == []
    game.play_turn(parse_actions("b2-b3 c3X"))
    [event] = watch.update(game, 2.0)
    assert (event.kind, event.player, event.text) == ("chaos_power", "A", "Hermes")
    assert watch.update(game, 3.0) == []
    game.undo()
    assert [e.text for e in watch.update(game, 4.0)] == ["Atlas"]


def test_cards_name_the_female_the_tokens_chaos_power_and_what_circe_holds() -> None:
    selene = game_at(
        {
            "workers": {"A": ["b2", "e5"], "B": ["a5", "e1"]},
            "gods": {"A": "Selene", "B": "Morpheus"},
            "to_move": "A",
            "female": {"A": "e5"},
            "tokens": {"B": 2},
        }
    )
    assert cards_json(selene) == {"female": {"A": "e5"}, "tokens": {"B": 2}}
    circe = game_at(
        {
            "workers": {"A": ["b2", "e5"], "B": ["a5", "e1"]},
            "gods": {"A": "Circe", "B": "Pan"},
            "to_move": "A",
        }
    )
    assert cards_json(circe) == {"circe": {"A": "Pan"}}  # B's workers stand apart
    circe.play_turn(parse_actions("b2-b3 b4"))
    assert cards_json(circe) == {"circe": {"A": "Pan"}}  # held until her next turn
    beside = game_at(
        {
            "workers": {"A": ["b2", "e5"], "B": ["a5", "a4"]},
            "gods": {"A": "Circe", "B": "Pan"},
            "to_move": "A",
        }
    )
    assert cards_json(beside) == {"circe": {"A": None}}
    chaos = game_at(
        {
            "workers": {"A": ["b2", "e5"], "B": ["a5", "a4"]},
            "gods": {"A": "Pan", "B": "Chaos"},
            "to_move": "A",
        }
    )
    assert cards_json(chaos) == {"chaos": {"B": {"power": "Apollo", "left": 8}}}
    assert cards_json(Game.new(("A", "B"), (God.PAN, God.ATLAS))) is None


def test_powers_name_every_god_in_play_with_chaos_face_up_one() -> None:
    game = Game.new(("A", "B"), (God.CHAOS, God.PAN))
    assert powers_json(game) == {
        "Chaos": POWERS[God.CHAOS],
        "Pan": POWERS[God.PAN],
        "Apollo": POWERS[God.APOLLO],
    }
    assert powers_json(Game.new(("A", "B"))) == {}
