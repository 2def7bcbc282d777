"""Positions and turns between our position JSON and the AlphaZero anchor's board.

Pure functions on plain JSON values (no numpy, no torch), so the project's tests check
them without the anchor. The anchor (cestpasphoto/alpha-zero-general, `santorini/`)
keeps a 5x5x3 array seen from the player to move: channel 0 holds workers (+1/+2 for the
mover, -1/-2 for the opponent), channel 1 the levels (4 is a dome, whatever stands under
it), channel 2 flattened holds 64 in the slot of each player's god (mover's gods at
0..NB_GODS-1, opponent's at NB_GODS..2*NB_GODS-1; +1 on the opponent's Athena slot when
Athena moved up) and the count of its moves at 2*NB_GODS. A cell's row is its digit and
its column its letter: a1 is (0, 0), e5 is (4, 4). The anchor's action is
worker, power, move direction and build direction; a direction d is the step
(d // 3 - 1, d % 3 - 1) and 4 means none.

>>> anchor_cell("c4"), cell_name((3, 2))
((3, 2), 'c4')
"""

from __future__ import annotations

from typing import Any, NamedTuple

NO_DIRECTION = 4
DOME_LEVEL = 4
ROUND_CAP = 127
ANCHOR_GODS = (
    None,
    "Apollo",
    "Minotaur",
    "Atlas",
    "Hephaestus",
    "Artemis",
    "Demeter",
    "Hermes",
    "Pan",
    "Athena",
    "Prometheus",
)
"""The anchor's god numbers (NO_GOD = 0 ... PROMETHEUS = 10)."""
GODS_SLOTS = len(ANCHOR_GODS)
COLUMNS = "abcde"


class TranslationError(ValueError):
    """A position the anchor cannot represent, or an anchor action that makes no sense."""


class Step(NamedTuple):
    """One anchor action; a turn is one or more (Artemis, Demeter, Hermes, Prometheus)."""

    worker: int
    power: int
    move: int
    build: int

    @classmethod
    def decode(cls, action: int, gods_slots: int) -> Step:
        """The anchor's action number (W P MMM BBB, mixed radix) as its four fields."""
        worker, rest = divmod(action, gods_slots * 81)
        power, rest = divmod(rest, 81)
        move, build = divmod(rest, 9)
        return cls(worker, power, move, build)


class Proposal(NamedTuple):
    """A turn as a side proposes it, to be found among the legal turns."""

    actions: list[str]
    """The turn in our notation, e.g. ["b2-c3", "d4"]."""
    result: dict[str, Any]
    winner: str | None


def anchor_cell(cell: str) -> tuple[int, int]:
    if len(cell) != 2 or cell[0] not in COLUMNS or cell[1] not in "12345":
        raise TranslationError(f"not a cell: {cell!r}")
    return int(cell[1]) - 1, COLUMNS.index(cell[0])


def cell_name(square: tuple[int, int]) -> str:
    row, column = square
    if not (0 <= row < 5 and 0 <= column < 5):
        raise TranslationError(f"off the board: row {row}, column {column}")
    return f"{COLUMNS[column]}{row + 1}"


def shifted(cell: str, direction: int) -> str:
    """The cell one step from `cell` in the anchor's `direction` (0-8, 4 is none)."""
    row, column = anchor_cell(cell)
    return cell_name((row + direction // 3 - 1, column + direction % 3 - 1))


def sides(position: dict[str, Any]) -> tuple[str, str]:
    """(player to move, opponent): the anchor plays two-player games only."""
    players = list(position["workers"])
    mover = position["to_move"]
    if len(players) != 2 or mover not in players:
        raise TranslationError(f"the anchor plays two players, not {players}")
    return mover, players[1 - players.index(mover)]


def god_of(position: dict[str, Any], player: str) -> str | None:
    name = (position.get("gods") or {}).get(player)
    return None if name is None else str(name).capitalize()


def anchor_state(position: dict[str, Any], *, gods: bool, moves: int) -> list[list[list[int]]]:
    """The anchor's 5x5x3 board for `position`, seen from the player to move.

    `gods` chooses the layout of the network trained with gods (11 slots a side, and both
    players need a god) or without (1 slot, and no player may have one); `moves` is the
    anchor's move counter (capped at 127 as the anchor caps it).
    """
    mover, opponent = sides(position)
    state = [[[0, 0, 0] for _ in range(5)] for _ in range(5)]
    for sign, player in ((1, mover), (-1, opponent)):
        cells = position["workers"][player]
        if len(cells) != 2:
            raise TranslationError(f"the anchor needs two workers a side, {player} has {cells}")
        for index, cell in enumerate(cells):
            row, column = anchor_cell(cell)
            state[row][column][0] = sign * (index + 1)
    for cell, height in position.get("heights", {}).items():
        row, column = anchor_cell(cell)
        state[row][column][1] = int(height)
    for cell in position.get("domes", []):
        row, column = anchor_cell(cell)
        state[row][column][1] = DOME_LEVEL
    slots = GODS_SLOTS if gods else 1
    meta = [0] * 25
    for side, player in enumerate((mover, opponent)):
        number = _god_number(god_of(position, player), gods)
        meta[side * slots + number] = 64
    if position.get("athena_moved_up") and god_of(position, opponent) == "Athena":
        meta[slots + ANCHOR_GODS.index("Athena")] += 1
    meta[2 * slots] = min(moves, ROUND_CAP)
    for index, value in enumerate(meta):
        state[index // 5][index % 5][2] = value
    return state


def _god_number(god: str | None, gods: bool) -> int:
    if not gods:
        if god is not None:
            raise TranslationError(f"the anchor's network without gods cannot play {god}")
        return 0
    if god not in ANCHOR_GODS or god is None:
        raise TranslationError(f"the anchor's network with gods needs one of the ten, not {god}")
    return ANCHOR_GODS.index(god)


def apply_steps(position: dict[str, Any], steps: list[Step]) -> Proposal:
    """The anchor's turn (its steps from `anchor_state(position)`) as our turn.

    Worker n+1 of the anchor is `workers[mover][n]`. The turn stops at a winning move, as
    ours does (the anchor builds in the same action, but the game is over by then).
    """
    mover, opponent = sides(position)
    god = god_of(position, mover)
    mine = list(position["workers"][mover])
    theirs = list(position["workers"][opponent])
    heights = {cell: int(level) for cell, level in position.get("heights", {}).items()}
    domes = set(position.get("domes", []))
    actions: list[str] = []
    winner = None
    moved_up = False
    for step in steps:
        if not 0 <= step.worker < len(mine):
            raise TranslationError(f"the anchor used worker {step.worker + 1}: {step}")
        if step.move != NO_DIRECTION:
            src = mine[step.worker]
            dst = shifted(src, step.move)
            _force_opponent(theirs, src, dst, step)
            mine[step.worker] = dst
            actions.append(f"{src}-{dst}")
            rise = heights.get(dst, 0) - heights.get(src, 0)
            moved_up = moved_up or rise > 0
            if (heights.get(dst, 0) == 3 and rise > 0) or (god == "Pan" and rise <= -2):
                winner = mover
                break
        if step.build != NO_DIRECTION:
            cell = shifted(mine[step.worker], step.build)
            actions.extend(_build(heights, domes, cell, ANCHOR_GODS[step.power]))
    result = {
        "heights": {cell: level for cell, level in sorted(heights.items()) if level},
        "domes": sorted(domes),
        "workers": {player: mine if player == mover else theirs for player in position["workers"]},
        "gods": dict(position.get("gods") or {}),
        "to_move": opponent,
        "athena_moved_up": god == "Athena" and moved_up,
    }
    return Proposal(actions, result, winner)


def _force_opponent(theirs: list[str], src: str, dst: str, step: Step) -> None:
    """Apollo swaps the opponent's worker on `dst` to `src`; Minotaur pushes it on."""
    if dst not in theirs:
        return
    index = theirs.index(dst)
    power = ANCHOR_GODS[step.power]
    if power == "Apollo":
        theirs[index] = src
    elif power == "Minotaur":
        (row, column), (to_row, to_column) = anchor_cell(src), anchor_cell(dst)
        theirs[index] = cell_name((2 * to_row - row, 2 * to_column - column))
    else:
        raise TranslationError(f"the anchor moved onto an opponent without a power: {step}")


def _build(heights: dict[str, int], domes: set[str], cell: str, power: str | None) -> list[str]:
    """Our build actions for one anchor build (Atlas domes, Hephaestus builds twice)."""
    if power == "Atlas" or heights.get(cell, 0) == 3:
        domes.add(cell)
        return [cell + "X"]
    blocks = 2 if power == "Hephaestus" else 1
    heights[cell] = heights.get(cell, 0) + blocks
    return [cell] * blocks


def position_key(position: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two position JSON documents the same position (order and zeros aside)."""
    heights = position.get("heights", {})
    gods = position.get("gods") or {}
    return (
        tuple(sorted((cell, int(level)) for cell, level in heights.items() if level)),
        tuple(sorted(position.get("domes", []))),
        tuple((player, tuple(sorted(cells))) for player, cells in position["workers"].items()),
        tuple(sorted((player, str(god).lower()) for player, god in gods.items() if god)),
        position["to_move"],
        bool(position.get("athena_moved_up", False)),
    )


def anchor_moves_in(god: str | None, actions: list[str], won: bool) -> int:
    """How many anchor actions the same turn takes: its move counter advances by that.

    Demeter always takes a second action (to build again or to decline) unless the move
    won; Artemis one per move; Prometheus two when it builds first; Hermes one per move
    and one to build when it moves more than once.
    """
    moves = sum("-" in action for action in actions)
    if god == "Demeter":
        return 1 if won else 2
    if god == "Artemis":
        return max(moves, 1)
    if god == "Prometheus":
        return 2 if actions and "-" not in actions[0] else 1
    if god == "Hermes" and moves >= 2:
        return moves + 1
    return 1
