"""The game clock's arithmetic on given times: the minute, the bank, holds and the flag."""

from __future__ import annotations

import pytest

from santorini_hw.referee.game_clock import (
    TOURNAMENT,
    ClockSnapshot,
    GameClock,
    TimeControl,
    TimeControlError,
    parse_time_control,
)


def tournament() -> GameClock:
    return GameClock(TOURNAMENT, ("A", "B"))


def test_a_move_inside_the_minute_costs_no_bank_and_the_rest_is_not_carried_over() -> None:
    clock = tournament()
    clock.start("A", 0.0)
    clock.stop(20.0)
    clock.start("B", 20.0)
    assert clock.move_left(30.0) == 50.0  # B's own full minute
    clock.stop(30.0)
    clock.start("A", 30.0)
    assert clock.move_left(30.0) == 60.0  # A's 40 unused seconds are gone
    assert clock.banks == {"A": 300.0, "B": 300.0}


def test_beyond_the_minute_the_bank_drains() -> None:
    clock = tournament()
    clock.start("A", 100.0)
    assert clock.bank_left("A", 190.0) == 270.0
    assert clock.move_left(190.0) == 0.0
    clock.stop(190.0)
    assert clock.banks["A"] == 270.0 and clock.player is None


def test_no_time_counts_while_held_and_each_reason_must_clear() -> None:
    clock = tournament()
    clock.start("A", 0.0)
    clock.hold({"bridge"}, 10.0)
    clock.hold({"bridge", "menu"}, 20.0)
    clock.hold({"menu"}, 500.0)
    assert clock.used(600.0) == 10.0 and not clock.counting
    assert clock.next_deadline(600.0) is None
    clock.hold((), 600.0)
    assert clock.used(605.0) == 15.0


def test_a_move_started_while_held_starts_counting_when_released() -> None:
    clock = tournament()
    clock.hold({"undo"}, 0.0)
    clock.start("B", 0.0)
    assert clock.used(50.0) == 0.0
    clock.hold((), 50.0)
    assert clock.used(55.0) == 5.0


def test_the_player_whose_minute_and_bank_run_out_loses_on_time_once() -> None:
    clock = GameClock(TimeControl(60, 30), ("A", "B"))
    clock.start("B", 0.0)
    assert clock.check(89.9) is None
    assert clock.check(90.0) == "B"
    assert clock.check(95.0) is None
    assert clock.flagged == "B" and clock.bank_left("B", 200.0) == 0.0
    assert clock.next_deadline(95.0) is None and not clock.warning(95.0)


def test_the_next_deadline_is_the_warning_then_the_flag() -> None:
    clock = tournament()
    clock.start("A", 1000.0)
    assert clock.next_deadline(1000.0) == 1050.0
    assert not clock.warning(1049.9) and clock.warning(1050.0)
    assert clock.next_deadline(1050.0) == 1360.0  # 60 s of the minute + the 300 s bank
    assert clock.warning(1200.0)  # the bank is draining


def test_a_snapshot_restores_the_time_used_not_the_time_passed_while_down() -> None:
    clock = tournament()
    clock.start("A", 0.0)
    clock.stop(100.0)  # 40 s of A's bank
    clock.start("B", 100.0)
    snapshot = ClockSnapshot.from_json(clock.snapshot(130.0).to_json())
    assert snapshot == ClockSnapshot({"A": 260.0, "B": 300.0}, "B", 30.0)
    restored = GameClock.restore(TOURNAMENT, ("A", "B"), snapshot, now=5.0)  # a new boot
    assert restored.move_left(5.0) == 30.0
    assert restored.bank_left("A", 5.0) == 260.0


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("off", None),
        ("tournament", TOURNAMENT),
        ("60+300", TOURNAMENT),
        ("30+0", TimeControl(30, 0)),
    ],
)
def test_time_controls_parse(text: str, control: TimeControl | None) -> None:
    assert parse_time_control(text) == control
    if control is not None:
        assert parse_time_control(control.text()) == control


@pytest.mark.parametrize("text", ["60", "60+", "a+b", "0+300", "60+-1", "nan+1", "60+999999"])
def test_bad_time_controls_say_what_is_expected(text: str) -> None:
    with pytest.raises(TimeControlError, match=r"\+"):
        parse_time_control(text)


def test_an_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="not on this clock"):
        tournament().start("C", 0.0)
