"""The daemon's side of the clock on an injected time line: whose time runs, what holds
it, the journal, and a restart that resumes the journalled time (a real SQLite file)."""

from __future__ import annotations

from pathlib import Path

from santorini_hw.daemon.clock_keeper import CHECKPOINT, ClockKeeper, hold_reasons
from santorini_hw.referee.game_clock import TOURNAMENT, GameClock
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.store import Store
from santorini_hw.store.game_journal import GameJournal

NONE: frozenset[str] = frozenset()


def place_all(game: Game) -> None:
    for cell in ("a1", "e1", "a5", "e5"):
        game.place(parse_cell(cell))


def test_a_placers_two_workers_are_one_move_and_each_turn_a_new_one(tmp_path: Path) -> None:
    game = Game.new()
    keeper = ClockKeeper(None, 0, GameClock(TOURNAMENT, ("A", "B")))
    keeper.update(game, NONE, 0.0)
    game.place(parse_cell("a1"))
    keeper.update(game, NONE, 50.0)
    game.place(parse_cell("e1"))
    keeper.update(game, NONE, 70.0)  # A's two placements took 70 s: 10 s of bank
    assert keeper.clock is not None and keeper.clock.banks["A"] == 290.0
    assert keeper.clock.player == "B"
    game.place(parse_cell("a5"))
    game.place(parse_cell("e5"))
    keeper.update(game, NONE, 75.0)
    game.play_turn(parse_actions("a1-a2 a3"))
    keeper.update(game, NONE, 200.0)  # 125 s: 65 s over the minute
    assert keeper.clock.banks["A"] == 225.0 and keeper.clock.player == "B"


def test_holds_freeze_the_time_and_warnings_come_once() -> None:
    game = Game.new()
    place_all(game)
    keeper = ClockKeeper(None, 0, GameClock(TOURNAMENT, ("A", "B")))
    assert keeper.update(game, NONE, 0.0) == []
    keeper.update(game, frozenset({"bridge"}), 10.0)
    assert keeper.next_deadline(1000.0) is None
    assert keeper.update(game, frozenset({"bridge"}), 1000.0) == []
    keeper.update(game, NONE, 1000.0)
    assert keeper.next_deadline(1000.0) == 1040.0  # the warning (10 s used before the hold)
    events = keeper.update(game, NONE, 1041.0)
    assert [e.kind for e in events] == ["clock_warning"] and keeper.warning(1041.0)
    assert keeper.update(game, NONE, 1042.0) == []


def test_the_reasons_to_hold_are_what_is_not_the_players_fault() -> None:
    game = Game.new()
    place_all(game)
    referee = Referee(game)
    assert hold_reasons(
        bridge_connected=False, observation=None, referee=referee, menu_open=True, clearing=True
    ) == {"bridge", "menu", "clearing", "mismatch"}  # nothing seen yet: no match
    referee.restoring = True
    assert hold_reasons(
        bridge_connected=True, observation=None, referee=referee, menu_open=False, clearing=False
    ) == {"undo", "mismatch"}


def test_a_board_that_differs_holds_the_clock_only_after_a_restart(tmp_path: Path) -> None:
    game = Game.new()
    place_all(game)
    mismatch = frozenset({"mismatch"})
    playing = ClockKeeper(None, 0, GameClock(TOURNAMENT, ("A", "B")))
    playing.update(game, NONE, 0.0)
    playing.update(game, mismatch, 0.0)  # a hand lifting a worker: the player's own time
    assert playing.clock is not None and playing.clock.used(20.0) == 20.0
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id = store.start_game(("A", "B"), clock="60+300")
        ClockKeeper.load(store, game_id, 0.0).update(game, NONE, 0.0)
        resumed = ClockKeeper.load(store, game_id, 0.0)
        resumed.update(game, mismatch, 0.0)  # the restarted board is being put back
        assert resumed.clock is not None and resumed.clock.used(30.0) == 0.0
        resumed.update(game, NONE, 30.0)
        resumed.update(game, mismatch, 40.0)  # from now on a mismatch is play again
        assert resumed.clock.used(50.0) == 20.0


def test_a_flag_records_the_loss_on_time_in_the_journal(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id = store.start_game(("A", "B"), clock="60+30")
        game = Game.new()
        journal = GameJournal(store, game_id, game)
        place_all(game)
        journal.sync(game)
        keeper = ClockKeeper.load(store, game_id, 0.0)
        keeper.update(game, NONE, 0.0)
        events = keeper.update(game, NONE, 90.0)
        assert [(e.kind, e.player) for e in events] == [("lost_on_time", "A"), ("game_over", "B")]
        journal.sync(game)
        assert store.games()[0].lost_on_time == "A" and store.games()[0].winner == "B"
        assert store.export_text(game_id).endswith("A loses on time\n")


def test_a_restart_resumes_the_journalled_time_not_the_time_spent_down(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        game_id = store.start_game(("A", "B"), clock="60+300")
        game = Game.new()
        place_all(game)
        keeper = ClockKeeper.load(store, game_id, 100.0)
        keeper.update(game, NONE, 100.0)
        assert keeper.next_deadline(100.0) == 100.0 + CHECKPOINT  # the next snapshot
        keeper.update(game, NONE, 100.0 + 2 * CHECKPOINT)  # a checkpoint: 10 s used
        keeper.update(game, NONE, 100.0 + 2 * CHECKPOINT + 3)  # not journalled: "killed"
    with Store.open(tmp_path / "j.sqlite3") as store:  # a new boot: its clock starts at 0
        resumed = ClockKeeper.load(store, game_id, 0.0)
        resumed.update(game, NONE, 0.0)
        state = resumed.to_json(0.0)
        assert state is not None and state["running"] == "A"
        assert state["players"]["A"] == {"move_left": 50.0, "bank_left": 300.0}
        resumed.update(game, NONE, 4.0)
        assert resumed.to_json(4.0)["players"]["A"]["move_left"] == 46.0  # type: ignore[index]


def test_a_game_without_a_clock_has_none(tmp_path: Path) -> None:
    with Store.open(tmp_path / "j.sqlite3") as store:
        keeper = ClockKeeper.load(store, store.start_game(("A", "B")), 0.0)
        assert keeper.update(Game.new(), NONE, 0.0) == [] and keeper.to_json(0.0) is None
