"""Compositor: coalesced updates at a bounded frame rate, ticks only while animated, no stale pixels."""

from __future__ import annotations

import asyncio

import pytest

from santorini_hw.clock import ManualClock, SystemClock
from santorini_hw.hardware.config import PixelMap
from santorini_hw.lights.compositor import Compositor, LightsOutput
from santorini_hw.lights.frames import Frame, Renderer
from santorini_hw.lights.scenes import Element, Fix, Mark, Priority, Scene
from santorini_hw.lights.strips import SimulatedStrip
from santorini_hw.rules.cells import parse_cell

DARK = (0, 0, 0)
FRAME_INTERVAL = 1 / 30
BUILD = Mark(Element.BUILD)
REMOVE = Mark.error(Fix.REMOVE_PIECE)


def make_renderer() -> Renderer:
    return Renderer(PixelMap(1, serpentine=False, rotation=0), brightness=1.0, budget_ma=100_000)


@pytest.fixture
def compositor() -> Compositor:
    """A compositor whose first (dark) frame went out at t = 0."""
    compositor = Compositor(make_renderer())
    assert compositor.tick(0.0) == compositor.renderer.dark_frame
    return compositor


def lit(frame: Frame | None, cell: str) -> bool:
    assert frame is not None
    return frame[parse_cell(cell)] != DARK


def test_the_first_frame_clears_the_strip() -> None:
    compositor = Compositor(make_renderer())
    assert compositor.next_deadline() is not None
    assert compositor.tick(5.0) == (DARK,) * 25


def test_an_update_after_a_quiet_period_is_shown_at_once(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("c3", BUILD))
    assert compositor.next_deadline() == pytest.approx(FRAME_INTERVAL)
    assert lit(compositor.tick(1.0), "c3")


def test_rapid_updates_coalesce_and_the_last_one_wins(compositor: Compositor) -> None:
    now = 1.0
    compositor.update(Scene().with_mark("a1", BUILD))
    assert lit(compositor.tick(now), "a1")
    for cell in ("b1", "c1", "d1"):
        now += 0.005
        compositor.update(Scene().with_mark(cell, BUILD))
        assert compositor.tick(now) is None
    frame = compositor.tick(1.0 + FRAME_INTERVAL)
    assert frame is not None
    assert [lit(frame, cell) for cell in ("a1", "b1", "c1", "d1")] == [False, False, False, True]


def test_no_more_than_30_frames_a_second(compositor: Compositor) -> None:
    frames = 0
    for step in range(1, 201):  # an update every 5 ms for a second
        now = step * 0.005
        compositor.update(Scene().with_mark(step % 25, BUILD))
        frames += compositor.tick(now) is not None
    assert 25 <= frames <= 30


def test_a_cell_lit_then_left_out_is_dark_in_the_next_frame(compositor: Compositor) -> None:
    compositor.update(Scene().with_marks(["b2", "c2"], BUILD))
    assert lit(compositor.tick(1.0), "b2")
    compositor.update(Scene().with_mark("c2", BUILD))
    frame = compositor.tick(2.0)
    assert not lit(frame, "b2")
    assert lit(frame, "c2")


def test_a_cleared_layer_uncovers_the_one_below(compositor: Compositor) -> None:
    scene = Scene().with_mark("b2", BUILD).with_mark("b2", REMOVE)
    compositor.update(scene)
    compositor.tick(1.0)
    compositor.update(scene.without(Priority.ERROR))
    frame = compositor.tick(2.0)
    assert frame is not None
    assert frame[parse_cell("b2")] == (255, 255, 255)


def test_a_steady_scene_needs_no_more_ticks(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("a1", BUILD))
    compositor.tick(1.0)
    assert compositor.next_deadline() is None
    assert compositor.tick(9.0) is None


def test_a_blinking_scene_ticks_at_its_edges(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("a1", REMOVE))
    assert lit(compositor.tick(1.0), "a1")
    assert compositor.next_deadline() == pytest.approx(1.25)
    assert not lit(compositor.tick(1.25), "a1")
    assert compositor.next_deadline() == pytest.approx(1.5)


def test_a_pulsing_scene_ticks_at_the_frame_rate(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("a1", Mark(Element.HINT_WORKER)))
    compositor.tick(1.0)
    assert compositor.next_deadline() == pytest.approx(1.0 + FRAME_INTERVAL)
    assert compositor.tick(1.0 + FRAME_INTERVAL) is not None


def test_an_unchanged_frame_is_not_written_again(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("a1", BUILD))
    compositor.tick(1.0)
    compositor.update(Scene().with_mark("a1", BUILD))
    assert compositor.tick(2.0) is None
    assert compositor.next_deadline() is None


def test_a_mark_that_stays_keeps_its_phase(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("a1", REMOVE))
    compositor.tick(1.0)
    assert not lit(compositor.tick(1.3), "a1")
    compositor.update(Scene().with_mark("a1", REMOVE).with_mark("e5", BUILD))
    frame = compositor.tick(1.4)
    assert not lit(frame, "a1")
    assert lit(frame, "e5")


def test_a_new_mark_starts_lit_whatever_the_time(compositor: Compositor) -> None:
    compositor.update(Scene().with_mark("a1", REMOVE))
    compositor.tick(1.0)
    compositor.update(Scene().with_mark("a1", REMOVE).with_mark("b1", REMOVE))
    frame = compositor.tick(1.3)
    assert lit(frame, "b1")
    assert not lit(frame, "a1")


def test_a_frame_rate_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_fps"):
        Compositor(make_renderer(), max_fps=0)


def test_output_steps_on_a_manual_clock_onto_a_simulated_strip() -> None:
    clock = ManualClock()
    strip = SimulatedStrip(25)
    output = LightsOutput(Compositor(make_renderer()), strip, clock)
    assert output.step() is None
    assert strip.frame_count == 1 and strip.last_frame == (DARK,) * 25
    clock.advance(1.0)
    output.show(Scene().with_mark("a1", REMOVE))
    assert output.step() == pytest.approx(1.25)
    assert strip.last_frame[0] != DARK
    clock.set(1.25)
    output.step()
    assert strip.last_frame[0] == DARK
    assert strip.frame_count == 3


def test_output_refuses_a_strip_of_another_length() -> None:
    with pytest.raises(ValueError, match="pixels"):
        LightsOutput(Compositor(make_renderer()), SimulatedStrip(24), ManualClock())


def test_the_output_task_shows_the_newest_scene_and_leaves_the_strip_dark() -> None:
    strip = SimulatedStrip(25)
    output = LightsOutput(Compositor(make_renderer()), strip, SystemClock())

    async def scenario() -> None:
        task = asyncio.create_task(output.run())
        await asyncio.sleep(0.1)
        for cell in ("a1", "b1", "c1"):  # within one frame interval: only c1 is shown
            output.show(Scene().with_mark(cell, BUILD))
        await asyncio.sleep(0.1)
        assert strip.last_frame[parse_cell("c1")] != DARK
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    shown = [frame for frame in strip.wire_frames if any(frame)]
    assert len(shown) == 1
    assert strip.frame_count == 3  # dark, c1, dark again
    assert strip.last_frame == (DARK,) * 25
