"""Debouncing on a manual clock: bounce is filtered, a stable change counts exactly once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from santorini_hw.clock import ManualClock
from santorini_hw.sensing.debounce import Debouncer

SETTLE = 0.08


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def test_bounce_shorter_than_the_settle_time_is_filtered(clock: ManualClock) -> None:
    debouncer = Debouncer(clock, SETTLE, initial=(False,))
    for level in (True, False, True, False, True, False):
        clock.advance(0.01)
        assert debouncer.update((level,)) == frozenset()
    clock.advance(SETTLE)
    assert debouncer.update((False,)) == frozenset()
    assert debouncer.stable == (False,)
    assert not debouncer.settling(0)


def test_a_stable_change_is_accepted_once_after_the_settle_time(clock: ManualClock) -> None:
    debouncer = Debouncer(clock, SETTLE, initial=(False, False))
    accepted = []
    for _ in range(20):
        accepted.append(debouncer.update((True, False)))
        clock.advance(0.01)
    assert accepted.count(frozenset({0})) == 1
    assert accepted.index(frozenset({0})) == 8  # 0.08 s after the change appeared
    assert set(accepted) == {frozenset(), frozenset({0})}
    assert debouncer.stable == (True, False)


def test_settling_while_a_change_is_pending(clock: ManualClock) -> None:
    debouncer = Debouncer(clock, SETTLE, initial=(0,))
    debouncer.update((2,))
    assert debouncer.settling(0)
    clock.advance(SETTLE)
    debouncer.update((2,))
    assert not debouncer.settling(0)


def test_unsettled_for_counts_from_the_first_disturbance(clock: ManualClock) -> None:
    debouncer = Debouncer(clock, SETTLE, initial=(0,))
    clock.advance(SETTLE)
    debouncer.update((0,))
    assert debouncer.unsettled_for(0) == 0.0
    for value in range(1, 41):  # a value that never holds still
        debouncer.update((value % 2,))
        clock.advance(0.05)
    assert debouncer.unsettled_for(0) == pytest.approx(2.0)
    assert debouncer.stable == (0,)


def test_wrong_number_of_channels_is_refused(clock: ManualClock) -> None:
    with pytest.raises(ValueError, match="expected 2 values"):
        Debouncer(clock, SETTLE, initial=(0, 0)).update((1,))


@given(st.lists(st.tuples(st.booleans(), st.integers(1, 20)), max_size=40))
def test_stable_value_only_takes_values_held_for_the_settle_time(
    steps: list[tuple[bool, int]],
) -> None:
    clock = ManualClock()
    debouncer = Debouncer(clock, 0.1, initial=(False,))
    held: dict[bool, float] = {False: 0.1}
    run_value, run_start = False, 0.0
    for value, hundredths in steps:
        if value != run_value:
            run_value, run_start = value, clock.monotonic()
        debouncer.update((value,))
        held[value] = max(held.get(value, 0.0), clock.monotonic() - run_start)
        clock.advance(hundredths / 100)
    assert held[debouncer.stable[0]] >= 0.1 - 1e-9


def test_first_values_count_as_settling_until_they_have_held() -> None:
    clock = ManualClock()
    debouncer = Debouncer(clock, settle_time=0.08, initial=(True, False))  # a first-scan flicker
    assert debouncer.settling(0) and debouncer.settling(1)
    clock.advance(0.01)
    debouncer.update((False, False))
    clock.advance(0.08)
    assert debouncer.update((False, False)) == frozenset({0})
    assert not debouncer.settling(0) and not debouncer.settling(1)
