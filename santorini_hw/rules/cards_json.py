"""Contract v2's optional fields (`female`, `tokens`, `chaos`, `circe_has_power`,
`extra_turns`) read into a canonical `CardState`, and the god line-ups the rules refuse.

Fields of players who do not hold the matching god are checked for form and otherwise
ignored, so that equal positions get equal `CardState`s.
"""

from __future__ import annotations

from typing import Any

from santorini_hw.rules.cards import CardState, fresh_deck, holder, initial_cards
from santorini_hw.rules.cells import CellError, parse_cell
from santorini_hw.rules.gods import God, UnknownGodError, barred_gods, parse_god
from santorini_hw.rules.position import Lineup, make_lineup
from santorini_hw.rules.position_errors import PositionError, UnsupportedPositionError

CARD_FIELDS = ("female", "tokens", "chaos", "circe_has_power", "extra_turns")

CIRCE_REFUSED = (God.EROS, God.CHAOS, God.MORPHEUS, God.DIONYSUS)
"""Circe against Eros is banned (BGA); against these three gods whose cards carry state
between turns, what she would hold is not defined by the cards: refused too."""


def check_lineup(lineup: Lineup) -> None:
    """Refuse (`UnsupportedPositionError`) the gods the rules do not play together."""
    held = [god for god in lineup.gods if god is not None and not god.is_simple]
    twice = {god for god in held if held.count(god) > 1}
    if twice:
        name = min(god.value for god in twice)
        raise UnsupportedPositionError("gods", f"{name} twice (there is one card of each god)")
    players = len(lineup.players)
    barred = sorted(god.value for god in held if god in barred_gods(players))
    if barred:
        raise UnsupportedPositionError("gods", f"{barred[0]} with {players} players")
    if God.CIRCE in held:
        for god in CIRCE_REFUSED:
            if god in lineup.gods:
                raise UnsupportedPositionError("gods", f"Circe against {god.value}")


def accepted(gods: tuple[God | None, ...]) -> bool:
    """The rules play these gods together (`check_lineup` raises for no team)."""
    players = tuple("ABCD"[: len(gods)])
    try:
        check_lineup(make_lineup(players, gods))
    except UnsupportedPositionError:
        return False
    return True


def parse_cards(
    data: dict[str, Any], lineup: Lineup, workers: tuple[int, ...], to_move: int
) -> CardState | None:
    """The cards' state, or None for a lineup of simple gods (the fields then only have
    to be well formed)."""
    players, gods = lineup.players, lineup.gods
    female = _per_player(data, "female", players)
    tokens = _per_player(data, "tokens", players)
    chaos = _per_player(data, "chaos", players)
    extra_turns = _count(data.get("extra_turns", 0), "extra_turns")
    circe = data.get("circe_has_power", False)
    if not isinstance(circe, bool):
        raise PositionError("circe_has_power", f"true or false, not {circe!r}")
    if extra_turns and gods[to_move] is not God.DIONYSUS:
        raise PositionError("extra_turns", "only Dionysus, when he is to move, is owed turns")
    females = {
        p: _female(f"female.{p}", v, workers[lineup.sides[players.index(p)]])
        for p, v in female.items()
    }
    counts = {p: _count(v, f"tokens.{p}") for p, v in tokens.items()}
    decks = {p: _chaos(f"chaos.{p}", v) for p, v in chaos.items()}
    start = initial_cards(gods)
    if start is None:
        return None
    selene, morpheus = holder(gods, God.SELENE), holder(gods, God.MORPHEUS)
    chaos_player, circe_player = holder(gods, God.CHAOS), holder(gods, God.CIRCE)
    power, deck = start.chaos_power, start.chaos_deck
    if chaos_player >= 0 and players[chaos_player] in decks:
        power, deck = decks[players[chaos_player]]
    elif chaos_player >= 0:
        default = fresh_deck(gods, chaos_player)
        power, deck = default[0], default[1:]
    return CardState(
        female=females.get(players[selene], -1) if selene >= 0 else -1,
        tokens=counts.get(players[morpheus], 0) if morpheus >= 0 else 0,
        chaos_power=power,
        chaos_deck=deck,
        circe=circe and circe_player >= 0 and to_move != circe_player,
        extra_turns=extra_turns,
    )


def _per_player(data: dict[str, Any], field: str, players: tuple[str, ...]) -> dict[str, Any]:
    value = data.get(field, {})
    if not isinstance(value, dict):
        raise PositionError(field, "an object of player id -> value")
    for player in value:
        if player not in players:
            raise PositionError(f"{field}.{player}", "no such player in workers")
    return value


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PositionError(field, f"a whole number >= 0, not {value!r}")
    return value


def _female(field: str, value: Any, workers: int) -> int:
    if value is None:
        return -1
    try:
        cell = parse_cell(value)
    except CellError as error:
        raise PositionError(field, str(error)) from None
    if not workers >> cell & 1:
        raise PositionError(field, f"{value} is not one of that player's workers")
    return cell


def _chaos(field: str, value: Any) -> tuple[God, tuple[God, ...]]:
    if not isinstance(value, dict) or set(value) != {"power", "deck"}:
        raise PositionError(field, 'an object {"power": god, "deck": [gods]}')
    if not isinstance(value["deck"], list):
        raise PositionError(f"{field}.deck", "a list of simple gods in draw order")
    return _simple(f"{field}.power", value["power"]), tuple(
        _simple(f"{field}.deck", name) for name in value["deck"]
    )


def _simple(field: str, name: Any) -> God:
    try:
        god = parse_god(name)
    except UnknownGodError as error:
        raise PositionError(field, str(error)) from None
    if not god.is_simple:
        raise PositionError(field, f"Chaos holds simple gods only, not {god.value}")
    return god
