"""Levels 1-10: node budgets, deterministic for a position and seed, a beginner who still
takes a win in one, and seats as the API, the settings and the scenarios write them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from santorini_hw.daemon.settings import SettingsError, load_settings
from santorini_hw.hints.prior import PRIOR_KEEP
from santorini_hw.hints.search import best_turn
from santorini_hw.hints.tactics import can_win_now
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God
from santorini_hw.rules.position_json import position_from_json
from santorini_hw.rules.turns import generate_turns, quiet_results
from santorini_hw.seats.engine_seat import awaiting_json, engine_turn
from santorini_hw.seats.levels import LEVELS, choose_placement, choose_turn, turn_seed
from santorini_hw.seats.model import Seat, SeatsError, parse_seats, seats_json
from tests.rules.advanced_positions import random_document
from tests.rules.helpers import midgame, position

OPENING = position({"A": ["b2", "d4"], "B": ["b4", "d2"]})
A_CAN_WIN = position({"A": ["b2", "e5"], "B": ["d4", "d2"]}, heights={"b2": 2, "c3": 3, "a1": 1})


def test_level_10_is_the_full_engine_at_a_pi_4_second_and_budgets_grow() -> None:
    assert LEVELS[10].nodes == 4357 and LEVELS[10].wander == 0
    assert LEVELS[10].prior_keep == PRIOR_KEEP  # the hint engine's own search
    assert all(LEVELS[level].prior_keep == 0 for level in range(1, 10))  # as laddered
    nodes = [LEVELS[level].nodes for level in range(1, 11)]
    wander = [LEVELS[level].wander for level in range(1, 11)]
    assert nodes == sorted(nodes) and wander == sorted(wander, reverse=True)


@pytest.mark.parametrize("level", [1, 4, 7, 10])
def test_a_choice_is_the_same_for_the_same_position_and_seed(level: int) -> None:
    first = choose_turn(OPENING, level, seed=11)
    assert first is not None and choose_turn(OPENING, level, seed=11) == first
    legal = {turn.actions for turn in generate_turns(OPENING)}
    assert first.actions in legal


def test_a_beginner_varies_between_seeds() -> None:
    turns = [choose_turn(OPENING, 1, seed) for seed in range(12)]
    assert len({turn.actions for turn in turns if turn is not None}) > 2


def test_level_10_searches_with_the_move_prior_and_level_9_without() -> None:
    """Two simple gods after six random turns, where the prior changes level 10's turn."""
    start = midgame(0, (God.ATLAS, God.PAN), 6)
    seed = 11
    for level, keep in ((10, PRIOR_KEEP), (9, 0)):
        nodes, cap = LEVELS[level].nodes, LEVELS[level].time_cap
        expected = best_turn(start, node_budget=nodes, time_budget=cap, seed=seed, prior_keep=keep)
        assert choose_turn(start, level, seed) == expected.turn
    plain = best_turn(start, node_budget=LEVELS[10].nodes, seed=seed, prior_keep=0)
    assert choose_turn(start, 10, seed) != plain.turn


@pytest.mark.parametrize("seed", range(20))
def test_level_1_still_takes_a_win_in_one(seed: int) -> None:
    turn = choose_turn(A_CAN_WIN, 1, seed)
    assert turn is not None and turn.winner == "A"


@pytest.mark.parametrize("gods", [["Hypnus", "Pan"], ["Triton", "Limus"], ["Zeus", "Aphrodite"]])
def test_a_beginners_stray_turn_with_an_advanced_god_is_a_legal_turn(gods: list[str]) -> None:
    rng = random.Random(5)
    for seed in range(15):
        start = position_from_json(random_document(rng, gods))
        turn = choose_turn(start, 1, seed)
        legal = {t.actions for t in generate_turns(start)}
        assert (turn is None) == (not legal)
        assert turn is None or turn.actions in legal


def _handed_wins(level: int, gods: list[str]) -> tuple[int, int]:
    """Of random positions with `gods` where a turn that hands the opponent no win
    exists, how many `level` answered with a turn that hands it one."""
    rng = random.Random(3)
    chances = handed = 0
    for seed in range(40):
        start = position_from_json(random_document(rng, gods))
        results = quiet_results(start)
        if can_win_now(start) or all(can_win_now(result) for result in results):
            continue
        chances += 1
        turn = choose_turn(start, level, seed)
        assert turn is not None
        handed += can_win_now(turn.result)
    return chances, handed


@pytest.mark.parametrize("gods", [["Artemis", "Pan"], ["Minotaur", "Pan"]])
def test_from_level_4_a_stray_turn_never_hands_the_gods_threats_a_win(gods: list[str]) -> None:
    assert [level for level in range(1, 7) if LEVELS[level].careful] == [4, 5, 6]
    chances, handed = _handed_wins(1, gods)
    assert chances >= 10 and handed >= 2  # a beginner misses what the static look misses
    for level in (4, 5, 6):
        assert _handed_wins(level, gods) == (chances, 0)


def test_the_turn_seed_mixes_the_game_seed_with_the_position() -> None:
    other = position({"A": ["b2", "d4"], "B": ["b4", "d1"]})
    assert turn_seed(1, OPENING) == turn_seed(1, OPENING)
    assert len({turn_seed(1, OPENING), turn_seed(2, OPENING), turn_seed(1, other)}) == 3


def test_placements_go_on_free_cells_near_the_centre() -> None:
    game = Game.new(("A", "B"))
    game.place(12)
    game.place(0)
    cells = choose_placement(game.position, 10, seed=3)
    assert len(cells) == 2 and 12 not in cells and 0 not in cells
    assert all(1 <= c % 5 <= 3 and 1 <= c // 5 <= 3 for c in cells)


def test_an_engine_playing_eros_places_on_opposite_edges() -> None:
    game = Game.new(("A", "B"), (God.PAN, God.EROS))
    game.place(12)
    game.place(6)
    for seed in range(10):
        first, second = choose_placement(game.position, 10, seed)
        game.place(first)
        assert game.placements() >> second & 1  # the rules take both
        game.undo()


def test_the_awaiting_document_has_the_actions_and_the_position_after() -> None:
    seats = parse_seats({"A": {"kind": "engine", "level": 2}}, ("A", "B"))
    expected = engine_turn(OPENING, False, seats, 4)
    document = awaiting_json(expected, seats)
    assert document is not None and document["player"] == "A" and not document["placement"]
    assert document["kind"] == "engine"
    assert document["turn"]["result"]["to_move"] == "B"
    assert engine_turn(OPENING._replace(to_move=1), False, seats, 4) is None  # B is a person


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ({"C": {"kind": "engine", "level": 1}}, "seats.C: not one of the players"),
        ({"B": {"kind": "engine"}}, "seats.B.level: a whole number from 1 to 10"),
        ({"B": {"kind": "engine", "level": 0}}, "seats.B.level"),
        ({"B": {"kind": "robot", "level": 2}}, "seats.B.kind: one of person, engine"),
        ({"B": {"kind": "person", "level": 2}}, "seats.B.level: a person has no level"),
        ({"B": {"kind": "engine", "level": 2, "x": 1}}, "seats.B.x: unknown field"),
        (["B"], "seats: an object"),
    ],
)
def test_impossible_seats_are_refused_naming_the_seat(seats: object, message: str) -> None:
    with pytest.raises(SeatsError, match=message):
        parse_seats(seats, ("A", "B"))


def test_every_seat_of_a_four_player_game_may_be_an_engine() -> None:
    players = ("A", "B", "C", "D")
    seats = parse_seats({p: {"kind": "engine", "level": 5} for p in players}, players)
    assert seats.remote == set(players)
    assert seats_json(seats, players)["C"] == {"kind": "engine", "level": 5}


def test_the_seats_setting_from_toml_and_from_the_environment(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[seats]\nB = {kind = "engine", level = 4}\n', encoding="utf-8")
    settings = load_settings([config], environ={})
    assert settings.seats["B"] == Seat("engine", 4) and settings.seats["A"] == Seat()
    settings = load_settings([], environ={"SANTORINI_HW_SEATS": "A=engine:1,B=engine:9"})
    assert settings.seats.remote == {"A", "B"}
    with pytest.raises(SettingsError, match=r"seats\.C: not one of the players"):
        load_settings([], environ={"SANTORINI_HW_SEATS": "C=engine:1"})


def test_a_placement_half_carried_out_is_finished_as_it_was_chosen() -> None:
    seats = parse_seats({"B": {"kind": "engine", "level": 6}}, ("A", "B"))
    game = Game.new(("A", "B"))
    game.place(0)
    game.place(24)
    whole = engine_turn(game.position, True, seats, 9)
    assert whole is not None and len(whole.cells) == 2
    game.place(whole.cells[0])  # the daemon is killed after the first worker
    again = engine_turn(game.position, True, seats, 9)
    assert again is not None and again.cells == whole.cells
    assert again.fits(game) and again.result() == whole.result()
