"""Long presses: hold done for a new game, hold undo to adopt the board, hold hint for the
menu, on mock pins and a manual clock (no real waiting)."""

from __future__ import annotations

import doctest
import threading
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import HardwareConfig
from santorini_hw.sensing import button_holds
from santorini_hw.sensing.button_holds import ButtonHolds, HoldTimer
from santorini_hw.sensing.buttons import BoardButtons


class Board:
    """The three buttons on mock pins, with presses and holds noted in order."""

    def __init__(self, config: HardwareConfig, factory: MockFactory) -> None:
        self.config = config
        self.factory = factory
        self.clock = ManualClock()
        self.heard: list[str] = []
        self.buttons = BoardButtons(
            config.buttons, self.clock, self.heard.append, pin_factory=factory
        )
        self.holds = ButtonHolds(self.buttons, self.clock, self.heard.append, hold_s=2.0)

    def down(self, name: str) -> None:
        self.factory.pin(getattr(self.config.buttons, name)).drive_low()

    def up(self, name: str) -> None:
        self.factory.pin(getattr(self.config.buttons, name)).drive_high()

    def wait(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.holds.poll()


@pytest.fixture
def board(config: HardwareConfig, mock_factory: MockFactory) -> Iterator[Board]:
    board = Board(config, mock_factory)
    yield board
    board.buttons.close()


def test_holding_done_asks_for_a_new_game_while_still_held(board: Board) -> None:
    board.down("done")
    board.wait(1.9)
    assert board.heard == ["done"]
    board.wait(0.2)
    assert board.heard == ["done", "new_game"]
    board.wait(5.0)
    board.up("done")
    assert board.heard == ["done", "new_game"]  # once per press


def test_holding_undo_asks_to_adopt_the_board(board: Board) -> None:
    board.down("undo")
    board.wait(2.5)
    board.up("undo")
    assert board.heard == ["undo", "adopt_board"]


def test_a_short_press_is_only_a_press(board: Board) -> None:
    for name in ("done", "undo", "hint"):
        board.down(name)
        board.wait(0.3)
        board.up(name)
        board.wait(3.0)
    assert board.heard == ["done", "undo", "hint"]


def test_holding_hint_asks_for_the_menu_once(board: Board) -> None:
    board.down("hint")
    board.wait(10.0)
    board.up("hint")
    assert board.heard == ["hint", "menu"]


def test_a_hold_missed_by_the_polls_is_reported_at_release(board: Board) -> None:
    board.down("done")
    board.clock.advance(3.0)  # nobody polled meanwhile
    board.up("done")
    assert board.heard == ["done", "new_game"]


def test_the_timer_says_when_to_poll_next() -> None:
    timer = HoldTimer(hold_s=2.0)
    assert timer.next_deadline() is None
    timer.pressed("undo", 1.0)
    timer.pressed("done", 1.5)
    assert timer.next_deadline() == 3.0
    assert timer.poll(3.0) == ["adopt_board"] and timer.next_deadline() == 3.5
    assert timer.released("done", 3.2) == [] and timer.next_deadline() is None


def test_a_hold_time_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        HoldTimer(hold_s=0)


def test_the_timer_docstring_example_runs_as_written() -> None:
    result = doctest.testmod(button_holds)
    assert result.attempted > 0 and result.failed == 0


def test_the_buttons_start_no_thread_of_their_own(
    config: HardwareConfig, mock_factory: MockFactory
) -> None:
    """gpiozero's `Button` would start a hold thread per button that wakes ten times a
    second on an idle board (issue 19): holds are timed here, on the injected clock."""
    before = set(threading.enumerate())
    board = Board(config, mock_factory)
    try:
        assert set(threading.enumerate()) == before
        board.down("hint")
        board.up("hint")
        assert board.heard == ["hint"]
    finally:
        board.buttons.close()
