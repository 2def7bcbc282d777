"""The board as a menu: touches with a worker choose, done confirms, and the setup is the
one the API would make with the same decisions."""

from __future__ import annotations

import doctest
import random

import pytest

from santorini_hw.lights.menu_scene import menu_scene
from santorini_hw.lights.scenes import lit_cells
from santorini_hw.referee import menu as menu_module
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.rules.cells import CELL_COUNT, cell_name, parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import SIMPLE_GODS, God, parse_god
from santorini_hw.rules.setup import OfficialSelection, QuickSelection
from santorini_hw.sensing.observation import CellObservation, Observation


class Hand:
    """A worker touching cells of the menu: settled observations with it down or up."""

    def __init__(self, menu: BoardMenu) -> None:
        self.menu = menu
        self.time = 0.0
        self.show(None)

    def show(self, cell: str | None) -> None:
        self.time += 0.5
        cells = tuple(
            CellObservation(worker=cell is not None and i == parse_cell(cell), level=0, dome=False)
            for i in range(CELL_COUNT)
        )
        self.menu.observe(Observation(cells, self.time))

    def touch(self, *cells: str) -> None:
        for cell in cells:
            self.show(cell)
            self.show(None)

    def choose(self, *cells: str) -> None:
        self.touch(*cells)
        assert self.menu.press("done")


def option_cell(menu: BoardMenu, option: str) -> str:
    step = menu.step
    assert step is not None
    cells = {name: cell for cell, name in step.cells.items()}
    return cell_name(cells[option])


def test_the_first_step_lights_the_player_counts_a_game_against_the_engine_and_seating() -> None:
    menu = BoardMenu(random.Random(1))
    cells = ["a1", "b1", "c1", "d1", "e1", "a2", "b2"]
    assert lit_cells(menu_scene(menu)) == dict.fromkeys(cells, "menu_option")


def test_a_touch_selects_and_lights_the_choice_without_deciding() -> None:
    menu = BoardMenu(random.Random(1))
    Hand(menu).touch("b1")
    assert menu.selected == ("3",) and menu.step is not None and menu.step.key == "players"
    assert lit_cells(menu_scene(menu))["b1"] == "menu_selected"


def test_a_touch_off_the_options_and_done_without_a_choice_do_nothing() -> None:
    menu = BoardMenu(random.Random(1))
    Hand(menu).touch("e5")
    assert menu.selected == () and not menu.press("done") and not menu.press("hint")


def test_a_worker_standing_still_is_one_touch_not_many() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    hand.show("a1")
    menu.press("done")
    hand.show("a1")  # still there when the next step lights a1 again
    assert menu.selected == ()


def test_two_players_without_gods_is_the_apis_default_game() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    hand.choose("a1")
    hand.choose(option_cell(menu, "no_gods"))
    hand.choose(option_cell(menu, "off"))
    assert menu.step is None and lit_cells(menu_scene(menu)) == {}
    assert menu.lineup() == Game.new(("A", "B")).lineup and menu.clock == "off"


def test_three_players_can_only_choose_the_official_selection() -> None:
    menu = BoardMenu(random.Random(1))
    Hand(menu).choose("b1")
    assert menu.step is not None and menu.step.options == ("official",)


def test_the_official_selection_on_the_board_matches_the_api() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    hand.choose("a1")
    hand.choose(option_cell(menu, "official"))
    assert menu.step is not None and menu.step.key == "pool" and menu.selected == ("simple",)
    assert menu.press("done")  # the board's setting, chosen already
    hand.choose(option_cell(menu, "60+300"))
    assert menu.step is not None and (menu.step.key, menu.step.player) == ("offer", "A")
    hand.touch("a1", "b1", "a1")  # Apollo, Artemis, Apollo again: dropped
    assert menu.selected == ("Artemis",) and not menu.press("done")
    hand.choose(option_cell(menu, "Pan"))
    assert (menu.step.key, menu.step.player, menu.step.options) == ("god", "B", ("Artemis", "Pan"))
    hand.choose("d2")  # B takes Pan: it stays on its cell
    hand.choose(option_cell(menu, "B"))  # A names B the start player
    api = OfficialSelection(("A", "B"))
    api.decide("A", (God.ARTEMIS, God.PAN))
    api.decide("B", God.PAN)
    api.decide("A", "B")
    assert menu.lineup() == api.lineup()
    assert menu.lineup().players == ("B", "A") and menu.lineup().gods == (God.PAN, God.ARTEMIS)


def test_the_quick_selection_offers_what_the_api_would_with_the_same_seed() -> None:
    menu = BoardMenu(random.Random(7))
    hand = Hand(menu)
    hand.choose("a1")
    hand.choose(option_cell(menu, "quick"))
    assert menu.press("done")  # the simple gods
    hand.choose(option_cell(menu, "off"))
    api = QuickSelection(("A", "B"), random.Random(7))
    assert menu.step is not None and api.step is not None
    assert menu.step.options == api.step.options
    first, second = api.offered[0], api.offered[3]
    hand.choose(option_cell(menu, first.value))
    hand.choose(option_cell(menu, second.value))
    api.decide("A", first)
    api.decide("B", second)
    assert menu.lineup() == api.lineup()


def test_four_players_play_in_teams() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    hand.choose("c1")
    hand.choose(option_cell(menu, "no_gods"))
    hand.choose(option_cell(menu, "30+120"))
    assert menu.lineup() == Game.new(("A", "B", "C", "D")).lineup and menu.clock == "30+120"


def test_three_players_skip_the_clock_and_go_from_the_pool_to_the_gods() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    hand.choose("b1")
    hand.choose(option_cell(menu, "official"))
    assert menu.step is not None and menu.step.key == "pool" and menu.press("done")
    assert menu.step is not None and menu.step.key == "offer" and menu.clock == "off"


def test_the_page_chooses_by_option_name_and_a_wrong_name_is_refused() -> None:
    menu = BoardMenu(random.Random(1))
    menu.choose("4")
    assert menu.selected == ("4",)
    with pytest.raises(ValueError, match="'Zeus' is not an option now"):
        menu.choose("Zeus")


def test_the_module_docstring_example_runs_as_written() -> None:
    result = doctest.testmod(menu_module)
    assert result.attempted > 0 and result.failed == 0


def to_gods(menu: BoardMenu, hand: Hand, procedure: str, pool: str, players: str = "a1") -> None:
    """The players (a1: two), `procedure` and `pool`, no clock: on to the first god step."""
    hand.choose(players)
    hand.choose(option_cell(menu, procedure))
    hand.choose(option_cell(menu, pool))
    if menu.step is not None and menu.step.key == "clock":  # three players have none
        hand.choose(option_cell(menu, "off"))


def test_the_pool_step_comes_with_the_boards_setting_chosen() -> None:
    menu = BoardMenu(random.Random(1), pool="all")
    hand = Hand(menu)
    hand.choose("a1")
    hand.choose(option_cell(menu, "official"))
    assert menu.step is not None and menu.step.options == ("simple", "advanced", "all")
    assert menu.selected == ("all",) and lit_cells(menu_scene(menu))["c1"] == "menu_selected"


def test_four_players_are_not_asked_for_a_pool_the_advanced_gods_being_barred() -> None:
    menu = BoardMenu(random.Random(1), pool="advanced")
    hand = Hand(menu)
    hand.choose("c1")
    hand.choose(option_cell(menu, "official"))
    assert menu.step is not None and menu.step.key == "clock"
    hand.choose(option_cell(menu, "off"))
    assert menu.step is not None and menu.step.options == tuple(g.value for g in SIMPLE_GODS)


def test_all_thirty_gods_lie_on_two_pages_and_e5_turns_the_page() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    to_gods(menu, hand, "official", "all")
    assert menu.step is not None and len(menu.step.options) == 30
    simple = lit_cells(menu_scene(menu))
    assert simple["a1"] == simple["e2"] == "menu_option" and "a3" not in simple
    assert simple["e5"] == "menu_page"
    hand.touch("a1", "e5")  # Apollo, then the advanced page
    advanced = lit_cells(menu_scene(menu))
    assert advanced["a1"] == advanced["e4"] == "menu_option" and advanced["e5"] == "menu_page"
    hand.touch("e4")  # Zeus
    assert menu.selected == ("Apollo", "Zeus") and menu.press("done")
    assert menu.page == 0 and menu.step is not None and menu.step.key == "god"


def test_a_god_keeps_its_cell_whatever_the_step_offers() -> None:
    menu = BoardMenu(random.Random(1))
    hand = Hand(menu)
    to_gods(menu, hand, "official", "advanced")
    assert menu.step is not None and len(menu.step.pages) == 1
    assert option_cell(menu, "Aphrodite") == "a1" and option_cell(menu, "Zeus") == "e4"
    hand.choose("d4", "e4")  # Triton and Zeus
    assert menu.step is not None and menu.step.cells == {18: "Triton", 19: "Zeus"}


def test_barred_gods_leave_their_cells_dark_for_three_players() -> None:
    menu = BoardMenu(random.Random(1))
    to_gods(menu, Hand(menu), "official", "advanced", players="b1")
    assert menu.step is not None and menu.step.key == "offer"
    lit = lit_cells(menu_scene(menu))
    assert "a1" not in lit and "a2" not in lit and "b2" not in lit  # Aphrodite, Chronus, Circe
    assert lit["b1"] == "menu_option" and len(lit) == 17


def test_the_quick_selection_draws_from_the_advanced_gods_on_their_page() -> None:
    menu = BoardMenu(random.Random(3))
    hand = Hand(menu)
    to_gods(menu, hand, "quick", "advanced")
    assert menu.step is not None and len(menu.step.options) == 4
    assert all(not parse_god(option).is_simple for option in menu.step.options)
    assert set(menu.step.cells.values()) == set(menu.step.options)


def test_the_page_chooses_a_god_of_either_page_and_may_turn_the_boards_page() -> None:
    menu = BoardMenu(random.Random(1))
    to_gods(menu, Hand(menu), "official", "all")
    menu.choose("Zeus")
    menu.choose("turn_page")
    assert menu.selected == ("Zeus",) and menu.page == 1
