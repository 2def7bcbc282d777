"""Done pressed while a reading still settles counts once the board has settled: the
piece the hand had just put down belongs to the turn the press ends."""

from __future__ import annotations

from dataclasses import replace

from santorini_hw.rules.cells import parse_cell
from santorini_hw.sensing.observation import Observation
from tests.referee.table import Table
from tests.referee.test_referee import start


def settling(table: Table, cell: str, level: int) -> Observation:
    """The board now, but `cell` still reading its last settled `level`, settling."""
    cells = list(table.observation().cells)
    index = parse_cell(cell)
    cells[index] = replace(cells[index], level=level, settling=True)
    return Observation(tuple(cells), table.clock.monotonic())


def press(table: Table, button: str) -> None:
    """A press with no scan after it (`Table.press` settles the board)."""
    table.events += table.referee.press(button, table.clock.monotonic())


def hephaestus_before_his_second_block() -> Table:
    table = start({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Hephaestus"})
    table.move("a1", "a2")
    table.build("a3")
    assert table.referee.game.can_end_turn()
    table.board.place("a3", "block")
    table.clock.advance(0.02)
    table.events += table.referee.observe(settling(table, "a3", level=1))
    return table


def test_the_second_block_settling_at_the_press_is_in_the_turn() -> None:
    table = hephaestus_before_his_second_block()
    press(table, "done")
    assert table.texts("turn_complete") == []  # the board still moves
    table.settle()
    assert table.texts("turn_complete") == ["a1-a2 a3 a3"]
    assert table.referee.error is None and table.referee.game.player == "B"


def test_a_press_after_a_waiting_done_follows_it() -> None:
    table = hephaestus_before_his_second_block()
    press(table, "done")
    press(table, "hint")  # before the board settled: the done comes first
    assert table.kinds()[-2:] == ["turn_complete", "hint_requested"]
    assert table.texts("turn_complete") == ["a1-a2 a3"]  # as the board stood, settled
    assert table.events[-1].player == "B"
