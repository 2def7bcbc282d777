"""Position JSON (the contract in design.md) to and from `Position`, with clear errors.

Writing lives with `Position` itself (its `repr` shows its JSON) and is re-exported
here, so that this module is the contract's one door. Every error is a `PositionError`
whose message starts with the offending field, e.g. ``workers.B: two workers on c3``.
Extra fields are refused so that typos are caught.
"""

from __future__ import annotations

import json
from typing import Any

from santorini_hw.rules.cards_json import CARD_FIELDS, check_lineup, parse_cards
from santorini_hw.rules.cells import CellError, cell_name, cells_of, parse_cell
from santorini_hw.rules.gods import God, UnknownGodError, parse_god
from santorini_hw.rules.position import Lineup, Position, make_lineup, position_to_json
from santorini_hw.rules.position_errors import PositionError, UnsupportedPositionError

__all__ = [
    "FIELDS",
    "PositionError",
    "UnsupportedPositionError",
    "parse_position",
    "position_from_json",
    "position_to_json",
    "position_to_text",
]

FIELDS = (
    "heights",
    "domes",
    "workers",
    "gods",
    "to_move",
    "athena_moved_up",
    "teams",
    *CARD_FIELDS,
)


def parse_position(text: str) -> Position:
    """Parse one position JSON document."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PositionError(
            "json", f"malformed JSON ({error.msg} at column {error.colno})"
        ) from None
    return position_from_json(data)


def position_from_json(data: Any) -> Position:
    if not isinstance(data, dict):
        raise PositionError("json", "a position is a JSON object")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise PositionError(unknown[0], f"unknown field (fields: {', '.join(FIELDS)})")
    workers_data = data.get("workers")
    if not isinstance(workers_data, dict) or not workers_data:
        raise PositionError("workers", "required: an object of player id -> list of cells")
    players = tuple(workers_data)
    if not 2 <= len(players) <= 4:
        raise PositionError("workers", f"2 to 4 players, not {len(players)}")
    teams = _parse_teams(data.get("teams"), players)
    lineup = make_lineup(players, _parse_gods(data.get("gods"), players), teams)
    l1, l2, l3 = _parse_heights(data.get("heights", {}))
    domes = _parse_domes(data.get("domes", []))
    workers, out = _parse_workers(workers_data, lineup, domes)
    to_move = _parse_to_move(data.get("to_move"), lineup)
    cards = parse_cards(data, lineup, workers, to_move)
    athena = _parse_athena(data.get("athena_moved_up", False), lineup, to_move, cards is not None)
    check_lineup(lineup)
    return Position(l1, l2, l3, domes, workers, to_move, athena, out, lineup, cards)


def _cell(field: str, text: Any) -> int:
    try:
        return parse_cell(text)
    except CellError as error:
        raise PositionError(field, str(error)) from None


def _parse_teams(data: Any, players: tuple[str, ...]) -> tuple[tuple[str, ...], ...] | None:
    if data is None:
        if len(players) == 4:
            raise PositionError(
                "teams", "four players play in two teams: give [[p1, p3], [p2, p4]]"
            )
        return None
    if len(players) != 4:
        raise PositionError("teams", "teams are only for four-player games")
    if (
        not isinstance(data, list)
        or len(data) != 2
        or not all(isinstance(team, list) and len(team) == 2 for team in data)
    ):
        raise PositionError("teams", "two teams of two players: [[p1, p3], [p2, p4]]")
    if sorted(p for team in data for p in team) != sorted(players):
        raise PositionError("teams", "every player is in exactly one team")
    teams = tuple(tuple(team) for team in data)
    side_of = {player: side for side, team in enumerate(teams) for player in team}
    order = [side_of[player] for player in players]
    if any(order[i] == order[i + 1] for i in range(3)):
        raise PositionError(
            "teams", "turns alternate between the teams: list workers in that order"
        )
    # Sides are numbered in turn order, so the first player's team is side 0.
    return teams if order[0] == 0 else (teams[1], teams[0])


def _parse_gods(data: Any, players: tuple[str, ...]) -> tuple[God | None, ...]:
    if data is None:
        return (None,) * len(players)
    if not isinstance(data, dict):
        raise PositionError("gods", "an object of player id -> god name")
    for player in data:
        if player not in players:
            raise PositionError(f"gods.{player}", "no such player in workers")
    gods: list[God | None] = []
    for player in players:
        name = data.get(player)
        try:
            gods.append(None if name is None else parse_god(name))
        except UnknownGodError as error:
            raise PositionError(f"gods.{player}", str(error)) from None
    return tuple(gods)


def _parse_heights(data: Any) -> tuple[int, int, int]:
    if not isinstance(data, dict):
        raise PositionError("heights", "an object of cell -> level 0-3")
    l1 = l2 = l3 = 0
    for name, level in data.items():
        cell = _cell("heights", name)
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 3:
            raise PositionError(f"heights.{name}", f"level must be 0-3, not {level!r}")
        bit = 1 << cell
        l1 |= bit if level >= 1 else 0
        l2 |= bit if level >= 2 else 0
        l3 |= bit if level >= 3 else 0
    return l1, l2, l3


def _parse_domes(data: Any) -> int:
    if not isinstance(data, list):
        raise PositionError("domes", "a list of cells")
    domes = 0
    for name in data:
        bit = 1 << _cell("domes", name)
        if domes & bit:
            raise PositionError("domes", f"{name} is listed twice")
        domes |= bit
    return domes


def _parse_workers(data: dict[str, Any], lineup: Lineup, domes: int) -> tuple[tuple[int, ...], int]:
    workers = [0] * lineup.side_count
    seen: dict[int, str] = {}
    out = 0
    for index, (player, cells) in enumerate(data.items()):
        field = f"workers.{player}"
        if not isinstance(cells, list):
            raise PositionError(field, "a list of up to two cells")
        if lineup.is_team_game and len(cells) != 2:
            raise PositionError(field, f"each team has exactly 2 workers, not {len(cells)}")
        if len(cells) > 2:
            raise PositionError(field, f"at most 2 workers, not {len(cells)}")
        if not cells:  # out of the game (eliminated, or every worker removed)
            out |= 1 << index
            continue
        mask = 0
        for name in cells:
            cell = _cell(field, name)
            if mask & 1 << cell:
                raise PositionError(field, f"two workers on {name}")
            mask |= 1 << cell
        side = lineup.sides[index]
        if lineup.is_team_game and workers[side]:
            if workers[side] != mask:
                raise PositionError(field, "teammates share their workers: list the same cells")
            continue
        for cell in cells_of(mask):
            if cell in seen:
                raise PositionError(field, f"two workers on {cell_name(cell)} (also {seen[cell]})")
            if domes >> cell & 1:
                raise PositionError(
                    field, f"a worker cannot stand on the dome at {cell_name(cell)}"
                )
            seen[cell] = player
        workers[side] = mask
    return tuple(workers), out


def _parse_to_move(data: Any, lineup: Lineup) -> int:
    """The player to move; one without workers has no turn (the tree stops there)."""
    if data not in lineup.players:
        raise PositionError("to_move", f"must be one of {', '.join(lineup.players)}, not {data!r}")
    return lineup.players.index(data)


def _parse_athena(data: Any, lineup: Lineup, to_move: int, advanced: bool) -> int:
    """Index of the player whose Athena block is in force. With advanced gods the power
    may have been Chaos' or Circe's, or the mover may be Dionysus owed a turn: the block
    is then the previous other player's."""
    if not isinstance(data, bool):
        raise PositionError("athena_moved_up", f"true or false, not {data!r}")
    if not data:
        return -1
    count = len(lineup.players)
    for back in range(1, count):
        player = (to_move - back) % count
        if lineup.gods[player] is God.ATHENA:
            if lineup.sides[player] == lineup.sides[to_move]:
                break
            return player
    if advanced:
        return (to_move - 1) % count
    raise PositionError(
        "athena_moved_up", "true needs an opponent of the player to move with Athena"
    )


def position_to_text(position: Position) -> str:
    return json.dumps(position_to_json(position), separators=(", ", ": "))
