"""What the board shows in menu mode: the options of the current step and those chosen.

Kept apart from the menu logic (`referee/menu.py`), which knows nothing of lights: the
menu reads touches and presses, this module reads the menu.
"""

from __future__ import annotations

from santorini_hw.lights.scenes import Element, Mark, Scene
from santorini_hw.referee.menu import BoardMenu


def menu_scene(menu: BoardMenu) -> Scene:
    """`menu_option` on every option's cell, `menu_selected` on the chosen ones; dark
    once the setup is complete."""
    step = menu.step
    if step is None:
        return Scene()
    chosen = [cell for cell, option in step.cells.items() if option in menu.selected]
    scene = Scene().with_marks(step.cells, Mark(Element.MENU_OPTION))
    return scene.with_marks(chosen, Mark(Element.MENU_SELECTED))
