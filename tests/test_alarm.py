"""`Alarm`: the loops' sleep that a ring cuts short, without a task per wait."""

from __future__ import annotations

import asyncio

from santorini_hw.clock import Alarm


def test_a_ring_ends_the_sleep_and_is_not_kept_for_the_next_one() -> None:
    async def scenario() -> None:
        alarm = Alarm()
        alarm.ring()  # nobody sleeps: nothing is kept
        sleeper = asyncio.create_task(alarm.sleep(3600))
        await asyncio.sleep(0)
        tasks = len(asyncio.all_tasks())
        assert not sleeper.done() and tasks == 2  # this test and the sleeper: no helper task
        alarm.ring()
        await asyncio.wait_for(sleeper, 30)
        again = asyncio.create_task(alarm.sleep(None))
        await asyncio.sleep(0.05)
        assert not again.done()  # the first ring did not carry over
        again.cancel()

    asyncio.run(scenario())


def test_the_sleep_ends_by_itself_after_its_time() -> None:
    async def scenario() -> None:
        await asyncio.wait_for(Alarm().sleep(0.01), 30)

    asyncio.run(scenario())
