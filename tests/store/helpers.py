"""Games played with random legal turns and journalled as the daemon will: move, then append."""

from __future__ import annotations

import random

from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.cells import CELL_COUNT
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.turns import random_turn
from santorini_hw.store import Store


def place_all(store: Store, game_id: int, game: Game, rng: random.Random) -> None:
    """Each player puts both workers on random free cells."""
    while game.phase is Phase.PLACEMENT:
        player = game.player
        cell = rng.choice([c for c in range(CELL_COUNT) if not game.position.occupied >> c & 1])
        game.place(cell)
        store.append_placement(game_id, player, cell, game.position)


def play_turn(store: Store, game_id: int, game: Game, rng: random.Random) -> tuple[int, str]:
    """One random legal turn played and appended; returns its ply and notation."""
    turn = random_turn(game.position, rng)
    assert turn is not None  # Game ends the game when the player to move is trapped
    player = game.player
    game.play_turn(turn.actions)
    return store.append_turn(game_id, player, turn.actions, game.position), actions_text(
        turn.actions
    )


def play_until_over(store: Store, game_id: int, game: Game, rng: random.Random) -> None:
    while game.phase is Phase.PLAY:
        play_turn(store, game_id, game, rng)
