"""Apollo's swap on presence sensors is believed where hands touched both cells, and a
hand on the opponent's worker may be quicker than its reading settles: a standing
worker's reading seen moving for a while counts as a touch, a one-scan flicker does not
(the soak's Apollo game: the swap read as no move and an early build)."""

from __future__ import annotations

from dataclasses import replace

from santorini_hw.referee.stirring import TOUCH_HOLD
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.sensing.observation import Observation
from tests.referee.table import Table
from tests.rules.helpers import position


def apollo_table() -> Table:
    game = Game.from_position(
        position(
            {"A": ["b3", "d5"], "B": ["c3", "d2"]},
            to_move="A",
            gods={"A": "Apollo", "B": "Hypnus"},
            heights={"b2": 1, "d3": 1},
        )
    )
    table = Table(game)
    assert not table.polarity  # presence sensors: the swap looks like no move
    return table


def moving(table: Table, cell: str, after: float) -> None:
    """One scan, `after` seconds on, in which `cell`'s reading moves but has not settled."""
    table.clock.advance(after)
    observation = table.observation()
    cells = list(observation.cells)
    index = parse_cell(cell)
    cells[index] = replace(cells[index], settling=True)
    table.events += table.referee.observe(Observation(tuple(cells), observation.time))


def test_a_swap_quicker_than_the_settle_time_is_believed() -> None:
    table = apollo_table()
    table.lift("b3")  # A's worker up in the hand
    moving(table, "c3", 0.02)  # B's worker lifted: seen moving, never settled empty
    table.clock.advance(0.1)
    table.board.lift("c3")
    table.board.place("c3", "worker", player="A")
    table.settle(0.01)
    table.place("b3", "worker", "B")
    table.build("c2")
    table.settle(2.0)
    assert table.record == ["b3-c3 c2"] and table.referee.error is None


def test_a_flicker_on_the_opponents_worker_is_no_touch() -> None:
    table = apollo_table()
    table.lift("b3")
    table.place("b3", "worker", "A")  # second thoughts
    moving(table, "c3", 0.02)
    table.settle(TOUCH_HOLD / 4)  # one scan later the reading is back
    table.build("c2")  # no move: an early build, not a swap
    table.settle(2.0)
    error = table.referee.error
    assert error is not None and "c2" in error.message
    assert table.referee.game.turn.actions == ()
