"""The board's state as the API and the page read it: one JSON document.

`position` is design.md's position JSON of the board as the game stands (mid-turn
included); `board` is what stands on each cell physically (the simulator's model, or
the sensors plus the referee's idea of whose worker is where), so the page can draw a
worker in a hand or a block not yet judged.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Any, Protocol

from santorini_hw.daemon.cards_state import cards_json, powers_json
from santorini_hw.daemon.outputs import MirroredStrip, pixel_hex
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.referee.board_view import observed_view
from santorini_hw.referee.reasons import explain
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.actions import actions_text
from santorini_hw.rules.cells import CELL_COUNT, cell_name, cells_of
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.position_json import position_to_json
from santorini_hw.sensing.observation import Observation


class ServiceView(Protocol):
    """What the state document reads of the board service (which imports this module)."""

    game_id: int
    hardware: BoardHardware
    referee: Referee
    hint: dict[str, Any] | None
    strip: MirroredStrip
    sim: Any
    store_error: str | None

    @property
    def game(self) -> Game: ...

    @property
    def observation(self) -> Observation | None: ...


def board_state(service: ServiceView) -> dict[str, Any]:
    game = service.game
    referee = service.referee
    lineup = game.lineup
    error = referee.error
    bridge = service.hardware.scanner.bridge
    observation = service.observation
    pixel_map = service.hardware.pixel_map
    return {
        "game_id": service.game_id,
        "phase": game.phase.value,
        "players": list(lineup.players),
        "gods": {
            p: g.value if g else None for p, g in zip(lineup.players, lineup.gods, strict=True)
        },
        "to_move": None if game.phase is Phase.OVER else game.player,
        "winner": game.winner,
        "position": position_to_json(game.board),
        "turn": [action.text() for action in game.turn.actions] if game.turn else [],
        "can_end_turn": game.can_end_turn(),
        "legal_actions": _legal(game),
        "record": _record(game),
        "error": None
        if error is None
        else {
            "message": error.message,
            "reason": _reason(service),
            "fixes": [
                {"cell": cell_name(fix.cell), "kind": fix.kind, "message": fix.message}
                for fix in error.fixes
            ],
        },
        "holding": list(referee.holding),
        "pending_removal": list(referee.pending_removal),
        "undo_pending": referee.undo_target is not None,
        "restoring": referee.restoring,
        "hint": service.hint,
        "supply": game.board.supply(),
        "cards": cards_json(game),
        "powers": powers_json(game),
        "bridge": {
            "state": bridge.state.value,
            "error": without_paths(bridge.error),
            "counters": asdict(bridge.counters),
        },
        "sensors": None
        if observation is None
        else {
            "settled": observation.settled,
            "valid": observation.valid,
            "faults": [{"cell": c, "fault": f} for c, f in observation.faults()],
        },
        "board": _cells(service),
        "pixels": [pixel_hex(pixel) for pixel in service.strip.frame],
        "pixel_cells": [list(pixel_map.pixels_of(cell)) for cell in range(CELL_COUNT)],
        "sim": service.sim is not None,
        "store_error": without_paths(service.store_error),
    }


_ABSOLUTE_PATH = re.compile(r"(?<![\w.])/(?:[^\s/:'\"]+/)+([^\s/:'\"]+)")


def without_paths(message: str | None) -> str | None:
    """An error for API clients: absolute paths cut to their last part (a file's name
    says enough; where the state directory lies is nobody's business off the machine).

    >>> without_paths("/var/lib/santorini-hw/games.sqlite3: disk I/O error")
    'games.sqlite3: disk I/O error'
    """
    return None if message is None else _ABSOLUTE_PATH.sub(r"\1", message)


def _legal(game: Game) -> list[str]:
    """The next legal actions in notation; free cells while workers are placed."""
    if game.phase is Phase.PLACEMENT:
        return [cell_name(cell) for cell in cells_of(game.placements())]
    return [action.text() for action in game.legal_actions()]


def _reason(service: ServiceView) -> str | None:
    """The rule the board breaks, when it shows an illegal step of the turn in play."""
    turn, observation, referee = service.game.turn, service.observation, service.referee
    if turn is None or observation is None or referee.undo_target is not None:
        return None
    return explain(turn, observed_view(observation))


def _record(game: Game) -> list[dict[str, str]]:
    lines = []
    for line in game.record:
        if line.kind == "place":
            text = " ".join(cell_name(cell) for cell in line.cells)
        elif line.kind == "turn":
            text = actions_text(line.actions)
        else:
            text = "loses on time" if line.kind == "time" else line.kind
        lines.append({"player": line.player, "kind": line.kind, "text": text})
    return lines


def _cells(service: ServiceView) -> list[dict[str, Any]]:
    """Per cell (a1..e5): level, dome and the worker's player ("?" if unknown)."""
    position = service.game.board
    lineup = position.lineup
    owners: dict[int, str] = {}
    for side, mask in enumerate(position.workers):
        for cell in cells_of(mask):
            owners[cell] = lineup.members(side)[0]
    physical = service.sim.physical if service.sim is not None else None
    observation = service.observation
    cells = []
    for cell in range(CELL_COUNT):
        if physical is not None:
            level, dome, worker = physical.level(cell), physical.dome(cell), physical.worker(cell)
        elif observation is not None:
            seen = observation.cells[cell]
            level, dome = seen.level, seen.dome
            worker = (seen.player or owners.get(cell, "?")) if seen.worker else None
        else:
            level, dome, worker = position.height(cell), bool(position.domes >> cell & 1), None
        cells.append({"cell": cell_name(cell), "level": level, "dome": dome, "worker": worker})
    return cells
