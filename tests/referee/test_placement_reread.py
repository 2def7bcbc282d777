"""A worker put down on a wrong cell during setup, moved, and the next worker put down
before the board settled on the move (a quick hand): the board then shows the last
placement gone and two new workers at once. The referee takes the last placement back
and reads the new workers as placements from there; where that reading is ambiguous it
keeps the record as it was and raises the error after the grace period, as before.
(A soak with gods met it: the placement stayed on the wrong cell, and the board showed
no error within the grace period while it no longer matched the record.)"""

from __future__ import annotations

import pytest

from santorini_hw.referee.referee import RefereeSettings
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from tests.referee.table import Table


def quick_hand(table: Table, wrong: str, workers: list[tuple[str, str]]) -> None:
    """`wrong`'s worker lifted and workers put down (cell, owner), then one scan."""
    table.board.lift(wrong)
    for cell, player in workers:
        table.board.place(cell, "worker", player=player)
    table.settle()


@pytest.mark.parametrize("polarity", [False, True])
def test_the_corrected_worker_and_the_next_one_are_both_placed(polarity: bool) -> None:
    table = Table(Game.new(("A", "B")), RefereeSettings(polarity=polarity))
    table.place("a5", "worker", "A")
    quick_hand(table, "a5", [("e2", "A"), ("e4", "A")])
    table.settle(2.0)
    assert table.record == ["e2 e4"] and table.referee.error is None
    amended = [e for e in table.events if e.kind == "placement_amended"]
    assert [(e.player, e.cells) for e in amended] == [("A", ("a5", "e2"))]
    assert table.texts("worker_placed")[-1] == "e4" and table.referee.game.player == "B"


def test_polarity_tells_the_next_players_worker_apart() -> None:
    table = Table(Game.new(("A", "B")), RefereeSettings(polarity=True))
    table.place("a1", "worker", "A")
    table.place("a5", "worker", "A")
    quick_hand(table, "a5", [("e2", "A"), ("e4", "B")])
    assert table.record == ["a1 e2", "e4"] and table.referee.error is None


def test_without_polarity_an_ambiguous_board_keeps_the_record_and_raises_the_error() -> None:
    """A's second worker moved and B's first put down: which is which, no sensor says."""
    table = Table(Game.new(("A", "B")))
    table.place("a1", "worker", "A")
    table.place("a5", "worker", "A")
    quick_hand(table, "a5", [("e2", "A"), ("e4", "B")])
    assert table.record == ["a1 a5"] and table.referee.error is None  # grace
    table.settle(2.0)
    assert table.record == ["a1 a5"] and table.referee.error is not None
    assert table.kinds().count("error_raised") == 1


@pytest.mark.parametrize(("moved", "kept"), [("b3", "b4"), ("b4", "b3")])
def test_either_of_two_workers_seen_at_once_may_be_corrected(moved: str, kept: str) -> None:
    """Both of A's workers read in one scan (a loaded board): which went down last is
    unknown, so moving either is a correction (a soak with gods met the first one)."""
    table = Table(Game.new(("A", "B")))
    table.board.place("b4", "worker", player="A")
    table.board.place("b3", "worker", player="A")
    table.settle()
    table.lift(moved)
    table.place("a2", "worker", "A")
    table.settle(2.0)
    assert table.referee.error is None
    amended = [e for e in table.events if e.kind == "placement_amended"]
    assert [(e.player, e.cells) for e in amended] == [("A", (moved, "a2"))]
    assert table.record == [f"{kept} a2"]  # in the order they stand in now
    table.lift(kept)  # and the other one as well, still before B's first touch
    table.place("c4", "worker", "A")
    assert table.referee.error is None and table.record == ["a2 c4"]


def test_a_correction_the_rules_refuse_keeps_both_placements() -> None:
    """Eros' workers go on opposite edges: moving one inward is no correction."""
    table = Table(Game.new(("A", "B"), (God.EROS, None)))
    table.board.place("a3", "worker", player="A")
    table.board.place("e3", "worker", player="A")
    table.settle()
    table.lift("a3")
    table.place("b3", "worker", "A")
    table.settle(2.0)
    assert table.record == ["a3 e3"] and table.referee.error is not None
