"""What the board shows in menu mode: the options of the current step and those chosen.

Kept apart from the menu logic (`referee/menu.py`), which knows nothing of lights: the
menu reads touches and presses, this module reads the menu.
"""

from __future__ import annotations

from santorini_hw.lights.scenes import Element, Mark, Scene
from santorini_hw.referee.menu import BoardMenu
from santorini_hw.referee.menu_pages import TURN_PAGE


def menu_scene(menu: BoardMenu) -> Scene:
    """`menu_option` on every option's cell, `menu_selected` on the chosen ones,
    `menu_page` on the cell that turns the page of gods; dark once the setup is complete."""
    step = menu.step
    if step is None:
        return Scene()
    options = [cell for cell, option in step.cells.items() if option != TURN_PAGE]
    chosen = [cell for cell in options if step.cells[cell] in menu.selected]
    turn = [cell for cell, option in step.cells.items() if option == TURN_PAGE]
    scene = Scene().with_marks(options, Mark(Element.MENU_OPTION))
    scene = scene.with_marks(turn, Mark(Element.MENU_PAGE))
    return scene.with_marks(chosen, Mark(Element.MENU_SELECTED))
