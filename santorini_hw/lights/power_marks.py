"""Marks for what the advanced gods' cards hold, which a person at the board cannot see
on the pieces: Selene's female worker (`female`) and Chaos' newly drawn power
(`chaos_draw` on his workers, `chaos_card` on that god's cell of the menu).

Both go only where they hide no step to take: the female on her own cell while it says
"may move" (or is dark), Chaos' draw on dark cells and "may move" marks, under any error,
hint or step of a turn carried out for the engine.
"""

from __future__ import annotations

from santorini_hw.lights.scenes import Element, Mark, Scene
from santorini_hw.referee.menu_pages import page_cell
from santorini_hw.rules.cards import holder
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God

_COVERABLE = (None, Element.TURN_WORKER)
"""What a power's mark may cover: a dark cell, or "this worker may move"."""


class ChaosDraw:
    """Chaos' face-up power from the moment it changes (a draw, or one taken back by an
    undo) until the next turn's first step; `update` after every change to the game."""

    def __init__(self, game: Game) -> None:
        self._power = _face_up(game)
        self._drawn: God | None = None

    def update(self, game: Game) -> God | None:
        """The power to show now, or None."""
        power = _face_up(game)
        if power is not self._power:
            self._power = self._drawn = power
        if game.phase is not Phase.PLAY or game.turn is None or game.turn.actions:
            self._drawn = None
        return self._drawn


def _face_up(game: Game) -> God | None:
    cards = game.position.cards
    return None if cards is None else cards.chaos_power


def chaos_marks(scene: Scene, game: Game, drawn: God | None) -> Scene:
    """Chaos' workers in his hue, and the cell where the menu offers the drawn god."""
    chaos = holder(game.lineup.gods, God.CHAOS)
    if drawn is None or chaos < 0:
        return scene
    workers = cells_of(game.board.workers[game.lineup.sides[chaos]])
    scene = _where_free(scene, workers, Mark(Element.CHAOS_DRAW, player=chaos))
    return _where_free(scene, [page_cell(drawn)], Mark(Element.CHAOS_CARD))


def female_marks(scene: Scene, game: Game, holding: bool) -> Scene:
    """Selene's female: through the setup once placed; in Selene's turns (no worker in a
    hand) where she may move, and after she moved, while her builds are lit."""
    selene = holder(game.lineup.gods, God.SELENE)
    turn, cards = game.turn, game.board.cards
    female = turn.power.female if turn is not None and turn.power is not None else -1
    if turn is None and cards is not None:
        female = cards.female  # the setup: no turn yet
    if selene < 0 or female < 0 or game.phase is Phase.OVER:
        return scene
    mark = Mark(Element.FEMALE, player=selene)
    if turn is None:
        return scene.with_mark(female, mark)
    if holding or game.position.to_move != selene:
        return scene
    shown = _kind(scene.composed()[female])
    may_move = shown is Element.TURN_WORKER
    builds_next = turn.moves > 0 and turn.worker == female and shown is None
    return scene.with_mark(female, mark) if may_move or builds_next else scene


def _where_free(scene: Scene, cells: list[int] | tuple[int, ...], mark: Mark) -> Scene:
    shown = scene.composed()
    return scene.with_marks([cell for cell in cells if _kind(shown[cell]) in _COVERABLE], mark)


def _kind(mark: Mark | None) -> Element | None:
    return None if mark is None else mark.kind
