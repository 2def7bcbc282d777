"""Scenes: marks in layers by priority; each cell shows its highest layer's mark."""

from __future__ import annotations

import pytest

from santorini_hw.lights.scenes import (
    PLAYER_ELEMENTS,
    Element,
    Fix,
    Mark,
    Priority,
    Scene,
    lit_cells,
)
from santorini_hw.rules.cells import CellError

DESTINATION = Mark(Element.DESTINATION)
HINT_MOVE = Mark(Element.HINT_MOVE)
IDLE = Mark(Element.IDLE)
REMOVE = Mark.error(Fix.REMOVE_PIECE)


def all_layers_on_c3() -> Scene:
    return (
        Scene()
        .with_mark("c3", IDLE)
        .with_mark("c3", DESTINATION)
        .with_mark("c3", HINT_MOVE)
        .with_mark("c3", REMOVE)
    )


def test_error_beats_hint() -> None:
    assert all_layers_on_c3().composed()[12] == REMOVE


def test_hint_beats_legal_moves() -> None:
    assert all_layers_on_c3().without(Priority.ERROR).composed()[12] == HINT_MOVE


def test_legal_moves_beat_idle() -> None:
    scene = all_layers_on_c3().without(Priority.ERROR).without(Priority.HINT)
    assert scene.composed()[12] == DESTINATION


def test_bridge_down_beats_an_error() -> None:
    scene = all_layers_on_c3().with_mark("c3", Mark(Element.BRIDGE_DOWN))
    assert scene.composed()[12] == Mark(Element.BRIDGE_DOWN)


def test_each_cell_composes_on_its_own() -> None:
    scene = Scene().with_marks(["a1", "b1"], IDLE).with_mark("b1", REMOVE)
    composed = scene.composed()
    assert composed[0] == IDLE
    assert composed[1] == REMOVE
    assert composed[2:] == (None,) * 23


def test_a_mark_goes_to_the_layer_of_its_kind() -> None:
    scene = Scene().with_mark("d2", HINT_MOVE)
    assert scene.layer(Priority.HINT) == {8: HINT_MOVE}
    assert scene.layer(Priority.LEGAL) == {}


def test_a_later_mark_on_the_same_cell_and_layer_replaces_the_earlier() -> None:
    scene = Scene().with_mark("b2", DESTINATION).with_mark("b2", Mark(Element.BUILD))
    assert scene.layer(Priority.LEGAL) == {6: Mark(Element.BUILD)}


def test_cells_by_name_or_index_are_the_same_cell() -> None:
    assert Scene().with_mark("e5", IDLE) == Scene().with_mark(24, IDLE)


@pytest.mark.parametrize("cell", ["f1", "a6", 25, -1])
def test_a_cell_off_the_board_is_refused(cell: int | str) -> None:
    with pytest.raises((CellError, ValueError)):
        Scene().with_mark(cell, IDLE)


def test_scenes_are_values() -> None:
    one = Scene().with_marks(["a1", "c3"], DESTINATION)
    other = Scene().with_mark("c3", DESTINATION).with_mark("a1", DESTINATION)
    assert one == other
    assert hash(one) == hash(other)
    assert one != Scene()


def test_a_mark_in_the_wrong_layer_is_refused() -> None:
    empty = (None,) * 25
    hint_in_legal_layer = (HINT_MOVE, *empty[1:])
    with pytest.raises(ValueError, match="HINT"):
        Scene((empty, hint_in_legal_layer, empty, empty, empty))


def test_a_scene_has_one_layer_per_priority_of_every_cell() -> None:
    with pytest.raises(ValueError, match="layers"):
        Scene(((None,) * 25,) * 3)
    with pytest.raises(ValueError, match="layers"):
        Scene(((None,) * 24,) * 5)


def test_lit_cells_names_the_kind_of_each_lit_cell_in_cell_order() -> None:
    scene = (
        Scene()
        .with_mark("b4", Mark.error(Fix.WRONG_LEVEL, level=2))
        .with_marks(["a1", "b4"], Mark(Element.TURN_WORKER, player=1))
        .with_mark("e5", HINT_MOVE)
    )
    lit = lit_cells(scene)
    assert lit == {"a1": "turn_worker", "b4": "error", "e5": "hint_move"}
    assert list(lit) == ["a1", "b4", "e5"]


def test_an_empty_scene_lights_nothing() -> None:
    assert lit_cells(Scene()) == {}


def test_element_names_are_the_documented_contract() -> None:
    assert {element.value for element in Element} == {
        "turn_worker", "destination", "build", "dome_build", "second_build", "prebuild",
        "hint_worker", "hint_move", "hint_build", "error", "winner", "setup", "calibrate",
        "selftest", "menu_option", "menu_selected", "menu_page", "bridge_down", "idle", "clock_low",
        "carry_place", "carry_worker", "carry_move", "carry_build", "carry_dome",
        "link_problem", "takeback",
        "take_worker", "place_block", "take_block", "build_under", "ferry",
        "female", "hint_take", "hint_under", "chaos_draw", "chaos_card",
    }  # fmt: skip
    assert {fix.value for fix in Fix} == {"place_worker", "remove_piece", "wrong_level"}


def test_an_error_needs_its_fix() -> None:
    with pytest.raises(ValueError, match="fix"):
        Mark(Element.ERROR)
    with pytest.raises(ValueError, match="fix"):
        Mark(Element.BUILD, fix=Fix.REMOVE_PIECE)


def test_a_level_comes_with_a_wrong_level_error_only() -> None:
    with pytest.raises(ValueError, match="level"):
        Mark.error(Fix.WRONG_LEVEL)
    with pytest.raises(ValueError, match="level"):
        Mark.error(Fix.REMOVE_PIECE, level=1)
    with pytest.raises(ValueError, match="level"):
        Mark.error(Fix.WRONG_LEVEL, level=4)


@pytest.mark.parametrize("kind", sorted(PLAYER_ELEMENTS))
def test_kinds_in_a_players_colour_need_the_player(kind: Element) -> None:
    with pytest.raises(ValueError, match="player"):
        Mark(kind)
    with pytest.raises(ValueError, match="player"):
        Mark(kind, player=4)
    assert Mark(kind, player=3).player == 3


def test_other_kinds_have_no_player_except_put_a_worker_here() -> None:
    with pytest.raises(ValueError, match="player"):
        Mark(Element.DESTINATION, player=0)
    with pytest.raises(ValueError, match="player"):
        Mark.error(Fix.REMOVE_PIECE, player=0)
    assert Mark.error(Fix.PLACE_WORKER, player=1).player == 1
