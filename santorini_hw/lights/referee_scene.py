"""What the board shows for the referee's state: the one place where game meets lights.

`scene_for` reads the referee (its game, the error it raised, the workers in a hand)
and says what each cell means, layer by layer; it never picks a colour. The daemon
calls it after every referee event and shows the result through a `LightsOutput`.

What it shows, by the referee's state:

- placement: `setup` on every free cell, in the colour of the player placing;
- a turn carried out for a seat not at the board (the engine): its next step only
  (`carry_scene.py`); while that seat's turn is not known yet, no legal marks;
- a turn not yet begun: `turn_worker` on the workers that can move (and `prebuild` on
  Prometheus' build-before-move cells, `build` on Hermes' build-without-moving cells);
- a worker lifted (`referee.holding`): `destination` on where it may go;
- after the move: `build` where a block may go, `dome_build` where Atlas may dome a
  tower under level 3, `second_build` for Demeter's and Hephaestus' optional second
  build, and `turn_worker` again on a worker that may still move (Artemis, Hermes);
- the advanced gods' options: `ferry` where Charon may set an opponent's worker down
  (only those of the worker in the hand once one is lifted), `take_block` on Ares'
  blocks, `build_under` on Zeus' worker;
- the hint, if it still fits the turn: `hint_worker`, `hint_move`, `hint_build`, and
  `hint_take`, `hint_under` for the advanced gods' steps (`hint_marks.py`);
- Selene's female (`female`) and the power Chaos just drew (`chaos_draw`, `chaos_card`),
  where they hide no step to take (`power_marks.py`);
- a remote player's takeback request (the person at the board accepts it with undo):
  `takeback` on that player's workers, while no turn of theirs is being carried out;
- an error, or an undo waiting for the board to be put back: only the first fix (one
  fix at a time), every other cell dark;
- game over: `winner` on the winner's workers;
- `error` (remove a piece) on stray pieces left beside a win and on eliminated workers;
  `take_worker` on workers a power removed (Bia, Medusa) still standing, `place_block`
  where Medusa's petrification block is still to go;
- the clock short (`clock_warning`): `clock_low` on the workers of the player to move,
  over their legal marks (placement: on the workers placed so far);
- `bridge_down` on the four corners while the stack-sensor bridge is unplugged;
- `link_problem` on the middle of each edge while a paired board holds another game
  (daemon/board_link/);
- `idle` on c3 when nothing else would be lit.
"""

from __future__ import annotations

from santorini_hw.lights.carry_scene import carry_scene
from santorini_hw.lights.hint_marks import hint_marks
from santorini_hw.lights.power_marks import chaos_marks, female_marks
from santorini_hw.lights.scenes import Element, Fix, Mark, Scene
from santorini_hw.referee.board_view import CellFix, level_of
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.actions import BUILD, DOME, FERRY, UNBUILD
from santorini_hw.rules.cells import cells_of, parse_cell
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.turns import Turn

BRIDGE_DOWN_CELLS = ("a1", "e1", "a5", "e5")
"""Corners: visible from every seat, and the rest of the board stays readable."""
LINK_PROBLEM_CELLS = ("c1", "a3", "e3", "c5")
"""The middle of each edge: the paired board holds another game (beside the corners)."""
IDLE_CELL = "c3"

_FIX_OF = {
    "remove_worker": Fix.REMOVE_PIECE,
    "remove_piece": Fix.REMOVE_PIECE,
    "fault": Fix.REMOVE_PIECE,  # a badly seated piece reads as a fault: lift it, set it again
    "place_worker": Fix.PLACE_WORKER,
    "add_piece": Fix.WRONG_LEVEL,
}


def scene_for(
    referee: Referee,
    *,
    hint: Turn | None = None,
    bridge_connected: bool = True,
    clock_warning: bool = False,
    link_problem: bool = False,
    takeback: str | None = None,
    chaos_draw: God | None = None,
) -> Scene:
    """The scene for the referee's state now; `hint` is the engine's turn for the
    player to move (shown only while its first action is still legal); `clock_warning`:
    that player is short of time; `link_problem`: the paired board disagrees;
    `takeback`: the remote player asking for one; `chaos_draw`: the power Chaos just
    drew (`power_marks.ChaosDraw`)."""
    scene = Scene()
    if not bridge_connected:
        scene = scene.with_marks(BRIDGE_DOWN_CELLS, Mark(Element.BRIDGE_DOWN))
    if link_problem:
        scene = scene.with_marks(LINK_PROBLEM_CELLS, Mark(Element.LINK_PROBLEM))
    guidance = referee.guidance
    if guidance:
        return scene.with_mark(guidance[0].cell, _error_mark(referee, guidance[0]))
    removals = referee.removals
    strays = [cell for cell in referee.pending_removal if cell not in removals]
    scene = scene.with_marks(strays, Mark.error(Fix.REMOVE_PIECE))
    game = referee.game
    awaiting = referee.awaiting
    if awaiting is not None:
        scene = carry_scene(scene, referee, awaiting)
    elif game.phase is Phase.OVER:
        scene = _winner(scene, game)
    elif not referee.waiting_for_remote:  # else that seat's turn is not known yet
        scene = _at_the_board(scene, referee, hint)
    scene = female_marks(scene, game, bool(referee.holding))
    scene = chaos_marks(scene, game, chaos_draw)
    if takeback is not None and awaiting is None and game.phase is not Phase.OVER:
        index = game.lineup.index_of(takeback)
        cells = cells_of(game.board.workers[game.lineup.sides[index]])
        scene = scene.with_marks(cells, Mark(Element.TAKEBACK, player=index))
    scene = scene.with_marks(referee.pending_blocks, Mark(Element.PLACE_BLOCK))
    scene = scene.with_marks(removals, Mark(Element.TAKE_WORKER))  # first the worker off
    if clock_warning and game.phase is not Phase.OVER:
        player = game.position.to_move
        workers = cells_of(game.board.workers[game.lineup.sides[player]])
        scene = scene.with_marks(workers, Mark(Element.CLOCK_LOW, player=player))
    if not any(scene.composed()):
        scene = scene.with_mark(IDLE_CELL, Mark(Element.IDLE))
    return scene


def _at_the_board(scene: Scene, referee: Referee, hint: Turn | None) -> Scene:
    """Where the player at the board may place, move or build (and the hint)."""
    game = referee.game
    if game.phase is Phase.PLACEMENT:
        player = game.position.to_move
        return scene.with_marks(cells_of(game.placements()), Mark(Element.SETUP, player=player))
    scene = _legal(scene, game, referee.holding)
    if hint is not None and hint.actions and hint.actions[0] in game.legal_actions():
        scene = hint_marks(scene, game.position, hint)
    return scene


def _error_mark(referee: Referee, fix: CellFix) -> Mark:
    """The first fix as a mark: remove a piece, put a worker back, or rebuild to a level."""
    kind = _FIX_OF[fix.kind]
    if kind is Fix.WRONG_LEVEL:
        return Mark.error(kind, level=level_of(referee.expected_view.buildings, fix.cell))
    if kind is Fix.PLACE_WORKER:
        expected = referee.undo_target or referee.game.board
        side = expected.side_at(fix.cell)
        owner = expected.lineup.members(side)[0] if side >= 0 else None
        player = None if owner is None else expected.lineup.index_of(owner)
        return Mark.error(kind, player=player)
    return Mark.error(kind)


def _winner(scene: Scene, game: Game) -> Scene:
    assert game.winner is not None
    lineup = game.lineup
    index = lineup.index_of(game.winner)
    cells = cells_of(game.board.workers[lineup.sides[index]])
    return scene.with_marks(cells, Mark(Element.WINNER, player=index))


def _legal(scene: Scene, game: Game, holding: tuple[str, ...]) -> Scene:
    """Moves and builds of the turn in progress."""
    turn = game.turn
    assert turn is not None
    legal = game.legal_actions()
    moves = [a for a in legal if a.is_move]
    ferries = [a for a in legal if a.kind == FERRY]
    builds = [a for a in legal if a.kind in (BUILD, DOME)]
    if holding:
        held = {parse_cell(cell) for cell in holding}
        scene = scene.with_marks((a.dst for a in ferries if a.src in held), Mark(Element.FERRY))
        return scene.with_marks((a.dst for a in moves if a.src in held), Mark(Element.DESTINATION))
    scene = scene.with_marks(
        {a.src for a in moves}, Mark(Element.TURN_WORKER, player=game.position.to_move)
    )
    scene = scene.with_marks((a.dst for a in ferries), Mark(Element.FERRY))
    scene = scene.with_marks((a.dst for a in legal if a.kind == UNBUILD), Mark(Element.TAKE_BLOCK))
    under = {a.dst for a in builds if turn.board.occupied >> a.dst & 1}  # Zeus
    scene = scene.with_marks(under, Mark(Element.BUILD_UNDER))
    builds = [a for a in builds if a.dst not in under]
    god = turn.god
    if turn.moves == 0 and god is God.PROMETHEUS:
        return scene.with_marks((a.dst for a in builds), Mark(Element.PREBUILD))
    if turn.builds > 0:
        return scene.with_marks((a.dst for a in builds), Mark(Element.SECOND_BUILD))
    domes = {a.dst for a in builds if a.kind == DOME and turn.board.height(a.dst) < 3}
    scene = scene.with_marks({a.dst for a in builds} - domes, Mark(Element.BUILD))
    return scene.with_marks(domes, Mark(Element.DOME_BUILD))
