"""An optional extra that only the next player's turn explains belongs to that turn: the
block the next player put down before moving is re-read as their build, once their turn
is shown to be over, and never while it might still be the first player's extra."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from santorini_hw.referee.referee import RefereeSettings
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.store import Store
from santorini_hw.store.game_journal import GameJournal
from tests.referee.table import Table
from tests.rules.helpers import position

POLARITY = pytest.mark.parametrize("polarity", [False, True], ids=["presence", "polarity"])


def start(god: str, polarity: bool, b_workers: tuple[str, str] = ("c5", "e1")) -> Table:
    game = Game.from_position(position({"A": ["a1", "e5"], "B": list(b_workers)}, gods={"A": god}))
    return Table(game, RefereeSettings(polarity=polarity))


def demeter_then_block_and_move(polarity: bool) -> Table:
    """Demeter moves and builds once (no done); then a block on b3, which fits her second
    build, and B's worker from c5 to c4, beside it."""
    table = start("Demeter", polarity)
    table.move("a1", "a2")
    table.build("a3")
    table.build("b3")
    table.move("c5", "c4")
    return table


def quiet(table: Table) -> None:
    """Long past every grace period: no error stands, none was ever raised."""
    table.settle(5.0)
    assert table.referee.error is None
    assert "error_raised" not in table.kinds()


@POLARITY
def test_demeter_block_put_down_by_the_next_player_before_moving_is_theirs(
    polarity: bool,
) -> None:
    table = demeter_then_block_and_move(polarity)  # b3 was B's, put down first
    assert table.record[-1] == "a1-a2 a3 b3"  # B might still build: the first reading stands
    table.lift("a2")  # A starts: B's turn is over, and only the other reading completes it
    assert table.record[-2:] == ["a1-a2 a3", "c5-c4 b3"]
    assert table.texts("turn_amended") == ["a1-a2 a3"]
    assert table.texts("turn_reread") == ["b3: B's build, put down before the move"]
    assert table.texts("action_retracted") == ["c5-c4", "b3"]
    table.place("a1", player="A")
    table.build("b1")
    table.press("done")
    assert table.record[-1] == "a2-a1 b1"
    quiet(table)


@POLARITY
def test_a_real_second_build_stands_when_the_next_player_moves_beside_it_and_builds(
    polarity: bool,
) -> None:
    table = demeter_then_block_and_move(polarity)
    table.build("d4")
    assert table.record[-2:] == ["a1-a2 a3 b3", "c5-c4 d4"]
    table.move("a2", "a1")
    assert "turn_reread" not in table.kinds()
    quiet(table)


@POLARITY
def test_a_real_second_build_stands_when_the_next_player_moves_away_from_it(
    polarity: bool,
) -> None:
    table = start("Demeter", polarity)
    table.move("a1", "a2")
    table.build("a3")
    table.build("b3")
    table.move("e1", "e2")  # not beside b3: b3 cannot be B's build
    table.lift("a2")
    assert table.record[-1] == "a1-a2 a3 b3"
    assert "turn_reread" not in table.kinds() and "turn_amended" not in table.kinds()


@POLARITY
def test_done_after_the_early_block_and_the_move_re_reads(polarity: bool) -> None:
    table = demeter_then_block_and_move(polarity)
    table.press("done")
    assert table.record[-2:] == ["a1-a2 a3", "c5-c4 b3"]
    assert table.referee.game.player == "A"
    quiet(table)


@POLARITY
def test_undo_after_the_early_block_and_the_move_takes_back_both(polarity: bool) -> None:
    table = demeter_then_block_and_move(polarity)
    table.press("undo")
    table.lift("c4")
    table.lift("b3")  # B takes back their whole turn, their block with it
    assert table.record[-2:] == ["a1-a2 a3", "c5-c4 b3"]
    table.place("c5", player="B")
    assert table.kinds().count("undo") == 1
    assert table.record[-1] == "a1-a2 a3" and table.referee.game.player == "B"
    quiet(table)


@POLARITY
def test_undo_after_a_real_second_build_and_a_move_keeps_the_build(polarity: bool) -> None:
    table = demeter_then_block_and_move(polarity)
    table.press("undo")
    table.move("c4", "c5")
    assert table.record[-1] == "a1-a2 a3 b3" and table.referee.game.player == "B"
    assert "turn_reread" not in table.kinds()
    quiet(table)


@POLARITY
def test_hephaestus_block_on_his_first_build_put_down_by_the_next_player_is_theirs(
    polarity: bool,
) -> None:
    table = start("Hephaestus", polarity, ("c5", "e1"))
    table.move("a1", "a2")
    table.build("b3")
    table.build("b3")  # B's block on b3, also Hephaestus' second block there
    table.move("c5", "c4")
    table.move("a2", "a1")  # A starts and moves: only the other reading explains it
    assert table.record[-2:] == ["a1-a2 b3", "c5-c4 b3"]
    table.build("b1")
    table.press("done")
    assert table.record[-1] == "a2-a1 b1"
    quiet(table)


@POLARITY
def test_prometheus_move_and_build_then_the_next_players_early_block(polarity: bool) -> None:
    table = start("Prometheus", polarity)
    table.move("a1", "a2")
    table.build("b1")  # also reads as b1 built before the move: the turn waits
    table.build("b3")  # B's block: read as Prometheus' build after the move
    assert table.record[-1] == "b1 a1-a2 b3"
    table.move("c5", "c4")
    table.lift("a2")
    assert table.record[-2:] == ["a1-a2 b1", "c5-c4 b3"]
    assert table.texts("turn_amended") == ["a1-a2 b1"]
    quiet(table)


def test_a_re_read_turn_is_journalled_as_amended(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "games.db")
    table = Table(Game.new(("A", "B"), (God.DEMETER, None)))
    game_id = store.start_game(("A", "B"), (God.DEMETER, None))
    journal = GameJournal(store, game_id, table.referee.game)

    def played(*steps: Callable[[], object]) -> None:
        for step in steps:
            step()
            journal.sync(table.referee.game)

    played(*(partial(table.place, cell, player=p) for cell, p in PLACEMENT))
    played(
        partial(table.move, "a1", "a2"),
        partial(table.build, "a3"),
        partial(table.build, "b3"),
        partial(table.move, "c5", "c4"),
        partial(table.lift, "a2"),
    )
    assert table.record[-2:] == ["a1-a2 a3", "c5-c4 b3"]
    text = store.export_text(game_id)
    assert "a1-a2 a3 b3" not in text
    assert "a1-a2 a3" in text and "c5-c4 b3" in text
    assert store.game(game_id).replay().board == table.referee.game.board
    store.close()


PLACEMENT = (("a1", "A"), ("e5", "A"), ("c5", "B"), ("e1", "B"))


@POLARITY
def test_a_block_no_extra_explains_put_down_before_the_next_players_lift_is_theirs(
    polarity: bool,
) -> None:
    table = start("Demeter", polarity)
    table.move("a1", "a2")
    table.build("a3")
    table.build("d4")  # not beside a2: no second build of Demeter's
    table.lift("c5")  # B's touch ends Demeter's turn; d4 is B's, put down first
    assert table.record == ["a1-a2 a3"]
    table.place("c4", player="B")
    assert table.record == ["a1-a2 a3", "c5-c4 d4"]
    quiet(table)


def test_an_apollo_swap_in_the_hand_after_a_real_second_build_is_no_re_reading() -> None:
    """Both workers up for a swap look like the start of a swap that built b3: nothing of
    the next turn is on the board yet, so nothing is re-read."""
    workers = {"A": ["a1", "e5"], "B": ["b1", "e1"]}
    game = Game.from_position(position(workers, gods={"A": "Demeter", "B": "Apollo"}))
    table = Table(game)
    table.move("a1", "a2")
    table.build("a3")
    table.build("b3")  # Demeter's second build: her turn ends by itself
    table.lift("b1")
    table.lift("a2")  # B's hand takes A's worker for the swap
    assert table.record == ["a1-a2 a3 b3"] and "turn_reread" not in table.kinds()
    table.place("a2", player="B")
    table.place("b1", player="A")
    table.build("a1")
    assert table.record == ["a1-a2 a3 b3", "b1-a2 a1"]
    quiet(table)


@POLARITY
def test_done_after_a_block_then_a_move_ends_the_turn_as_move_and_build(polarity: bool) -> None:
    table = start("Prometheus", polarity)
    table.build("b2")
    table.move("a1", "a2")
    assert table.record == []  # read as b2 built before the move: a build still owed
    table.press("done")  # the only reading that ends the turn: the block was the build
    assert table.record == ["a1-a2 b2"] and table.referee.game.player == "B"
    quiet(table)
