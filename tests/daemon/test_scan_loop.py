"""Issue 19: an idle board costs a comparison per scan, and every timer still fires on
time while the loop idles; issue 14: one bad observation never stops the scanning.

The service runs in-process on the simulator's manual clock (`in_process.py`): each
test steps the scan loop and the clock itself, never sleeping for a timer."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from santorini_hw.api import create_app
from santorini_hw.daemon import scan_loop
from santorini_hw.referee.referee import Referee
from santorini_hw.sensing.calibration import StackClassifier
from santorini_hw.sensing.observation import Observation
from tests.daemon.in_process import settled_service, tick

SETTLE = 0.08  # hardware/board.toml's worker settle time
SETTLED = 0.5  # long enough for the board to settle after a change


def run(test: Callable[[], Any]) -> None:
    asyncio.run(asyncio.wait_for(test(), 120))


def counting(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> list[int]:
    calls = [0]
    original = getattr(cls, name)

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, counted)
    return calls


def test_an_idle_scan_calls_neither_the_referee_nor_the_classifier(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            observed = counting(monkeypatch, Referee, "observe")
            classified = counting(monkeypatch, StackClassifier, "classify")
            scans, judged = service.counters["scans"], service.counters["scans_judged"]
            await tick(service, sim, 2.0)  # two seconds of an idle board: 201 scans
            assert service.counters["scans"] - scans == 201
            assert service.counters["scans_judged"] == judged
            assert observed == [0] and classified == [0]
            sim.place("b2", "block")  # a change is judged at once
            await tick(service, sim)
            assert observed[0] == 1 and classified[0] == 25

    run(scenario)


def test_debounce_settles_on_time_with_the_loop_idle(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, ticks):
            sim.place("a1", "worker", "A")
            seen = await ticks.until_seen()  # the switch's next look: judged, not settled
            deadline = seen + SETTLE
            assert service.hardware.scanner.next_deadline() == deadline

            def not_placed() -> None:
                assert service.game.position.occupied == 0

            assert await ticks.idle_until(deadline, not_placed) == 0  # nothing ran
            assert await ticks.next_tick()  # the settle deadline: the worker is placed
            assert service.game.position.occupied == 1

    run(scenario)


def test_the_grace_period_runs_out_on_time_with_the_loop_idle(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, ticks):
            sim.place("c3", "block")  # a block during placement: a mismatch
            await tick(service, sim, SETTLED)
            deadline = service.referee.deadline
            assert deadline is not None and service.referee.error is None
            assert await ticks.idle_until(deadline) == 0 and service.referee.error is None
            assert await ticks.next_tick()
            assert service.referee.error is not None
            assert service.referee.error.since - deadline < sim.scan_period

    run(scenario)


def test_a_held_button_fires_on_time_with_the_loop_idle(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (_, sim, ticks):
            pin = sim.pin_factory.pin(sim.config.buttons.done)
            pin.drive_low()
            down = sim.clock.monotonic()
            await ticks.step()  # the edge: the hold's deadline is known from now on
            hold = sim.hardware.button_holds
            assert hold is not None and hold.next_deadline() == down + 2.0

            def not_held() -> None:
                assert sim.hardware.holds.empty()

            assert await ticks.idle_until(down + 2.0, not_held) == 0
            await ticks.next_tick()
            assert sim.hardware.holds.get_nowait() == "new_game"
            pin.drive_high()

    run(scenario)


def test_any_component_can_schedule_a_deadline(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, ticks):
            alarm = sim.clock.monotonic() + 0.5  # e.g. a game clock's flag falling
            service.scan.add_deadline(lambda: alarm if sim.clock.monotonic() <= alarm else None)
            assert await ticks.step()  # registering pokes the loop: it looks again
            assert await ticks.idle_until(alarm) == 0
            assert await ticks.next_tick()  # the alarm: the pipeline ran
            assert sim.clock.monotonic() - alarm < sim.scan_period
            assert await ticks.idle_until(alarm + 0.5) == 0  # and then not again

    run(scenario)


def test_an_exception_judging_one_observation_is_counted_and_scanning_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            original = Referee.observe

            def broken(self: Referee, observation: Observation) -> Any:
                if observation.cells[0].worker:
                    raise RuntimeError("the referee tripped")
                return original(self, observation)

            monkeypatch.setattr(Referee, "observe", broken)
            sim.place("a1", "worker", "A")
            await tick(service, sim, SETTLED)
            assert service.counters["scan_errors"] >= 1
            last = service.scan.last_error
            assert last is not None and last["error"] == "RuntimeError: the referee tripped"
            assert "1  0*" in last["observation"]  # the observation, as text
            assert "the referee tripped" in caplog.text and "1  0*" in caplog.text
            app = create_app(service, service.settings, "token")
            with TestClient(app, base_url="http://127.0.0.1") as client:  # a loopback Host
                health = client.get("/api/health").json()
                metrics = client.get("/metrics").text
            assert health["scan_errors"] == {"count": service.counters["scan_errors"], "last": last}
            assert f"santorini_scan_errors_total {service.counters['scan_errors']}" in metrics
            monkeypatch.setattr(Referee, "observe", original)
            sim.place("b1", "worker", "A")  # scanning went on: the next change is judged
            await tick(service, sim, SETTLED)
            assert service.game.position.occupied == 0b11

    run(scenario)


def test_a_stack_change_wakes_a_dormant_scan_loop_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker switches are polled, but the bridge's readings wake the loop: with the
    dormant poll an hour apart, a block put down is still judged (the real loop runs)."""
    monkeypatch.setattr(scan_loop, "IDLE_AFTER", 0.0)
    monkeypatch.setattr(scan_loop, "DORMANT_AFTER", 0.0)
    monkeypatch.setattr(scan_loop, "DORMANT_PERIOD", 3600.0)

    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, sim, _):
            assert service.scan.period() == 3600.0
            loop = asyncio.create_task(service.scan.run())
            try:
                await asyncio.sleep(0.2)  # the first tick, then the hour-long sleep
                scans, judged = service.counters["scans"], service.counters["scans_judged"]
                sim.place("c3", "block")  # the fake bridge sends the change at once
                await asyncio.wait_for(wait_for(lambda: service.counters["scans"] > scans), 30)
                assert service.counters["scans_judged"] > judged
            finally:
                loop.cancel()

    run(scenario)


async def wait_for(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.01)


def test_a_board_that_cannot_be_read_ends_the_loop_with_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Judging errors are contained (see above); a failing read of the sensors is not a
    bad observation but a broken board, and ends `run()` for the daemon to report."""

    async def scenario() -> None:
        async with settled_service(tmp_path / "state") as (service, _, _):

            def broken() -> Any:
                raise OSError("the SPI bus is gone")

            monkeypatch.setattr(service.hardware.scanner, "read", broken)
            with pytest.raises(OSError, match="SPI bus"):
                await asyncio.wait_for(service.scan.run(), 30)

    run(scenario)
