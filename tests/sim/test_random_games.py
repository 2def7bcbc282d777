"""Random noisy games with illegal actions slipped in, run through the whole simulated
board: the record must be what was played, and every illegal action must be caught."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.gods import God
from santorini_hw.rules.turn import apply_action, finish, start_turn
from santorini_hw.rules.turns import Turn, generate_turns
from sim.player_model import HandStyle
from sim.random_games import (
    GeneratedGame,
    Habits,
    _builds_second,
    _lifts_first,
    _wrong_build,
    generate_game,
)
from sim.runner import run_scenario
from sim.scenario import NoiseSettings
from sim.verdict import judge
from tests.rules.helpers import position

NOISE = NoiseSettings(seed=4, flicker=0.01, bounce_ms=30)


def blocks_slipped_under_workers(generated: GeneratedGame) -> int:
    """Injected windows that start by lifting a worker, placing a block on its cell and
    putting the worker back on top."""
    events = generated.scenario.events
    count = 0
    for start, _ in generated.illegal:
        first = next(i for i, e in enumerate(events) if e.t > start)
        lift, block, worker = events[first : first + 3]
        count += (
            lift.op == "lift"
            and block.piece == "block"
            and worker.piece == "worker"
            and lift.cell == block.cell == worker.cell
        )
    return count


def test_a_noisy_game_is_recorded_as_played_and_every_illegal_action_is_caught() -> None:
    generated = generate_game(
        random.Random(8),
        gods=(God.APOLLO, God.MINOTAUR),
        noise=NOISE,
        illegal_rate=0.6,
        max_turns=24,
    )
    assert len(generated.played) >= 10 and len(generated.illegal) >= 5
    verdict = judge(generated, asyncio.run(run_scenario(generated.scenario)))
    assert verdict.turns == verdict.exact == len(generated.played)
    assert verdict.detected == verdict.illegal and not verdict.failed
    assert len(verdict.latencies) == verdict.turns


def test_blocks_slipped_under_a_worker_are_injected_and_caught() -> None:
    generated = next(
        game
        for seed in range(50)
        if blocks_slipped_under_workers(
            game := generate_game(
                random.Random(seed),
                gods=(God.ARTEMIS, God.ATLAS),
                sensors="polarity",
                noise=NOISE,
                illegal_rate=1.0,
                max_turns=6,
            )
        )
    )
    verdict = judge(generated, asyncio.run(run_scenario(generated.scenario)))
    assert verdict.illegal >= 1 and verdict.detected == verdict.illegal
    assert not verdict.failed


def test_a_game_recorded_wrong_is_judged_failed() -> None:
    generated = generate_game(random.Random(3), noise=NOISE, illegal_rate=0.0, max_turns=6)
    result = asyncio.run(run_scenario(generated.scenario))
    generated.played[-1] = generated.played[0]  # pretend something else was played
    verdict = judge(generated, result)
    assert verdict.wrong == 1 and verdict.failed


MESSY = Habits(
    hands=HandStyle(
        build_correction=0.5,
        placement_correction=0.5,
        stray_block_before_win=1.0,
        carry_hermes_straight=1.0,
    ),
    undo=0.25,
    mistaken_undo=0.25,
    next_player_starts=1.0,
)


@pytest.mark.parametrize(
    ("seed", "gods", "sensors"),
    [
        (11, (God.DEMETER, God.HERMES), "presence"),
        (12, (God.PROMETHEUS, God.HEPHAESTUS), "polarity"),
        (13, (God.ARTEMIS, God.APOLLO), "presence"),
    ],
)
def test_messy_habits_are_recorded_as_played(
    seed: int, gods: tuple[God, God], sensors: str
) -> None:
    generated = generate_game(
        random.Random(seed),
        gods=gods,
        sensors=sensors,
        noise=NOISE,
        illegal_rate=0.2,
        max_turns=30,
        habits=MESSY,
    )
    presses = [e.button for e in generated.scenario.events if e.op == "press"]
    assert presses.count("undo") >= 2
    result = asyncio.run(run_scenario(generated.scenario))
    verdict = judge(generated, result)
    assert not verdict.failed, verdict
    assert verdict.spurious_errors == 0 and verdict.detected == verdict.illegal
    assert len(verdict.latencies) == verdict.turns
    kinds = {e.kind for e in result.events}
    assert {"undo", "undo_cancelled", "placement_amended"} <= kinds


def test_random_games_play_every_habit_the_referee_must_forgive() -> None:
    """The referee benchmark's games, at the default rates, exercise every messy habit
    (it reports how often each was played), each counted where the hands play it."""
    gods = [(God.ARTEMIS, God.HERMES), (God.DEMETER, God.PROMETHEUS), (None, None)]
    played: Counter[str] = Counter()
    for seed in range(12):
        generated = generate_game(random.Random(seed), gods=gods[seed % len(gods)])
        played.update(generated.habits)
        presses = [e.button for e in generated.scenario.events if e.op == "press"]
        mistaken = sum(n for habit, n in generated.habits.items() if habit.startswith("mistaken"))
        assert presses.count("undo") >= generated.habits.get("slow_undo_restore", 0) + mistaken
    assert set(played) == {
        "artemis_carried_straight",
        "block_before_landing",
        "block_before_moving",
        "build_correction",
        "hermes_carried_straight",
        "mistaken_undo_then_done",
        "mistaken_undo_then_play",
        "mistaken_undo_then_undo",
        "next_player_starts",
        "placement_correction",
        "second_thoughts",
        "slide",
        "slow_undo_restore",
        "stray_block_before_win",
    }


def test_bias_player_places_first_and_the_start_players_last_worker_goes_straight_down() -> None:
    """Bia's opponent moves first and places last: a wrong cell for that last worker,
    moved at once, would be read as the first move (no sensor tells them apart)."""
    careless = Habits(hands=HandStyle(placement_correction=1.0))
    for seed in range(4):
        generated = generate_game(
            random.Random(seed),
            gods=(None, God.BIA),
            illegal_rate=0.0,
            max_turns=1,
            habits=careless,
        )
        first = generated.scenario.events[0]
        assert first.op == "place" and first.player == "B"
        assert generated.habits["placement_correction"] == 3


def test_a_turn_that_wins_for_chronus_is_built_where_it_builds_at_once() -> None:
    """Any dome on a level-3 cell here is Chronus' fifth tower: a wrong one ends the game
    on the spot, and a correction after the game is over amends nothing."""
    towers = ["a1", "a2", "a3", "a5"]
    board = position(
        {"A": ["b4", "e1"], "B": ["e5", "e3"]},
        heights={**dict.fromkeys(towers, 3), "c5": 3, "c4": 3},
        domes=towers,
        gods={"A": "Demeter", "B": "Chronus"},
    )
    turn = next(t for t in generate_turns(board) if t.actions == parse_actions("b4-b5 c5X"))
    assert turn.winner == "B"
    assert _wrong_build(board, turn) is None


def test_a_hermes_walk_that_brings_every_worker_back_lifts_nothing_first() -> None:
    """Carried straight, such a walk's only touch is its build, which may read as the
    turn before's: the turn before is ended with done, not left to this touch."""
    board = position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Hermes"})

    def played(text: str) -> Turn:
        state = start_turn(board)
        for action in parse_actions(text):
            state = apply_action(state, action)
        return Turn(state.actions, finish(state), None)

    assert not _lifts_first(board, played("a1-a2 a2-a1 b1"))
    assert _lifts_first(board, played("a1-a2 b1"))


@pytest.mark.parametrize("god", ["Ares", "Hermes", "Triton"])
def test_no_block_goes_down_early_where_a_move_or_a_block_alone_is_a_whole_turn(
    god: str,
) -> None:
    """Ares' move alone reads as a whole turn (a block built and taken off again), as a
    block alone is Hermes' or Triton's: the early block would stay the turn before's."""
    board = position({"A": ["c3", "e5"], "B": ["a1", "e1"]}, gods={"A": god, "B": "Demeter"})
    turn = next(t for t in generate_turns(board) if t.actions == parse_actions("c3-c4 c5"))
    plain = position({"A": ["c3", "e5"], "B": ["a1", "e1"]}, gods={"A": "Atlas"})
    assert not _builds_second(board, turn)
    assert _builds_second(
        plain, next(t for t in generate_turns(plain) if t.actions == turn.actions)
    )


def test_no_block_goes_down_early_before_an_apollo_swap() -> None:
    """Apollo's swap leaves the same cells occupied: to presence sensors the board shows
    no move, and a block put down first stays the turn before's extra (bench game 254)."""
    board = position({"A": ["c3", "e5"], "B": ["c4", "e1"]}, gods={"A": "Apollo"})
    swap = next(t for t in generate_turns(board) if t.actions == parse_actions("c3-c4 c5"))
    step = next(t for t in generate_turns(board) if t.actions == parse_actions("c3-d4 c5"))
    assert not _builds_second(board, swap)
    assert _builds_second(board, step)
