"""The next step of a turn someone at the board carries out for a seat not at the board.

One step at a time, in that seat's hue: the cell of a worker to place; else the worker
to lift, then (once it is up in a hand) only its destination (and where an Apollo or
Minotaur move sends the opponent's worker, in its owner's hue), then the build or the
dome, and so on through every step of a god's turn: Charon's ferry as the opponent's
worker to lift and where it goes (in its owner's hue), Ares' block to take off
(`take_block`), Zeus' block on his own cell; Bia's and Medusa's victims are lit by the
referee's scene (`take_worker`).
"""

from __future__ import annotations

from santorini_hw.lights.scenes import Element, Mark, Scene
from santorini_hw.referee.expected import ExpectedTurn
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.actions import DOME, FERRY, PASS, UNBUILD, Action
from santorini_hw.rules.cells import beyond
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position


def carry_scene(scene: Scene, referee: Referee, expected: ExpectedTurn) -> Scene:
    for cell, mark in carry_marks(referee, expected):
        scene = scene.with_mark(cell, mark)
    return scene


def carry_marks(referee: Referee, expected: ExpectedTurn) -> list[tuple[int, Mark]]:
    """The cells of the next step and their marks (the lights' and the page's)."""
    game = referee.game
    seat = game.lineup.index_of(expected.player)
    if expected.is_placement:
        left = [cell for cell in expected.cells if not game.position.occupied >> cell & 1]
        return [(left[0], Mark(Element.CARRY_PLACE, player=seat))] if left else []
    done = len(game.turn.actions) if game.turn is not None else len(expected.actions)
    if done >= len(expected.actions):
        return []
    action = expected.actions[done]
    if action.kind == UNBUILD:  # Ares: the block to take off
        return [(action.dst, Mark(Element.TAKE_BLOCK))]
    if action.kind == FERRY:  # Charon: the opponent's worker, then where it goes across
        owner = game.lineup.index_of(game.board.lineup.members(game.board.side_at(action.src))[0])
        if not referee.holding:
            return [(action.src, Mark(Element.CARRY_WORKER, player=owner))]
        return [(action.dst, Mark(Element.CARRY_MOVE, player=owner))]
    if not action.is_move:  # (Zeus' block goes under his worker: lift, build, set back)
        kind = Element.CARRY_DOME if action.kind == DOME else Element.CARRY_BUILD
        return [] if action.kind == PASS else [(action.dst, Mark(kind, player=seat))]
    if not referee.holding:  # (a block put down first may hide which cell it left)
        return [(action.src, Mark(Element.CARRY_WORKER, player=seat))]
    marks = [(action.dst, Mark(Element.CARRY_MOVE, player=seat))]
    forced = _forced(game.board, game.turn.god if game.turn is not None else None, action)
    if forced is not None:
        cell, owner = forced
        marks.append((cell, Mark(Element.CARRY_MOVE, player=owner)))
    return marks


def _forced(board: Position, power: God | None, action: Action) -> tuple[int, int] | None:
    """Where the opponent on `action`'s destination must go (`power` held now, by
    whichever card: Apollo's swap to the mover's cell, Minotaur's push one step
    further), and that worker's player index; None if nobody is there."""
    side = board.side_at(action.dst)
    if side < 0 or side == board.side:
        return None
    cell = action.src if power is God.APOLLO else beyond(action.src, action.dst)
    lineup = board.lineup
    return cell, lineup.index_of(lineup.members(side)[0])
