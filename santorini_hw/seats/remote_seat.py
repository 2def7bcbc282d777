"""A remote seat: a person somewhere else (a phone, another board) whose turns the board
shows and someone at the table carries out.

Pure: `legal_turns` lists what the seat may send now (whole turns, or a placement's
cells, in the rules notation) and `remote_turn` reads one sent turn into the referee's
`ExpectedTurn`, checked by the rules core first. A turn that cannot be is refused with
`RemoteTurnRefused`: 409 when the game is not where the sender thought (not their turn,
the game over), 422 when the turn itself is malformed or illegal.

>>> game = Game.new(("A", "B"))
>>> for cell in (0, 24): game.place(cell)
>>> len(legal_turns(game, "B")), legal_turns(game, "B")[0]
(253, ['b1', 'c1'])
>>> remote_turn(game, "B", ["c3", "d4"]).steps()
['c3', 'd4']
>>> remote_turn(game, "A", ["c3", "d4"])
Traceback (most recent call last):
...
santorini_hw.seats.remote_seat.RemoteTurnRefused: 409: it is B's turn, not A's
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from santorini_hw.referee.expected import ExpectedTurn, checked
from santorini_hw.rules.actions import NotationError, parse_action
from santorini_hw.rules.cells import CELL_COUNT, CellError, cell_name, parse_cell
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import IllegalActionError
from santorini_hw.rules.turns import generate_turns

STALE = 409
"""The game is not where the sender thought: nothing is wrong with the turn itself."""
ILLEGAL = 422
"""The turn is malformed or against the rules in the game as it stands."""


class RemoteTurnRefused(ValueError):  # noqa: N818 (the name the API and the link use)
    """A remote turn the board will not show; `status` is the HTTP code that says why."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"{status}: {reason}")
        self.status = status
        self.reason = reason


class TurnList(NamedTuple):
    """What a seat's list of turns is made from, taken from the game in one step, so that
    making the list (`listed`: seconds for Morpheus with many saved blocks) can run away
    from the event loop while the game goes on."""

    position: Position
    placing: int
    """Workers to place (the placement's cells are listed), 0 in play (whole turns)."""


def turn_list(game: Game, player: str) -> TurnList | None:
    """What `player` may send now is listed from; None when it is not their turn."""
    if game.phase is Phase.OVER or game.player != player:
        return None
    return TurnList(game.position, _placing(game) if game.phase is Phase.PLACEMENT else 0)


def listed(request: TurnList) -> list[list[str]]:
    """Every turn of `request`, in the rules notation: whole turns (one per distinct
    outcome, the shortest way to it), or every set of free cells to place on, in cell
    order."""
    position = request.position
    if request.placing:
        free = [cell for cell in range(CELL_COUNT) if not position.occupied >> cell & 1]
        return [
            [cell_name(cell) for cell in cells] for cells in combinations(free, request.placing)
        ]
    return [[action.text() for action in turn.actions] for turn in generate_turns(position)]


def legal_turns(game: Game, player: str) -> list[list[str]]:
    """Every turn `player` may send now (`listed`); [] when it is not their turn."""
    request = turn_list(game, player)
    return [] if request is None else listed(request)


def remote_turn(game: Game, player: str, actions: list[str]) -> ExpectedTurn:
    """`actions` (a turn's actions, or a placement's cells) as the turn the board is to
    show for `player`, checked by the rules core against the game as it stands."""
    if game.phase is Phase.OVER:
        raise RemoteTurnRefused(STALE, "the game is over")
    if game.player != player:
        raise RemoteTurnRefused(STALE, f"it is {game.player}'s turn, not {player}'s")
    return read_turn(game.position, game.phase is Phase.PLACEMENT, actions)


def read_turn(start: Position, placing: bool, actions: list[str]) -> ExpectedTurn:
    """`actions` read and checked as the turn (`placing`: the placement) of the player
    to move in `start`; `RemoteTurnRefused` (422) saying what is wrong with it."""
    player = start.player
    try:
        if placing:
            expected = ExpectedTurn(player, start, cells=tuple(map(_cell, actions)))
        else:
            expected = ExpectedTurn(player, start, tuple(map(parse_action, actions)))
        return checked(expected)
    except (NotationError, IllegalActionError) as error:
        raise RemoteTurnRefused(ILLEGAL, str(error)) from None


def _placing(game: Game) -> int:
    """How many workers the player to place puts down in their placement."""
    position = game.position
    return 2 - position.workers[position.side].bit_count()


def _cell(text: str) -> int:
    try:
        return parse_cell(text)
    except CellError:
        raise NotationError(f"bad cell {text!r}: a placement names cells, a1 to e5") from None
