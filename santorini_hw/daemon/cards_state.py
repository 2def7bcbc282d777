"""What the advanced gods' cards hold, for people: the state's `cards`, and the
`chaos_power` event when Chaos draws.

The position JSON (contract v2) already carries every card field in the rules' terms;
`cards` says the same for the page: Selene's female worker, the blocks on Morpheus'
card, Chaos' face-up power and how many cards are left face down (their order is
hidden, as on the table), and the power Circe holds this turn.
"""

from __future__ import annotations

from typing import Any

from santorini_hw.referee.events import RefereeEvent
from santorini_hw.rules.cards import holder
from santorini_hw.rules.cells import cell_name
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import POWERS, God
from santorini_hw.rules.power_state import effective_gods


def cards_json(game: Game) -> dict[str, Any] | None:
    """`{"female": {"A": "c3"}, "tokens": {"B": 1}, "chaos": {"B": {"power": "Pan",
    "left": 7}}, "circe": {"A": "Pan"}}`, each key only for a player holding that god;
    None without advanced gods."""
    board = game.board
    cards = board.cards
    if cards is None:
        return None
    gods, players = board.lineup.gods, board.lineup.players
    state: dict[str, Any] = {}
    selene = holder(gods, God.SELENE)
    if selene >= 0:
        state["female"] = {players[selene]: None if cards.female < 0 else cell_name(cards.female)}
    morpheus = holder(gods, God.MORPHEUS)
    if morpheus >= 0:
        state["tokens"] = {players[morpheus]: cards.tokens}
    chaos = holder(gods, God.CHAOS)
    if chaos >= 0 and cards.chaos_power is not None:
        power = {"power": cards.chaos_power.value, "left": len(cards.chaos_deck)}
        state["chaos"] = {players[chaos]: power}
    circe = holder(gods, God.CIRCE)
    if circe >= 0:
        held = effective_gods(game.position)[0][circe] if game.phase is Phase.PLAY else None
        state["circe"] = {players[circe]: None if held is None else held.value}
    return state


def powers_json(game: Game) -> dict[str, str]:
    """Each god in play (the players' and Chaos' face-up one) with its power in one
    sentence, as the menu shows it (`POWERS`)."""
    gods = [god for god in game.lineup.gods if god is not None]
    cards = game.position.cards
    if cards is not None and cards.chaos_power is not None:
        gods.append(cards.chaos_power)
    return {god.value: POWERS[god] for god in gods}


class ChaosWatch:
    """Announces each change of Chaos' face-up power (a draw, or one taken back)."""

    def __init__(self, game: Game) -> None:
        self._power = _power(game)

    def update(self, game: Game, now: float) -> list[RefereeEvent]:
        """`chaos_power` (player: Chaos', text: the power now) if it changed."""
        power = _power(game)
        if power is self._power or power is None:
            return []
        self._power = power
        player = game.lineup.players[holder(game.lineup.gods, God.CHAOS)]
        return [RefereeEvent("chaos_power", now, player, power.value)]


def _power(game: Game) -> God | None:
    cards = game.position.cards
    return None if cards is None else cards.chaos_power
