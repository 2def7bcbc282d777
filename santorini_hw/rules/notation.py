"""The text record of a game: a header, then one placement, turn or elimination per line.

::

    [Players "A B"]
    [Gods "Apollo Minotaur"]
    [Result "A"]
    A places b3 c4
    B places c2 c3
    A: c3-c4 b4
    B: c2-d2 d3X

Headers: ``Players`` (turn order), ``Gods`` (one per player, ``-`` for none; left out
when nobody has a god), ``Teams`` (four players, e.g. ``A+C B+D``), ``Chaos`` (Chaos'
cards as the board dealt them, face-up first; left out for the rules' own order) and
``Result`` (the winner, or ``*`` while the game goes on). A name with a space is quoted in the lists
(``[Players "'Ann Lee' Bob"]``, shell-style), and a double quote or backslash in a
header value is escaped with a backslash, as in PGN. A line begins with the name of the
player whose move it is, so a name may hold spaces (even `` places ``) without
confusing the reader. Turns use the action notation of `actions.py`.
A ``resync`` line (``A resync {position JSON}``) records a board the players adopted
as it physically stood; ``A loses on time`` ends a game whose clock ran out.
Reading a record replays it through the rules, so an illegal line is reported with its
line number and the offending token.
"""

from __future__ import annotations

import re
import shlex

from santorini_hw.rules.actions import NotationError, actions_text, parse_actions
from santorini_hw.rules.cells import CellError, cell_name, parse_cell
from santorini_hw.rules.game import Game, GameError
from santorini_hw.rules.gods import God, UnknownGodError, parse_god
from santorini_hw.rules.position import make_lineup
from santorini_hw.rules.position_json import PositionError, parse_position, position_to_text
from santorini_hw.rules.turn import IllegalActionError

_HEADER = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_ESCAPED = re.compile(r"\\(.)")


def _header(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _names(value: str, header: str) -> list[str]:
    """A header's list of names (quoted when they hold spaces)."""
    try:
        return shlex.split(value)
    except ValueError as error:
        raise NotationError(f"{header} header: {error}") from None


def record_text(game: Game) -> str:
    """The game so far as text (round-trips through `parse_record`)."""
    lineup = game.lineup
    lines = [_header("Players", shlex.join(lineup.players))]
    if any(lineup.gods):
        lines.append(_header("Gods", " ".join(g.value if g else "-" for g in lineup.gods)))
    if lineup.is_team_game:
        teams = ["+".join(lineup.members(s)) for s in range(lineup.side_count)]
        lines.append(_header("Teams", shlex.join(teams)))
    if game.chaos_deck is not None:
        lines.append(_header("Chaos", " ".join(god.value for god in game.chaos_deck)))
    lines.append(_header("Result", game.winner or "*"))
    for line in game.record:
        if line.kind == "place":
            lines.append(f"{line.player} places {' '.join(cell_name(c) for c in line.cells)}")
        elif line.kind == "turn":
            lines.append(f"{line.player}: {actions_text(line.actions)}")
        elif line.kind == "resync" and line.position is not None:
            lines.append(f"{line.player} resync {position_to_text(line.position)}")
        elif line.kind == "time":
            lines.append(f"{line.player} loses on time")
        else:
            lines.append(f"{line.player} eliminated")
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> Game:
    """Replay a record; raises `NotationError` naming the line and the bad token."""
    headers: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header and not body:
            headers[header.group(1)] = _ESCAPED.sub(r"\1", header.group(2))
        else:
            body.append((number, line))
    game = _game_from_headers(headers)
    for number, line in body:
        try:
            _replay_line(game, line)
        except (NotationError, CellError, IllegalActionError, GameError) as error:
            raise NotationError(f"line {number}: {error}") from None
    result = headers.get("Result", "*")
    if result != (game.winner or "*"):
        raise NotationError(
            f"Result header says {result!r} but the moves give {game.winner or '*'!r}"
        )
    return game


def _game_from_headers(headers: dict[str, str]) -> Game:
    players = tuple(_names(headers.get("Players", ""), "Players"))
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise NotationError(f"Players header: 2 to 4 different players, not {players!r}")
    gods: tuple[God | None, ...] | None = None
    if "Gods" in headers:
        names = headers["Gods"].split()
        if len(names) != len(players):
            raise NotationError(f"Gods header: one god (or -) per player, not {names!r}")
        try:
            gods = tuple(None if name == "-" else parse_god(name) for name in names)
        except UnknownGodError as error:
            raise NotationError(f"Gods header: {error}") from None
    teams = None
    if "Teams" in headers:
        teams = tuple(tuple(team.split("+")) for team in _names(headers["Teams"], "Teams"))
        if sorted(p for team in teams for p in team) != sorted(players):
            raise NotationError(f"Teams header: every player in one team, not {headers['Teams']!r}")
    try:
        deck = None if "Chaos" not in headers else tuple(map(parse_god, headers["Chaos"].split()))
    except UnknownGodError as error:
        raise NotationError(f"Chaos header: {error}") from None
    try:
        return Game(make_lineup(players, gods, teams if len(players) == 4 else None), deck)
    except (GameError, KeyError) as error:
        raise NotationError(f"header: {error}") from None


def _replay_line(game: Game, line: str) -> None:
    last = game.record[-1] if game.record else None
    if last is not None and last.kind == "eliminated" and line == f"{last.player} eliminated":
        return  # the rules eliminated that player on the turn just replayed
    rest = line.removeprefix(game.player) if line.startswith(game.player) else None
    if rest is not None and rest.startswith(" places "):
        for token in rest.removeprefix(" places ").split():
            game.place(parse_cell(token))
    elif rest is not None and rest.startswith(" resync "):
        try:
            game.adopt(parse_position(rest.removeprefix(" resync ")))
        except PositionError as error:
            raise NotationError(f"resync: {error}") from None
    elif line.endswith(" loses on time"):
        game.lose_on_time(line.removesuffix(" loses on time"))
    elif rest is not None and rest.startswith(":"):
        game.play_turn(parse_actions(rest.removeprefix(":")))
    elif line.endswith(" eliminated"):
        player = line.removesuffix(" eliminated")
        raise NotationError(f"{line!r}: the rules did not eliminate {player} here")
    elif re.match(r"^.+?(:| places | resync )", line):
        raise NotationError(f"{line!r}: it is {game.player}'s turn")
    else:
        raise NotationError(f"{line!r}: expected 'P places c1 c2', 'P: actions' or 'P eliminated'")
