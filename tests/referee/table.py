"""A table to play on in referee tests: a noise-free physical board, a clock, a referee."""

from __future__ import annotations

from santorini_hw.clock import ManualClock
from santorini_hw.hardware.config import load_hardware_config
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.referee import Referee, RefereeSettings
from santorini_hw.rules.cells import CELL_COUNT, cell_name, cells_of
from santorini_hw.rules.game import Game
from santorini_hw.rules.position import Position
from santorini_hw.sensing.observation import CellObservation, Observation
from sim.physical import PhysicalBoard

STACKS = load_hardware_config().stacks


class Table:
    def __init__(self, game: Game, settings: RefereeSettings | None = None) -> None:
        self.clock = ManualClock()
        self.board = PhysicalBoard(STACKS, self.clock)
        self.referee = Referee(game, settings)
        self.polarity = self.referee.settings.polarity
        self.events: list[RefereeEvent] = []
        if game.phase.value == "play":
            self.lay_out(game.position)

    def lay_out(self, position: Position) -> None:
        for cell in range(CELL_COUNT):
            for _ in range(position.height(cell)):
                self.board.place(cell, "block")
            if position.domes >> cell & 1:
                self.board.place(cell, "dome")
        for side, mask in enumerate(position.workers):
            for cell in cells_of(mask):
                self.board.place(cell, "worker", player=position.lineup.members(side)[0])
        self.settle()

    def observation(self) -> Observation:
        cells = []
        for cell in range(CELL_COUNT):
            player = self.board.worker(cell)
            cells.append(
                CellObservation(
                    worker=player is not None,
                    player=player if self.polarity else None,
                    level=self.board.level(cell),
                    dome=self.board.dome(cell),
                )
            )
        return Observation(tuple(cells), self.clock.monotonic())

    def settle(self, seconds: float = 0.2) -> list[RefereeEvent]:
        self.clock.advance(seconds)
        new = self.referee.observe(self.observation())
        self.events += new
        return new

    def place(self, cell: str, kind: str = "worker", player: str | None = None) -> None:
        self.board.place(cell, kind, player=player)
        self.settle()

    def lift(self, cell: str) -> str | None:
        piece = self.board.lift(cell)
        self.settle()
        return piece.player

    def move(self, src: str, *path: str) -> None:
        """Carry the worker on `src` straight to the last cell of `path`."""
        player = self.lift(src)
        self.place(path[-1], "worker", player)

    def build(self, cell: str) -> None:
        self.place(cell, "block")

    def dome(self, cell: str) -> None:
        self.place(cell, "dome")

    def press(self, button: str) -> None:
        self.events += self.referee.press(button, self.clock.monotonic())
        self.settle()

    def kinds(self) -> list[str]:
        return [event.kind for event in self.events]

    def texts(self, kind: str) -> list[str]:
        return [event.text for event in self.events if event.kind == kind]

    @property
    def record(self) -> list[str]:
        return [
            " ".join(a.text() for a in line.actions) or " ".join(cell_name(c) for c in line.cells)
            for line in self.referee.game.record
        ]
