"""Following the paired board: its next turn is shown once, its new game is followed,
an older one is not, and two boards that part ways are told so, never merged."""

from __future__ import annotations

from santorini_hw.daemon.board_link.follower import Disagree, Follow, LinkFollower, OurGame, Submit
from santorini_hw.daemon.board_link.protocol import GameLog, LinkEntry, game_entries, id_order
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game

GAME = "club/board-1#4@2000"
SETUP = ("a1", "d1", "c3", "e5")


def _entries(cells: tuple[str, ...] = SETUP, *turns: str) -> tuple[LinkEntry, ...]:
    game = Game.new(("A", "B"))
    for cell in cells:
        game.place(parse_cell(cell))
    for turn in turns:
        game.play_turn(parse_actions(turn))
    return tuple(game_entries(game))


def _log(entries: tuple[LinkEntry, ...], game: str = GAME, **extra: str) -> GameLog:
    """Board 1's log: A plays there."""
    return GameLog(game, ("A", "B"), (None, None), ("A",), entries, **extra)


def _ours(entries: tuple[LinkEntry, ...], game: str | None = GAME) -> OurGame:
    """Board 2's side: B plays here."""
    return OurGame(game, id_order(GAME), entries)


def test_the_pairs_next_turn_is_submitted_once_shown() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(SETUP, "d1-d2 c1")))
    step = follower.next_step(_ours(_entries()), waiting=set())
    assert step == Submit("A", ("d1-d2", "c1"), 5)
    assert follower.next_step(_ours(_entries()), waiting={"A"}) is None  # already shown
    assert follower.next_step(_ours(_entries(SETUP, "d1-d2 c1")), waiting=set()) is None


def test_a_placement_is_submitted_whole_once_both_workers_are_announced() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(("a1",))))
    assert follower.next_step(_ours(()), waiting=set()) is None
    follower.take_turn(GAME, _entries(("a1", "d1"))[1])
    assert follower.next_step(_ours(()), waiting=set()) == Submit("A", ("a1", "d1"), 1)
    # half carried out (a restart in between): the rest of it
    assert follower.next_step(_ours(_entries(("a1",))), waiting=set()) == Submit("A", ("d1",), 2)


def test_a_turn_arriving_twice_counts_once() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries()))
    turn = _entries(SETUP, "d1-d2 c1")[-1]
    assert follower.take_turn(GAME, turn) is None
    assert follower.take_turn(GAME, turn) is None
    assert len(follower.entries) == 5 and follower.duplicates == 1
    follower.take_log(_log(_entries(SETUP, "d1-d2 c1")))  # the retained log repeats it too
    assert len(follower.entries) == 5


def test_a_turn_announced_twice_differently_is_a_problem() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(SETUP, "d1-d2 c1")))
    other = _entries(SETUP, "d1-d2 c2")[-1]
    assert follower.take_turn(GAME, other) == "turn 5 announced twice, differently"


def test_a_turn_after_a_lost_one_waits_for_the_log() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(("a1", "d1"))))
    later = _entries(SETUP, "d1-d2 c1")[-1]
    assert follower.take_turn(GAME, later) is None
    assert len(follower.entries) == 2 and follower.gaps == 1


def test_an_older_log_does_not_forget_turns_announced_since() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries()))
    follower.take_turn(GAME, _entries(SETUP, "d1-d2 c1")[-1])
    follower.take_log(_log(_entries()))
    assert len(follower.entries) == 5


def test_boards_holding_different_positions_disagree() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(SETUP, "d1-d2 c1")))
    step = follower.next_step(_ours(_entries(SETUP, "d1-d2 c2")), waiting=set())
    assert isinstance(step, Disagree)
    assert step.message == (
        "the boards differ from turn 5: this board has A d1-d2 c2, the other board A d1-d2 c1"
    )


def test_the_pair_reporting_a_disagreement_is_one_here_too() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(), disagreement="the boards differ from turn 5"))
    step = follower.next_step(_ours(_entries()), waiting=set())
    assert step == Disagree("the other board reports: the boards differ from turn 5", relayed=True)


def test_a_turn_of_this_boards_player_it_never_played_is_a_disagreement() -> None:
    follower = LinkFollower()
    follower.take_log(_log(_entries(SETUP, "d1-d2 c1", "c3-b3 b2")))
    step = follower.next_step(_ours(_entries(SETUP, "d1-d2 c1")), waiting=set())
    assert isinstance(step, Disagree) and "turn 6 of B" in step.message


def test_a_later_game_of_the_pair_is_followed_an_earlier_one_is_not() -> None:
    follower = LinkFollower()
    newer = _log((), game="club/board-1#5@3000")
    follower.take_log(newer)
    assert follower.next_step(_ours(_entries()), waiting=set()) == Follow(newer)
    follower.take_log(_log((), game="club/board-1#3@1000"))
    assert follower.next_step(_ours(_entries()), waiting=set()) is None
    # this board's own game started after the pair's: the pair follows this one instead
    local = OurGame(None, (5000, "club/board-2#9@5000"), ())
    follower.take_log(newer)
    assert follower.next_step(local, waiting=set()) is None


def test_nothing_is_known_before_the_pair_speaks() -> None:
    assert LinkFollower().next_step(_ours(()), waiting=set()) is None
