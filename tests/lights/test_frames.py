"""Rendering: scene + time -> one drive level per pixel, through the board's pixel map."""

from __future__ import annotations

import pytest

from santorini_hw.hardware.config import PixelMap, load_hardware_config
from santorini_hw.lights.frames import Renderer
from santorini_hw.lights.palette import BLUISH_GREEN, current_ma, drive_table
from santorini_hw.lights.scenes import Element, Fix, Mark, Scene
from santorini_hw.rules.cells import CELL_COUNT, parse_cell

DARK = (0, 0, 0)
DESTINATION = Mark(Element.DESTINATION)


def renderer(
    pixels_per_cell: int = 1,
    serpentine: bool = False,
    rotation: int = 0,
    brightness: float = 1.0,
    budget_ma: float = 100_000,
) -> Renderer:
    pixel_map = PixelMap(pixels_per_cell, serpentine, rotation)
    return Renderer(pixel_map, brightness=brightness, budget_ma=budget_ma, gamma=1.0)


def lit_pixels(frame: tuple[tuple[int, int, int], ...]) -> list[int]:
    return [pixel for pixel, colour in enumerate(frame) if colour != DARK]


def test_cells_not_in_the_scene_are_dark() -> None:
    frame = renderer().render(Scene().with_marks(["a1", "c3"], DESTINATION), age=0.0)
    assert len(frame) == CELL_COUNT
    assert lit_pixels(frame) == [0, 12]
    assert frame[12] == BLUISH_GREEN.rgb


def test_an_empty_scene_is_a_dark_frame() -> None:
    subject = renderer(pixels_per_cell=3)
    assert subject.render(Scene(), age=0.0) == subject.dark_frame == (DARK,) * 75


def test_the_winning_mark_of_a_cell_is_rendered() -> None:
    scene = Scene().with_mark("b2", DESTINATION).with_mark("b2", Mark(Element.HINT_MOVE))
    frame = renderer().render(scene, age=0.5)  # the hint move pulse peaks half a second in
    assert frame[parse_cell("b2")] == (204, 121, 167)


def test_the_boards_own_map_lays_a_serpentine_strip_along_the_rows() -> None:
    lights = load_hardware_config().lights
    subject = Renderer.from_config(lights)
    scene = Scene().with_marks(["a1", "e1", "a2", "e2"], DESTINATION)
    assert lit_pixels(subject.render(scene, age=0.0)) == sorted(
        pixel for cell in (0, 4, 5, 9) for pixel in lights.map.pixels_of(cell)
    )
    assert lights.map.serpentine and lights.map.rotation == 0
    second_row = Scene().with_mark("b2", DESTINATION)
    assert lit_pixels(subject.render(second_row, age=0.0)) == [8]


def test_brightness_and_gamma_come_from_the_config() -> None:
    lights = load_hardware_config().lights
    frame = Renderer.from_config(lights).render(Scene().with_mark("c3", DESTINATION), age=0.0)
    table = drive_table(lights.brightness)
    assert frame[12] == tuple(table[value] for value in BLUISH_GREEN.rgb)


@pytest.mark.parametrize(
    ("rotation", "first_pixel_cell"), [(0, "a1"), (90, "e1"), (180, "e5"), (270, "a5")]
)
def test_rotation_says_which_corner_the_strip_starts_under(
    rotation: int, first_pixel_cell: str
) -> None:
    subject = renderer(serpentine=True, rotation=rotation)
    frame = subject.render(Scene().with_mark(first_pixel_cell, DESTINATION), age=0.0)
    assert lit_pixels(frame) == [0]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("serpentine", [False, True])
def test_every_cell_lights_its_own_pixels_and_no_others(rotation: int, serpentine: bool) -> None:
    subject = renderer(pixels_per_cell=2, serpentine=serpentine, rotation=rotation)
    seen: set[int] = set()
    for cell in range(CELL_COUNT):
        lit = lit_pixels(subject.render(Scene().with_mark(cell, DESTINATION), age=0.0))
        assert len(lit) == 2
        seen.update(lit)
    assert seen == set(range(2 * CELL_COUNT))


def test_serpentine_rows_run_back() -> None:
    straight = renderer(serpentine=False).render(Scene().with_mark("a2", DESTINATION), 0.0)
    serpentine = renderer(serpentine=True).render(Scene().with_mark("a2", DESTINATION), 0.0)
    assert lit_pixels(straight) == [5]
    assert lit_pixels(serpentine) == [9]


def test_brightness_scales_every_channel() -> None:
    full = renderer(brightness=1.0).render(Scene().with_mark("a1", DESTINATION), 0.0)
    half = renderer(brightness=0.5).render(Scene().with_mark("a1", DESTINATION), 0.0)
    assert half[0] == tuple(round(channel / 2) for channel in full[0])


def test_a_blinking_error_is_dark_between_blinks() -> None:
    subject = renderer()
    scene = Scene().with_mark("d4", Mark.error(Fix.REMOVE_PIECE))
    assert [subject.render(scene, t)[18] != DARK for t in (0.0, 0.3, 0.55)] == [True, False, True]


def test_a_bright_frame_is_held_to_the_current_budget() -> None:
    subject = renderer(budget_ma=500)
    frame = subject.render(Scene().with_marks(range(CELL_COUNT), Mark(Element.SELFTEST)), 0.0)
    assert current_ma(frame) <= 500
    assert frame[0][0] == frame[0][1] == frame[0][2] > 0


def test_a_steady_scene_never_changes() -> None:
    marks = Scene().with_mark("a1", DESTINATION).composed()
    assert renderer().next_change(marks, [1.0] * CELL_COUNT) is None
    assert renderer().next_change(Scene().composed(), [0.0] * CELL_COUNT) is None


def test_the_next_change_is_the_soonest_of_any_lit_cell() -> None:
    scene = (
        Scene()
        .with_mark("a1", Mark.error(Fix.REMOVE_PIECE))
        .with_mark("b1", Mark(Element.SETUP, player=0))
    )
    ages = [0.1, 0.7] + [0.0] * 23
    assert renderer().next_change(scene.composed(), ages) == pytest.approx(
        0.15
    )  # a1 goes dark at 0.25
    pulsing = Scene().with_mark("a1", Mark(Element.HINT_WORKER))
    assert renderer().next_change(pulsing.composed(), ages) == 0.0
