"""The physical player: every legal turn becomes hand events that leave the pieces as the
rules do, with the untidiness real hands have."""

from __future__ import annotations

import random

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import load_hardware_config
from santorini_hw.rules.cells import CELL_COUNT, NEIGHBOURS
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turn
from sim.physical import PhysicalBoard
from sim.player_model import HandStyle, PhysicalPlayer, owner_of
from sim.scenario import PhysicalEvent

CONFIG = load_hardware_config()
UNTIDY = HandStyle(second_thoughts=1.0, build_before_landing=0.5, slide=1.0)


def apply(board: PhysicalBoard, events: list[PhysicalEvent]) -> None:
    for event in events:
        if event.op == "lift":
            board.lift(event.cell)
        elif event.op == "place":
            board.place(event.cell, event.piece, event.player)


def pieces(board: PhysicalBoard) -> list[tuple[int, bool, str | None]]:
    return [(board.level(c), board.dome(c), board.worker(c)) for c in range(CELL_COUNT)]


def pieces_of(position: Position) -> list[tuple[int, bool, str | None]]:
    return [
        (
            position.height(c),
            bool(position.domes >> c & 1),
            owner_of(position, c) if position.side_at(c) >= 0 else None,
        )
        for c in range(CELL_COUNT)
    ]


@pytest.mark.parametrize("god", [None, *God])
def test_every_turn_leaves_the_pieces_where_the_rules_put_them(god: God | None) -> None:
    rng = random.Random(hash(god.value if god else "none") & 0xFFFF)
    for game_number in range(6):
        opponent = rng.choice([None, *God])
        game = Game.new(("A", "B"), (god, opponent) if game_number % 2 else (opponent, god))
        hand = PhysicalPlayer(rng, UNTIDY)
        board = PhysicalBoard(CONFIG.stacks, ManualClock())
        cells = rng.sample(range(CELL_COUNT), 4)
        for player, pair in (("A", cells[:2]), ("B", cells[2:])):
            hand.place_workers(player, tuple(pair))
            for cell in pair:
                game.place(cell)
        apply(board, hand.events)
        while game.phase is Phase.PLAY:
            turn = random_turn(game.position, rng)
            if turn is None:
                break
            before = len(hand.events)
            hand.play_turn(game.position, turn.actions, press_done=False)
            game.play_turn(turn.actions)
            apply(board, hand.events[before:])
            assert pieces(board) == pieces_of(game.board), turn.actions


def test_a_sliding_worker_brushes_a_free_neighbour_for_less_than_the_settle_time() -> None:
    game = Game.new(("A", "B"))
    for cell in (0, 24, 12, 4):  # a1, e5, c3, e1
        game.place(cell)
    hand = PhysicalPlayer(random.Random(1), HandStyle(second_thoughts=0.0, slide=1.0))
    turn = random_turn(game.position, random.Random(2))
    assert turn is not None
    move = turn.actions[0]
    hand.play_turn(game.position, turn.actions, press_done=False)
    brushes = [
        (place, lift)
        for place, lift in zip(hand.events, hand.events[1:], strict=False)
        if place.op == "place" and lift.op == "lift" and place.cell == lift.cell
    ]
    assert len(brushes) == 1
    place, lift = brushes[0]
    assert place.cell in (c for c in range(CELL_COUNT) if NEIGHBOURS[move.dst] >> c & 1)
    assert place.cell not in (move.src, move.dst) and game.position.side_at(place.cell) < 0
    assert 0 < lift.t - place.t < CONFIG.workers.settle_time


def test_artemis_carried_straight_never_touches_the_middle_cell() -> None:
    game = Game.new(("A", "B"), (God.ARTEMIS, None))
    for cell in (0, 24, 12, 4):
        game.place(cell)
    straight = HandStyle(second_thoughts=0.0, slide=0.0, carry_artemis_straight=1.0)
    turn = next(
        t
        for seed in range(200)
        if (t := random_turn(game.position, random.Random(seed)))
        and sum(a.is_move for a in t.actions) == 2
    )
    hand = PhysicalPlayer(random.Random(3), straight)
    hand.play_turn(game.position, turn.actions, press_done=False)
    first, second = turn.actions[0], turn.actions[1]
    places = [e.cell for e in hand.events if e.op == "place" and e.piece == "worker"]
    assert places == [second.dst] and first.dst not in places
