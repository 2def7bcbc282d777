"""Done pressed right after the turn's last block, before the block's reading has
settled: a quick hand (a person presses done a tenth of a second after letting go of
the block, while the stack sensor's contacts settle), or a busy event loop that takes
the press before the scan that would have seen the block. The block went down before
the press, so it belongs to the turn the press ends, as anyone at the table would say;
before, the turn ended without it and the next player found a block that was nobody's
(a soak with gods stopped on one: Morpheus' second build)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from santorini_hw.rules.gods import God
from tests.daemon.in_process import settled_service, tick


def test_a_done_pressed_while_the_last_block_settles_ends_the_turn_with_it(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path) as (service, sim, _stepper):
            service.new_game(("A", "B"), (God.HEPHAESTUS, None))
            for cell, player in (("a1", "A"), ("e5", "A"), ("c5", "B"), ("e1", "B")):
                sim.place(cell, "worker", player)
                await tick(service, sim, 0.8)
            sim.lift("a1")
            sim.place("a2", "worker", "A")
            sim.place("a3", "block")
            await tick(service, sim, 0.5)
            assert service.state()["turn"] == ["a1-a2", "a3"] and service.game.can_end_turn()

            sim.place("a3", "block")  # Hephaestus' optional second block
            await sim.sync()  # the bridge has read it; no scan has judged it yet
            service.press("done")
            assert service.game.player == "A"  # the done waits for the board to settle
            await tick(service, sim, 0.5)
            state = service.state()
            assert state["record"][-1]["text"] == "a1-a2 a3 a3" and state["to_move"] == "B"
            assert state["error"] is None and state["position"]["heights"] == {"a3": 2}

    asyncio.run(asyncio.wait_for(scenario(), 60))
