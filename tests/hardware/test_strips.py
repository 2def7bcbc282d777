"""Pixel strips: the simulated strip records the wire exactly, the factory follows the
config, and the Pi's driver refuses clearly on a machine that is not a Pi."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.lights.strips import (
    BridgeStrip,
    NeoPixelStrip,
    SimulatedStrip,
    StripUnavailableError,
    open_strip,
)
from sim.hardware import SimulatedHardware, wait_real


def test_simulated_strip_sends_grb_bytes_and_reads_back_rgb() -> None:
    strip = SimulatedStrip(2)
    strip.show([(1, 2, 3), (40, 50, 60)])
    assert strip.wire_frames[-1] == bytes([2, 1, 3, 50, 40, 60])
    assert strip.last_frame == ((1, 2, 3), (40, 50, 60))
    assert strip.frame_count == 1


def test_simulated_strip_honours_another_byte_order() -> None:
    strip = SimulatedStrip(1, byteorder="RGB")
    strip.show([(7, 8, 9)])
    assert strip.wire_frames[-1] == bytes([7, 8, 9])
    assert strip.last_frame == ((7, 8, 9),)


def test_simulated_strip_keeps_a_bounded_history() -> None:
    strip = SimulatedStrip(1, history=3)
    for value in range(5):
        strip.show([(value, 0, 0)])
    assert strip.frame_count == 5
    assert [frame[1] for frame in strip.wire_frames] == [2, 3, 4]  # red is byte 1 in GRB
    assert strip.last_frame == ((4, 0, 0),)


def test_simulated_strip_takes_the_neopixel_api_too() -> None:
    strip = SimulatedStrip(3)
    strip[1] = (0, 0, 200)
    strip.show()
    assert strip.last_frame == ((0, 0, 0), (0, 0, 200), (0, 0, 0))


def test_a_frame_of_the_wrong_size_or_range_is_refused() -> None:
    strip = SimulatedStrip(2)
    with pytest.raises(ValueError, match="2 pixels, not 1"):
        strip.show([(1, 1, 1)])
    with pytest.raises(ValueError, match="0-255"):
        strip.show([(256, 0, 0), (0, 0, 0)])
    assert strip.frame_count == 0


def test_closing_a_strip_leaves_it_dark() -> None:
    strip = SimulatedStrip(2)
    strip.show([(9, 9, 9), (9, 9, 9)])
    strip.close()
    assert strip.last_frame == ((0, 0, 0), (0, 0, 0))


def test_the_factory_simulates_the_pis_neopixels(config: HardwareConfig) -> None:
    strip = open_strip(config.lights, simulated=True)
    assert isinstance(strip, SimulatedStrip)
    assert strip.pixel_count == config.lights.map.pixel_count


def test_the_factory_needs_the_bridge_for_bridge_driven_lights(config: HardwareConfig) -> None:
    lights = replace(config.lights, driver="bridge")
    with pytest.raises(ValueError, match="bridge client"):
        open_strip(lights)


def test_the_pis_driver_says_clearly_that_it_cannot_run_here(config: HardwareConfig) -> None:
    with pytest.raises(StripUnavailableError, match="neopixel is not supported on this board"):
        open_strip(config.lights)


def test_the_pis_driver_reports_blinkas_board_not_supported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The neopixel library's first import is Blinka's neopixel_write, which refuses any
    # board that is not a Pi: stand the library in with that very import.
    (tmp_path / "neopixel.py").write_text("import neopixel_write\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "neopixel", raising=False)
    with pytest.raises(StripUnavailableError, match="Board not supported"):
        NeoPixelStrip(25, 10)


def test_bridge_driven_pixels_reach_the_bridges_strip(config: HardwareConfig) -> None:
    bridge_lights = replace(config, lights=replace(config.lights, driver="bridge"))

    async def scenario() -> None:
        async with SimulatedHardware(bridge_lights) as sim:
            assert isinstance(sim.strip, BridgeStrip)
            frame = [(0, 0, 0)] * sim.strip.pixel_count
            frame[3] = (10, 20, 30)
            sim.strip.show(frame)
            await wait_real(lambda: sim.pixels == tuple(frame), 10)

    asyncio.run(scenario())
