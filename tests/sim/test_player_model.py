"""The physical player: every legal turn becomes hand events that leave the pieces as the
rules do, with the untidiness real hands have."""

from __future__ import annotations

import random

import pytest

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import load_hardware_config
from santorini_hw.rules.actions import build, parse_actions
from santorini_hw.rules.cells import CELL_COUNT, NEIGHBOURS, cell_name, cells_of, parse_cell
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import random_turn
from sim.physical import PhysicalBoard
from sim.player_model import HandStyle, PhysicalPlayer, owner_of
from sim.scenario import PhysicalEvent
from tests.rules.helpers import position

CONFIG = load_hardware_config()
UNTIDY = HandStyle(
    second_thoughts=1.0,
    build_before_landing=0.5,
    slide=1.0,
    carry_hermes_straight=0.5,
    stray_block_before_win=0.0,
)
TIDY = HandStyle(second_thoughts=0.0, slide=0.0, build_before_landing=0.0, pause=(0.3, 0.3))


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


@pytest.mark.parametrize("god", [None, *SIMPLE_GODS])
def test_every_turn_leaves_the_pieces_where_the_rules_put_them(god: God | None) -> None:
    rng = random.Random(hash(god.value if god else "none") & 0xFFFF)
    for game_number in range(6):
        opponent = rng.choice([None, *SIMPLE_GODS])
        game = Game.new(("A", "B"), (god, opponent) if game_number % 2 else (opponent, god))
        hand = PhysicalPlayer(rng, UNTIDY)
        board = PhysicalBoard(CONFIG.stacks, ManualClock())
        cells = rng.sample(range(CELL_COUNT), 4)
        for player, pair in (("A", cells[:2]), ("B", cells[2:])):
            hand.place_workers(player, tuple(pair), sum(1 << cell for cell in cells))
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


def opened(gods: tuple[God | None, God | None] = (None, None)) -> Game:
    game = Game.new(("A", "B"), gods)
    for cell in (0, 24, 12, 4):  # a1, e5, c3, e1
        game.place(cell)
    return game


def test_a_wrong_build_is_moved_to_where_the_turn_builds() -> None:
    game = opened()
    actions = parse_actions("a1-a2 a3")
    hand = PhysicalPlayer(random.Random(1), TIDY)
    hand.play_turn(game.position, actions, press_done=False, wrong_build=build(parse_cell("b3")))
    ops = [(e.op, cell_name(e.cell), e.piece) for e in hand.events]
    assert ops[-3:] == [("place", "b3", "block"), ("lift", "b3", ""), ("place", "a3", "block")]
    board = PhysicalBoard(CONFIG.stacks, ManualClock())
    apply(
        board,
        [
            PhysicalEvent(0, "place", c, "worker", owner_of(game.position, c))
            for c in (0, 24, 12, 4)
        ],
    )
    apply(board, hand.events)
    game.play_turn(actions)
    assert pieces(board) == pieces_of(game.board)


@pytest.mark.parametrize("gods", [(None, None), (God.APOLLO, None), (God.MINOTAUR, None)])
def test_put_back_restores_the_board_holding_the_workers_a_while(
    gods: tuple[God | None, God | None],
) -> None:
    rng = random.Random(5)
    for _ in range(20):
        game = Game.new(("A", "B"), gods)
        for cell in rng.sample(range(CELL_COUNT), 4):
            game.place(cell)
        before = game.position
        turn = random_turn(before, rng)
        assert turn is not None
        hand = PhysicalPlayer(rng, UNTIDY)
        board = PhysicalBoard(CONFIG.stacks, ManualClock())
        apply(
            board,
            [
                PhysicalEvent(0, "place", c, "worker", owner_of(before, c))
                for c in cells_of(before.occupied)
            ],
        )
        hand.play_turn(before, turn.actions, press_done=False)
        game.play_turn(turn.actions)
        start = len(hand.events)
        hand.put_back(game.board, before)
        apply(board, hand.events)
        assert pieces(board) == pieces_of(before)
        lifts = [e.t for e in hand.events[start:] if e.op == "lift"]
        places = [e.t for e in hand.events[start:] if e.op == "place"]
        assert min(places) - max(lifts) >= UNTIDY.undo_hold[0]


def test_a_worker_set_down_on_a_wrong_cell_in_setup_is_moved() -> None:
    hand = PhysicalPlayer(random.Random(2), HandStyle(placement_correction=1.0))
    taken = 1 << 0 | 1 << 24
    hand.place_workers("A", (0, 24), taken)
    ops = [(e.op, e.cell) for e in hand.events]
    assert [op for op, _ in ops] == ["place", "lift", "place"] * 2
    assert ops[2] == ("place", 0) and ops[5] == ("place", 24)
    assert ops[0][1] == ops[1][1] and not taken >> ops[0][1] & 1


def test_a_stray_block_goes_down_beside_a_winning_climb() -> None:
    game = Game.from_position(
        position({"A": ["b2", "e5"], "B": ["e1", "d1"]}, heights={"b2": 2, "c3": 3})
    )
    hand = PhysicalPlayer(random.Random(4), HandStyle(stray_block_before_win=1.0))
    hand.play_turn(game.position, parse_actions("b2-c3"), press_done=False)
    ops = [(e.op, cell_name(e.cell), e.piece) for e in hand.events if e.op != "lift" or e.cell == 6]
    blocks = [cell for op, cell, piece in ops if piece == "block"]
    assert len(blocks) == 1 and blocks[0] not in ("b2", "c3")
    assert ops[-1] == ("place", "c3", "worker")


@pytest.mark.parametrize(
    "board",
    [
        opened((God.HERMES, None)).position,
        # Circe holds Hermes' power while his workers stand apart
        position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Circe", "B": "Hermes"}),
    ],
    ids=["hermes", "circe_holding_hermes"],
)
def test_hermes_workers_are_carried_to_where_they_end(board: Position) -> None:
    hand = PhysicalPlayer(
        random.Random(3), HandStyle(carry_hermes_straight=1.0, second_thoughts=0.0, slide=0.0)
    )
    hand.play_turn(board, parse_actions("a1-a2 a2-a3 e5-d5 b4"), press_done=False)
    ops = [(e.op, cell_name(e.cell)) for e in hand.events]
    assert ops == [
        ("lift", "a1"),
        ("lift", "e5"),
        ("place", "a3"),
        ("place", "d5"),
        ("place", "b4"),
    ]


def test_a_block_put_down_before_moving_goes_down_before_the_worker_is_lifted() -> None:
    game = opened()
    actions = parse_actions("a1-a2 a3")
    hand = PhysicalPlayer(random.Random(1), TIDY)
    hand.play_turn(game.position, actions, press_done=False, block_first=True)
    ops = [(e.op, cell_name(e.cell), e.piece) for e in hand.events]
    assert ops == [("place", "a3", "block"), ("lift", "a1", ""), ("place", "a2", "worker")]
    assert hand.habits["block_before_moving"] == 1


def test_chaos_holding_artemis_is_carried_straight_as_artemis_is() -> None:
    chaos = {"A": {"power": "Artemis", "deck": ["Pan"]}}
    board = position({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Chaos"}, chaos=chaos)
    straight = HandStyle(second_thoughts=0.0, slide=0.0, carry_artemis_straight=1.0)
    hand = PhysicalPlayer(random.Random(3), straight)
    hand.play_turn(board, parse_actions("a1-a2 a2-a3 b3"), press_done=False)
    places = [cell_name(e.cell) for e in hand.events if e.op == "place" and e.piece == "worker"]
    assert places == ["a3"]
    assert hand.habits["artemis_carried_straight"] == 1


def test_a_build_on_bias_victims_cell_waits_for_the_victim_to_be_taken_off() -> None:
    board = position({"B": ["c3", "e5"], "A": ["c1", "a5"]}, gods={"B": "Bia"}, to_move="B")
    early = HandStyle(build_before_landing=1.0, second_thoughts=0.0, slide=0.0)
    hand = PhysicalPlayer(random.Random(3), early)
    hand.play_turn(board, parse_actions("c3-c2 c1"), press_done=False)
    ops = [(e.op, cell_name(e.cell), e.piece) for e in hand.events]
    assert ops == [
        ("lift", "c3", ""),
        ("place", "c2", "worker"),
        ("lift", "c1", ""),
        ("place", "c1", "block"),
    ]


def test_a_stray_block_beside_bias_winning_climb_never_goes_on_her_victim() -> None:
    board = position(
        {"B": ["c1", "e5"], "A": ["a1", "e1"]},
        heights={"c1": 2, "b1": 3},
        gods={"B": "Bia"},
        to_move="B",
    )
    stray = HandStyle(stray_block_before_win=1.0, second_thoughts=0.0, slide=0.0)
    blocks = set()
    for seed in range(40):
        hand = PhysicalPlayer(random.Random(seed), stray)
        hand.play_turn(board, parse_actions("c1-b1"), press_done=False)
        blocks |= {cell_name(e.cell) for e in hand.events if e.piece == "block"}
    assert blocks and "a1" not in blocks
