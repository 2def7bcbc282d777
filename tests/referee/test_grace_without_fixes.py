"""Issue 14, item 2: the grace period running out while the debounced board is back to
the expected one but a cell still settles must raise no error (an error with no fixes
once crashed the daemon: the lights show `fixes[0]`)."""

from __future__ import annotations

from santorini_hw.lights.referee_scene import scene_for
from santorini_hw.referee.referee import Referee, RefereeSettings
from santorini_hw.rules.game import Game
from santorini_hw.sensing.observation import Observation

EMPTY = "\n".join(f"{row}  0 0 0 0 0" for row in range(5, 0, -1))


def board(c3: str) -> str:
    """The empty board with cell c3 (row 3, column c) given as a token."""
    rows = EMPTY.splitlines()
    rows[2] = f"3  0 0 {c3} 0 0"
    return "\n".join(rows)


def test_grace_running_out_on_an_expected_but_settling_board_raises_nothing() -> None:
    referee = Referee(Game.new(("A", "B")), RefereeSettings(grace=1.5))
    assert referee.observe(Observation.from_text(board("1"), time=0.0)) == []
    assert referee.deadline == 1.5  # a block during placement: the grace period runs
    # The block is lifted: the settled values are back to the empty board, but the
    # cell's readings still move when the grace period runs out.
    events = referee.observe(Observation.from_text(board("0~"), time=1.6))
    assert events == [] and referee.error is None
    assert referee.deadline is None  # nothing to fix: no timer left to wake the loop
    scene_for(referee, hint=None, bridge_connected=True)  # the lights can show it


def test_grace_running_out_on_a_wrong_settling_board_still_raises_the_error() -> None:
    referee = Referee(Game.new(("A", "B")), RefereeSettings(grace=1.5))
    referee.observe(Observation.from_text(board("1"), time=0.0))
    events = referee.observe(Observation.from_text(board("1~"), time=1.6))
    assert [event.kind for event in events] == ["error_raised"]
    assert referee.error is not None and [fix.message for fix in referee.error.fixes] == [
        "c3: expected level 0, found 1"
    ]


def test_grace_running_out_on_a_scan_still_settling_names_the_sensor_fault() -> None:
    """The error raised when the grace period ends mid-scan (a hand still moving) says
    what the sensors said: a fault on a cell, not a list of differences built from a
    reading the sensors have just called faulty."""
    referee = Referee(Game.new(("A", "B")), RefereeSettings(grace=1.5))
    referee.observe(Observation.from_text(board("0D*!"), time=0.0))
    events = referee.observe(Observation.from_text(board("0D*~!"), time=1.6))
    assert [event.kind for event in events] == ["error_raised"]
    assert events[0].text == "c3: sensor fault (marked faulty)"
