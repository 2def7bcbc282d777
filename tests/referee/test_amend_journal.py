"""Amended turns and placements reach the journal and its exports as the players left
them: the first version is marked taken back, the corrected one stands."""

from __future__ import annotations

from pathlib import Path

from santorini_hw.rules.game import Game
from santorini_hw.store import Store
from santorini_hw.store.game_journal import GameJournal
from tests.referee.table import Table


def test_an_amended_build_and_placement_are_journalled_as_corrected(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "games.db")
    table = Table(Game.new(("A", "B")))
    game_id = store.start_game(("A", "B"))
    journal = GameJournal(store, game_id, table.referee.game)
    for cell, player in (("c3", "A"), ("a1", "A"), ("e5", "B"), ("e2", "B")):
        table.place(cell, player=player)
        journal.sync(table.referee.game)
    table.move("e2", "e1")  # moved before A's first touch: B's placement was e1
    journal.sync(table.referee.game)
    table.move("c3", "c4")
    table.build("b4")
    journal.sync(table.referee.game)
    table.lift("b4")
    table.build("b5")  # moved before B's first touch
    journal.sync(table.referee.game)
    assert table.texts("turn_amended") == ["c3-c4 b5"]
    assert table.texts("placement_amended") == ["e1"]
    assert table.referee.error is None and table.referee.game.player == "B"
    text = store.export_text(game_id)
    assert "e1" in text and "e2" not in text
    assert "c3-c4 b5" in text and "b4" not in text
    assert store.game(game_id).replay().board == table.referee.game.board
    store.close()
