"""What a board makes of its pair's game: the next thing to do, judged from both logs.

`LinkFollower` keeps the paired board's latest game log and the turns announced since
(a turn seen twice counts once: it is known by its number and hash). `next_step`
compares that game with this board's and answers one of:

- `Follow`: the pair started a game later than this board's: start the same one;
- `Submit`: the pair's next turn (or whole placement) for this board to show and carry out;
- `Disagree`: the two boards hold different games from some entry on: an error, never
  merged (the people fix it, by undoing back to where both agree or a new game);
- None: nothing to do (in step, or waiting for the other board).

Pure and synchronous; `link.py` feeds it the broker's messages and acts on its answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from santorini_hw.daemon.board_link.protocol import GameLog, LinkEntry, id_order

WORKERS = 2
"""Workers each player places: a placement is submitted once both are announced."""


@dataclass(frozen=True)
class Follow:
    log: GameLog


@dataclass(frozen=True)
class Submit:
    player: str
    steps: tuple[str, ...]
    """A turn's actions in notation, or a placement's cells."""
    n: int
    """The number of its first entry."""


@dataclass(frozen=True)
class Disagree:
    message: str
    relayed: bool = False
    """Found by the pair, not here (a board passes on only its own findings: no echo)."""


Step = Follow | Submit | Disagree | None


@dataclass(frozen=True)
class OurGame:
    """This board's side of the comparison."""

    game: str | None
    """The shared id of its linked game (None: its game is not linked)."""
    order: tuple[int, str]
    """When its game started (`protocol.id_order`): a pair's older game is not followed."""
    entries: tuple[LinkEntry, ...]


class LinkFollower:
    def __init__(self) -> None:
        self.log: GameLog | None = None
        self._announced: list[LinkEntry] = []
        self.duplicates = 0
        self.gaps = 0

    @property
    def entries(self) -> tuple[LinkEntry, ...]:
        """The pair's game as far as it is known (its log, then the turns announced since)."""
        return () if self.log is None else (*self.log.entries, *self._announced)

    def take_log(self, log: GameLog) -> None:
        """The pair's retained log: the whole of its game, replacing what was known."""
        if self.log is not None and self.log.game == log.game:
            known = self.entries
            if len(known) > len(log.entries) and known[: len(log.entries)] == log.entries:
                self._announced = list(known[len(log.entries) :])  # an older log: keep the news
                self.log = log
                return
        self.log = log
        self._announced = []

    def take_turn(self, game: str, entry: LinkEntry) -> str | None:
        """One announced entry; a problem with it (for the log) or None."""
        if self.log is None or game != self.log.game:
            return None  # a game whose log has not arrived: the log will bring it
        known = self.entries
        if entry.n <= len(known):
            if known[entry.n - 1] == entry:
                self.duplicates += 1
                return None
            return f"turn {entry.n} announced twice, differently"
        if entry.n > len(known) + 1:
            self.gaps += 1  # one went missing: the retained log brings it
            return None
        self._announced.append(entry)
        return None

    def next_step(self, ours: OurGame, waiting: set[str]) -> Step:
        """What to do now; `waiting`: the pair's players whose turn is already shown here."""
        log = self.log
        if log is None:
            return None
        if log.game != ours.game:
            return Follow(log) if id_order(log.game) > ours.order else None
        theirs = self.entries
        for mine, other in zip(ours.entries, theirs, strict=False):
            if mine != other:
                return Disagree(
                    f"the boards differ from turn {mine.n}: this board has {mine.player} "
                    f"{mine.text}, the other board {other.player} {other.text}"
                )
        if log.disagreement is not None:
            return Disagree(f"the other board reports: {log.disagreement}", relayed=True)
        if len(theirs) <= len(ours.entries):
            return None
        first = theirs[len(ours.entries)]
        if first.player not in log.local:
            return Disagree(
                f"the other board has a turn {first.n} of {first.player}, played at this "
                f"board, that this board does not have"
            )
        if first.player in waiting:
            return None
        if first.kind == "turn":
            return Submit(first.player, tuple(first.text.split()), first.n)
        return _placement(first, theirs[len(ours.entries) :], ours.entries)


def _placement(
    first: LinkEntry, ahead: tuple[LinkEntry, ...], ours: tuple[LinkEntry, ...]
) -> Submit | None:
    """The pair's player's whole placement, once both workers are announced."""
    placed = sum(1 for entry in ours if entry.kind == "place" and entry.player == first.player)
    cells: list[str] = []
    for entry in ahead:
        if entry.kind != "place" or entry.player != first.player:
            break
        cells.append(entry.text)
    if placed + len(cells) < WORKERS:
        return None
    return Submit(first.player, tuple(cells[: WORKERS - placed]), first.n)
