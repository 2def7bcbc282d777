"""Issue 14, item 2, reproduced on the simulated clock: a block placed and lifted on one
cell every 50 ms for a minute, with switch flicker elsewhere, contact bounce and ADC
noise. Before the fix, the grace period ran out while the debounced board was back to
the expected one but a cell still settled: an error with no fixes, and the lights'
`fixes[0]` raised IndexError inside the scan loop (seeds 2 and 3 did; the daemon
exited). Now no error is without fixes, nothing raises, and the board recovers."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sim.physical import Noise
from tests.daemon.in_process import START, board_service, tick

NOISE = Noise(seed=3, flicker=0.02, bounce_ms=30, adc_noise=50)


def test_a_block_toggled_every_50_ms_for_a_minute_never_breaks_the_scan_loop(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with board_service(tmp_path / "state", NOISE) as (service, sim):
            await tick(service, sim, START)
            for toggle in range(1200):  # 60 s of simulated time
                if toggle % 2 == 0:
                    sim.place("c3", "block")
                else:
                    sim.lift("c3")
                await tick(service, sim, 0.04)
                sim.clock.advance(sim.scan_period)
                error = service.referee.error
                assert error is None or error.fixes, f"an error with no fixes at {toggle}"
            assert service.counters["scan_errors"] == 0, service.scan.last_error
            await tick(service, sim, 3.0)  # the block is off: the board is as expected
            assert service.referee.error is None

    asyncio.run(asyncio.wait_for(scenario(), 300))
