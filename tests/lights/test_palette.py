"""Palette: colour-blind-safe looks with a pattern per meaning; gamma, brightness, current cap."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from santorini_hw.lights import scenes
from santorini_hw.lights.palette import (
    BLINK,
    DEFAULT_PALETTE,
    HINT_PULSES,
    MA_PER_CHANNEL,
    QUIESCENT_MA,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    Hue,
    Look,
    Palette,
    Steps,
    cap_current,
    current_ma,
    drive_table,
    flashes,
)
from santorini_hw.lights.scenes import PLAYER_ELEMENTS, Element, Fix, Mark

OKABE_ITO = {
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
    (0, 114, 178), (213, 94, 0), (204, 121, 167),
}  # fmt: skip


def sample_mark(kind: Element) -> Mark:
    if kind is Element.ERROR:
        return Mark.error(Fix.REMOVE_PIECE)
    return Mark(kind, player=0 if kind in PLAYER_ELEMENTS else None)


def look_of(kind: Element) -> Look:
    return DEFAULT_PALETTE.look(sample_mark(kind))


def docstring_tables(text: str) -> list[list[list[str]]]:
    """The rows (cells stripped) of each reStructuredText simple table in `text`."""
    tables, rules, rows = [], [], []
    for line in text.splitlines():
        if re.fullmatch(r"=+( +=+)+", line):
            if not rules:
                rules = [match.span() for match in re.finditer("=+", line)]
            rows.append(None)
            if rows.count(None) == 3:
                body = [row for row in rows if row is not None][1:]
                tables.append(body)
                rules, rows = [], []
        elif rules:
            cells = [
                line[start : end if n < len(rules) - 1 else None].strip()
                for n, (start, end) in enumerate(rules)
            ]
            rows.append(cells)
    return tables


def test_the_documented_table_is_the_default_palette() -> None:
    kinds, fixes = docstring_tables(scenes.__doc__ or "")
    assert [row[0] for row in kinds] == [element.value for element in Element]
    for name, layer, _, colour, pattern in kinds:
        kind = Element(name)
        look = look_of(kind)
        assert layer == kind.priority.name.lower()
        if kind in PLAYER_ELEMENTS:
            assert colour == "player"
            assert look.hue == DEFAULT_PALETTE.players[0]
        else:
            assert colour == look.hue.name
        if kind is not Element.ERROR:
            assert pattern == look.pattern.name
    documented = {row[0]: row[2] for row in fixes if row[0]}
    assert set(documented) == {fix.value for fix in Fix}
    for fix in Fix:
        mark = Mark.error(fix, level=2 if fix is Fix.WRONG_LEVEL else None)
        assert DEFAULT_PALETTE.look(mark).pattern.name in documented[fix.value]


def test_every_kind_has_a_visible_look() -> None:
    for kind in Element:
        assert look_of(kind).colour(0.0) != (0, 0, 0), kind


def test_default_hues_are_okabe_ito_or_white() -> None:
    hues = {*DEFAULT_PALETTE.hues.values(), *DEFAULT_PALETTE.players}
    for hue in hues:
        red, green, blue = hue.rgb
        assert hue.rgb in OKABE_ITO or red == green == blue, hue


def test_errors_never_share_a_pattern_with_anything_else() -> None:
    error_patterns = {
        DEFAULT_PALETTE.look(Mark.error(fix, level=1 if fix is Fix.WRONG_LEVEL else None)).pattern
        for fix in Fix
    }
    for kind in set(Element) - {Element.ERROR}:
        assert look_of(kind).pattern not in error_patterns, kind


SHOWN_TOGETHER = [
    {Element.TURN_WORKER, Element.PREBUILD, Element.HINT_WORKER, Element.HINT_BUILD},
    {Element.DESTINATION, Element.HINT_MOVE, Element.IDLE},
    {Element.BUILD, Element.DOME_BUILD, Element.HINT_BUILD},
    {Element.SECOND_BUILD, Element.TURN_WORKER},
    {Element.SETUP, Element.IDLE},
    {Element.MENU_OPTION, Element.MENU_SELECTED},
    {Element.CALIBRATE, Element.BRIDGE_DOWN},
    {Element.BRIDGE_DOWN, Element.LINK_PROBLEM},
]


@pytest.mark.parametrize("kinds", SHOWN_TOGETHER, ids=lambda kinds: "+".join(sorted(kinds)))
def test_kinds_shown_together_look_different(kinds: set[Element]) -> None:
    for one, other in itertools.combinations(sorted(kinds), 2):
        first, second = look_of(one), look_of(other)
        assert (first.hue, first.pattern) != (second.hue, second.pattern), (one, other)


def test_turn_workers_take_their_players_hue() -> None:
    hues = [DEFAULT_PALETTE.look(Mark(Element.TURN_WORKER, player=p)).hue for p in range(4)]
    assert len(set(hues)) == 4


def test_put_a_worker_here_alternates_the_error_hue_with_the_players() -> None:
    look = DEFAULT_PALETTE.look(Mark.error(Fix.PLACE_WORKER, player=1))
    assert look.colour(0.0) == VERMILLION.rgb
    assert look.colour(0.3) == SKY_BLUE.rgb
    anyone = DEFAULT_PALETTE.look(Mark.error(Fix.PLACE_WORKER))
    assert anyone.colour(0.3) == WHITE.rgb


def test_remove_this_piece_blinks_on_and_off() -> None:
    look = DEFAULT_PALETTE.look(Mark.error(Fix.REMOVE_PIECE))
    assert [look.colour(t) for t in (0.0, 0.3, 0.5)] == [VERMILLION.rgb, (0, 0, 0), VERMILLION.rgb]


def flashes_per_period(pattern: Steps) -> int:
    return sum(1 for level, _ in pattern.steps if level)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_should_be_level_n_flashes_n_times_then_pauses(level: int) -> None:
    look = DEFAULT_PALETTE.look(Mark.error(Fix.WRONG_LEVEL, level=level))
    assert isinstance(look.pattern, Steps)
    assert flashes_per_period(look.pattern) == level
    assert look.pattern.steps[-1][1] > 2 * look.pattern.steps[0][1]  # the pause stands out


def test_should_be_level_0_is_one_long_flash() -> None:
    assert flashes(0).steps[0][1] > flashes(1).steps[0][1]
    assert flashes_per_period(flashes(0)) == 1


def test_nothing_flashes_faster_than_three_times_a_second() -> None:
    patterns = [look_of(kind).pattern for kind in Element]
    patterns += [BLINK, *(flashes(n) for n in range(4))]
    for pattern in patterns:
        if isinstance(pattern, Steps):
            period = sum(seconds for _, seconds in pattern.steps)
            assert flashes_per_period(pattern) / period <= 3, pattern


def test_blink_changes_at_its_edges_and_steady_never() -> None:
    assert BLINK.next_change(0.0) == 0.25
    assert BLINK.next_change(0.25) == 0.5
    assert BLINK.next_change(1.1) == pytest.approx(1.25)
    assert look_of(Element.BUILD).pattern.next_change(3.0) is None


def test_the_hint_pulses_run_worker_then_destination_then_build() -> None:
    worker, move, _ = HINT_PULSES
    assert worker.level(0.0) == 1.0
    peaks = [max(range(150), key=lambda n: p.level(n / 100)) / 100 for p in HINT_PULSES]
    assert peaks == [0.0, 0.5, 1.0]
    assert all(pulse.level(t / 10) >= pulse.low for pulse in HINT_PULSES for t in range(30))
    assert move.next_change(0.7) == 0.7  # continuously


def test_a_palette_needs_a_hue_for_every_kind_and_four_players() -> None:
    with pytest.raises(ValueError, match="build"):
        Palette(hues={Element.IDLE: WHITE})
    with pytest.raises(ValueError, match="player"):
        Palette(players=(WHITE, Hue("black", (0, 0, 0))))


def test_the_drive_table_follows_gamma_and_brightness() -> None:
    table = drive_table(brightness=0.5, gamma=2.2)
    assert table[0] == 0
    assert table[255] == 128
    assert list(table) == sorted(table)
    assert table[128] == round(127.5 * (128 / 255) ** 2.2)
    assert drive_table(brightness=1.0, gamma=1.0) == tuple(range(256))
    assert set(drive_table(brightness=0.0)) == {0}


@pytest.mark.parametrize(("brightness", "gamma"), [(-0.1, 2.2), (1.5, 2.2), (0.5, 0.0)])
def test_impossible_drive_settings_are_refused(brightness: float, gamma: float) -> None:
    with pytest.raises(ValueError):
        drive_table(brightness, gamma)


def test_25_pixels_at_full_white_exceed_one_and_a_half_amps() -> None:
    assert current_ma(((255, 255, 255),) * 25) == 25 * (3 * MA_PER_CHANNEL + QUIESCENT_MA)
    assert current_ma(((255, 255, 255),) * 25) > 1500


def test_a_frame_over_budget_is_scaled_down_to_fit_keeping_its_hues() -> None:
    frame = ((255, 255, 255),) * 20 + ((200, 100, 0),) * 5
    capped = cap_current(frame, budget_ma=600)
    assert current_ma(capped) <= 600
    assert current_ma(capped) > 590  # scaled, not blanked
    red, green, blue = capped[-1]
    assert blue == 0
    assert red / green == pytest.approx(2, rel=0.05)


def test_a_frame_within_budget_is_untouched() -> None:
    frame = ((10, 20, 30),) * 25
    assert cap_current(frame, budget_ma=1500) == frame


def test_a_budget_below_the_dark_strips_own_draw_gives_a_dark_frame() -> None:
    assert set(cap_current(((255, 0, 0),) * 25, budget_ma=10)) == {(0, 0, 0)}


channel = st.integers(0, 255)


@given(
    st.lists(st.tuples(channel, channel, channel), min_size=1, max_size=100),
    st.floats(100, 5000),
)
def test_a_capped_frame_never_exceeds_its_budget(
    frame: list[tuple[int, int, int]], budget: float
) -> None:
    capped = cap_current(frame, budget)
    assert len(capped) == len(frame)
    assert current_ma(capped) <= max(budget, len(frame) * QUIESCENT_MA)
    assert all(
        c <= o
        for new, old in zip(capped, frame, strict=True)
        for c, o in zip(new, old, strict=True)
    )
