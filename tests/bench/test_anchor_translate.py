"""The anchor benchmark's translation: our position JSON to the AlphaZero anchor's board,
and the anchor's actions back to our turns, checked against our rules core (no torch)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from bench.alphazero.translate import (
    ANCHOR_GODS,
    NO_DIRECTION,
    Step,
    TranslationError,
    anchor_cell,
    anchor_moves_in,
    anchor_state,
    apply_steps,
    cell_name,
    position_key,
)
from santorini_hw.rules.position import Position
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.rules.turns import generate_turns
from tests.hints.strategies import positions

START = {
    "heights": {"c3": 2, "d2": 3, "b1": 1},
    "domes": ["a5"],
    "workers": {"A": ["b2", "c4"], "B": ["d4", "e5"]},
    "gods": {"A": "Apollo", "B": "Athena"},
    "to_move": "A",
    "athena_moved_up": True,
}


def power(name: str | None) -> int:
    return ANCHOR_GODS.index(name)


def direction(src: str, dst: str) -> int:
    (row, column), (to_row, to_column) = anchor_cell(src), anchor_cell(dst)
    return (to_row - row + 1) * 3 + (to_column - column + 1)


def meta(state: list[list[list[int]]]) -> list[int]:
    return [state[index // 5][index % 5][2] for index in range(25)]


def test_cells_map_rows_to_digits_and_columns_to_letters() -> None:
    assert anchor_cell("a1") == (0, 0)
    assert anchor_cell("e2") == (1, 4)
    assert all(cell_name(anchor_cell(c + r)) == c + r for c in "abcde" for r in "12345")
    with pytest.raises(TranslationError, match="off the board"):
        cell_name((5, 0))
    with pytest.raises(TranslationError, match="not a cell"):
        anchor_cell("f1")


def test_the_board_is_seen_from_the_player_to_move() -> None:
    state = anchor_state(START, gods=True, moves=0)
    assert state[1][1][0] == 1 and state[3][2][0] == 2  # A's b2 and c4
    assert state[3][3][0] == -1 and state[4][4][0] == -2  # B's d4 and e5
    as_b = anchor_state({**START, "to_move": "B", "athena_moved_up": False}, gods=True, moves=0)
    assert as_b[3][3][0] == 1 and as_b[1][1][0] == -1


def test_levels_carry_heights_and_a_dome_is_level_four_at_any_height() -> None:
    position = {**START, "heights": {**START["heights"], "a5": 1}}
    state = anchor_state(position, gods=True, moves=0)
    assert (state[2][2][1], state[1][3][1], state[0][1][1]) == (2, 3, 1)
    assert state[4][0][1] == 4
    assert sum(state[r][c][1] for r in range(5) for c in range(5)) == 2 + 3 + 1 + 4


def test_gods_sit_in_the_mover_then_opponent_slots_with_athenas_flag() -> None:
    slots = meta(anchor_state(START, gods=True, moves=30))
    assert slots[power("Apollo")] == 64
    assert slots[11 + power("Athena")] == 65  # Athena moved up: the mover cannot
    assert slots[22] == 30
    assert sum(slots) == 64 + 65 + 30
    calm = meta(anchor_state({**START, "athena_moved_up": False}, gods=True, moves=500))
    assert calm[11 + power("Athena")] == 64
    assert calm[22] == 127  # the anchor's move counter stops there


def test_without_gods_each_side_has_the_single_no_god_slot() -> None:
    position = {**START, "gods": {}, "athena_moved_up": False}
    assert meta(anchor_state(position, gods=False, moves=7))[:4] == [64, 64, 7, 0]


def test_a_network_cannot_play_gods_it_was_not_trained_for() -> None:
    with pytest.raises(TranslationError, match="without gods cannot play Apollo"):
        anchor_state(START, gods=False, moves=0)
    with pytest.raises(TranslationError, match="needs one of the ten"):
        anchor_state({**START, "gods": {"A": "Apollo"}}, gods=True, moves=0)
    three = {**START, "workers": {**START["workers"], "C": ["a1", "a2"]}}
    with pytest.raises(TranslationError, match="two players"):
        anchor_state(three, gods=True, moves=0)


def test_an_action_number_decodes_as_worker_power_move_build() -> None:
    assert Step.decode(1407, 11) == Step(1, power("Demeter"), 3, 3)
    assert Step.decode(927, 11) == Step(1, 0, NO_DIRECTION, 0)
    assert Step.decode(161, 1) == Step(1, 0, 8, 8)


def test_apollo_swaps_and_builds_from_where_it_arrives() -> None:
    position = {**START, "workers": {"A": ["b2", "c4"], "B": ["c3", "e5"]}}
    turn = apply_steps(position, [Step(0, power("Apollo"), direction("b2", "c3"), 0)])
    assert turn.actions == ["b2-c3", "b2"]
    assert turn.result["workers"] == {"A": ["c3", "c4"], "B": ["b2", "e5"]}
    assert turn.result["heights"]["b2"] == 1 and turn.result["to_move"] == "B"
    assert turn.winner is None


def test_minotaur_pushes_straight_back() -> None:
    position = {
        **START,
        "gods": {"A": "Minotaur", "B": "Pan"},
        "athena_moved_up": False,
        "workers": {"A": ["b2", "a1"], "B": ["c3", "e5"]},
    }
    turn = apply_steps(position, [Step(0, power("Minotaur"), direction("b2", "c3"), 0)])
    assert turn.result["workers"] == {"A": ["c3", "a1"], "B": ["d4", "e5"]}
    assert turn.actions == ["b2-c3", "b2"]


def test_moving_onto_an_opponent_without_a_power_is_refused() -> None:
    position = {**START, "workers": {"A": ["b2", "c4"], "B": ["c3", "e5"]}}
    with pytest.raises(TranslationError, match="without a power"):
        apply_steps(position, [Step(0, 0, direction("b2", "c3"), 0)])


def test_a_winning_move_ends_the_turn_before_its_build() -> None:
    position = {**START, "workers": {"A": ["c3", "a1"], "B": ["e1", "e5"]}}
    turn = apply_steps(position, [Step(0, 0, direction("c3", "d2"), 0)])
    assert (turn.actions, turn.winner) == (["c3-d2"], "A")


def test_the_move_counter_advances_as_the_anchor_would() -> None:
    assert anchor_moves_in("Demeter", ["a1-a2", "b2"], won=False) == 2
    assert anchor_moves_in("Demeter", ["a1-a2"], won=True) == 1
    assert anchor_moves_in("Artemis", ["a1-a2", "a2-a3", "b3"], won=False) == 2
    assert anchor_moves_in("Prometheus", ["b1", "a1-a2", "b2"], won=False) == 2
    assert anchor_moves_in("Hermes", ["a1-a2", "b1-b2", "c3"], won=False) == 3
    assert anchor_moves_in("Hermes", ["a1-a2", "a3"], won=False) == 1
    assert anchor_moves_in(None, ["a1-a2", "a3"], won=False) == 1


def test_position_keys_ignore_list_order_and_zero_heights() -> None:
    shuffled = {
        **START,
        "heights": {**START["heights"], "e1": 0},
        "workers": {"A": ["c4", "b2"], "B": ["e5", "d4"]},
        "domes": ["a5"],
    }
    assert position_key(shuffled) == position_key(START)
    assert position_key({**START, "to_move": "B"}) != position_key(START)


# Every legal turn of our rules core, written as the anchor would write it, comes back as
# the same turn: same actions, same resulting position, same winner.


def anchor_steps(position: dict[str, Any], actions: list[str]) -> list[Step]:
    """How the anchor encodes one of our turns (its move generator's shapes per god)."""
    mover = position["to_move"]
    god = (position.get("gods") or {}).get(mover)
    mine = list(position["workers"][mover])
    theirs = [c for player, cells in position["workers"].items() if player != mover for c in cells]
    heights = position.get("heights", {})
    moves = [a.split("-") for a in actions if "-" in a]
    builds = [a.rstrip("X") for a in actions if "-" not in a]

    def build_from(cell: str, target: str) -> int:
        return direction(cell, target)

    def next_to(cell: str, target: str) -> bool:
        (row, column), (to_row, to_column) = anchor_cell(cell), anchor_cell(target)
        return max(abs(row - to_row), abs(column - to_column)) == 1

    classic = len(moves) == 1 and (not builds or next_to(moves[0][1], builds[0]))
    if god == "Hermes" and not classic:
        steps = []
        for src, dst in moves:
            steps.append(Step(mine.index(src), power("Hermes"), direction(src, dst), 4))
            mine[mine.index(src)] = dst
        builder = next(i for i, cell in enumerate(mine) if next_to(cell, builds[0]))
        return [*steps, Step(builder, 0, NO_DIRECTION, build_from(mine[builder], builds[0]))]
    if god == "Prometheus" and "-" not in actions[0]:
        src, dst = moves[0]
        worker = mine.index(src)
        first = Step(worker, power("Prometheus"), NO_DIRECTION, build_from(src, builds[0]))
        return [first, *anchor_steps_plain(worker, src, dst, builds[1:], 0)]
    src, dst = moves[0]
    worker = mine.index(src)
    if god == "Artemis" and len(moves) == 2:
        second = anchor_steps_plain(worker, dst, moves[1][1], builds, 0)
        return [Step(worker, power("Artemis"), direction(src, dst), 4), *second]
    if god == "Demeter":
        first = anchor_steps_plain(worker, src, dst, builds[:1], power("Demeter"))
        if not builds:
            return first
        again = build_from(dst, builds[1]) if len(builds) == 2 else NO_DIRECTION
        return [*first, Step(worker, 0, NO_DIRECTION, again)]
    used = 0
    if god in ("Apollo", "Minotaur") and dst in theirs:
        used = power(god)
    elif god == "Atlas" and actions[-1].endswith("X") and heights.get(builds[0], 0) < 3:
        used = power("Atlas")
    elif god == "Hephaestus" and len(builds) == 2:
        used = power("Hephaestus")
    return anchor_steps_plain(worker, src, dst, builds[:1], used)


def anchor_steps_plain(worker: int, src: str, dst: str, builds: list[str], used: int) -> list[Step]:
    build = direction(dst, builds[0]) if builds else 0  # a winning move's build never counts
    return [Step(worker, used, direction(src, dst), build)]


@given(positions(players=2))
@settings(max_examples=300, deadline=None)
def test_every_legal_turn_comes_back_from_its_anchor_encoding(position: Position) -> None:
    before = position_to_json(position)
    for turn in generate_turns(position):
        actions = [action.text() for action in turn.actions]
        back = apply_steps(before, anchor_steps(before, actions))
        assert back.actions == actions
        assert position_key(back.result) == position_key(position_to_json(turn.result)), actions
        assert back.winner == turn.winner
