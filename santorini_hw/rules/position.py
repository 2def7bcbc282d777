"""The board between actions: building levels, domes, workers, whose turn, Athena's block.

A `Position` is an immutable, hashable value built from plain-int bitboards (bit i =
cell i, see `cells.py`): `l1`, `l2`, `l3` mark cells with at least one, two or three
blocks, `domes` marks domed cells (a dome keeps the level it was built on, so Atlas'
short domes are exact). Workers are one bitboard per *side*: a side is a player, or a
team of two players in a four-player game. The `Lineup` (players, gods, sides) never
changes during a game and is shared by every position of it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from santorini_hw.rules.cards import CardState, holder
from santorini_hw.rules.cells import ALL_CELLS, CELL_COUNT, cell_name, cells_of
from santorini_hw.rules.gods import God

BOX_SUPPLY = {"level1": 22, "level2": 18, "level3": 14, "dome": 18}
"""Pieces in the box: the board warns before a kind runs out."""


class Lineup(NamedTuple):
    """Who plays: ids in turn order, each player's god (or None) and side index."""

    players: tuple[str, ...]
    gods: tuple[God | None, ...]
    sides: tuple[int, ...]

    @property
    def side_count(self) -> int:
        return max(self.sides) + 1

    @property
    def is_team_game(self) -> bool:
        return self.side_count < len(self.players)

    def index_of(self, player: str) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise ValueError(f"no player {player!r} (players: {', '.join(self.players)})") from None

    def members(self, side: int) -> tuple[str, ...]:
        return tuple(p for p, s in zip(self.players, self.sides, strict=True) if s == side)


def make_lineup(
    players: tuple[str, ...],
    gods: tuple[God | None, ...] | None = None,
    teams: tuple[tuple[str, ...], ...] | None = None,
) -> Lineup:
    """A lineup with sides from `teams` (four players) or one side per player."""
    gods = gods if gods is not None else (None,) * len(players)
    if teams is None:
        sides = tuple(range(len(players)))
    else:
        side_of = {player: side for side, team in enumerate(teams) for player in team}
        sides = tuple(side_of[player] for player in players)
    return Lineup(players, gods, sides)


class Position(NamedTuple):
    l1: int
    l2: int
    l3: int
    domes: int
    workers: tuple[int, ...]
    """One bitboard per side."""
    to_move: int
    """Index (in `lineup.players`) of the player whose turn it is."""
    athena: int
    """Index of the Athena player whose "no moving up" block is in force, or -1."""
    out: int
    """Bitmask of eliminated players (three-player games)."""
    lineup: Lineup
    cards: CardState | None = None
    """What the advanced gods' cards remember (`cards.py`); None without advanced gods."""

    # -- reading the board -------------------------------------------------------------
    def height(self, cell: int) -> int:
        return (self.l1 >> cell & 1) + (self.l2 >> cell & 1) + (self.l3 >> cell & 1)

    def heights(self) -> tuple[int, ...]:
        return tuple(self.height(cell) for cell in range(CELL_COUNT))

    def at_most(self, level: int) -> int:
        """Bitboard of cells whose height is at most `level`."""
        if level <= 0:
            return ALL_CELLS & ~self.l1
        if level == 1:
            return ALL_CELLS & ~self.l2
        if level == 2:
            return ALL_CELLS & ~self.l3
        return ALL_CELLS

    def exactly(self, level: int) -> int:
        """Bitboard of cells whose height is exactly `level`."""
        return self.at_most(level) & ~self.at_most(level - 1) if level > 0 else self.at_most(0)

    @property
    def occupied(self) -> int:
        mask = 0
        for side_workers in self.workers:
            mask |= side_workers
        return mask

    @property
    def side(self) -> int:
        """The side of the player to move."""
        return self.lineup.sides[self.to_move]

    @property
    def player(self) -> str:
        return self.lineup.players[self.to_move]

    @property
    def god(self) -> God | None:
        return self.lineup.gods[self.to_move]

    def side_at(self, cell: int) -> int:
        """The side whose worker stands on `cell`, or -1."""
        bit = 1 << cell
        for side, side_workers in enumerate(self.workers):
            if side_workers & bit:
                return side
        return -1

    def worker_cells(self, side: int) -> tuple[int, ...]:
        return cells_of(self.workers[side])

    @property
    def athena_blocks_mover(self) -> bool:
        """True when an opposing Athena moved up last turn: no moving up this turn."""
        return self.athena >= 0 and self.lineup.sides[self.athena] != self.side

    def alive(self, player: int) -> bool:
        return not self.out >> player & 1

    def next_player(self) -> int:
        """The next player in turn order who has not been eliminated."""
        count = len(self.lineup.players)
        player = self.to_move
        for _ in range(count):
            player = (player + 1) % count
            if self.alive(player):
                return player
        return self.to_move

    def supply(self) -> dict[str, int]:
        """Pieces still in the box, by kind (negative if the board holds more)."""
        used = {
            "level1": self.l1.bit_count(),
            "level2": self.l2.bit_count(),
            "level3": self.l3.bit_count(),
            "dome": self.domes.bit_count(),
        }
        return {kind: BOX_SUPPLY[kind] - used[kind] for kind in BOX_SUPPLY}

    # -- changing it (every method returns a new position) -----------------------------
    def with_block(self, cell: int) -> Position:
        bit = 1 << cell
        l1, l2, l3 = self.l1, self.l2, self.l3
        if not l1 & bit:
            l1 |= bit
        elif not l2 & bit:
            l2 |= bit
        else:
            l3 |= bit
        return Position(l1, l2, l3, self.domes, *self[4:])

    def with_dome(self, cell: int) -> Position:
        return Position(self.l1, self.l2, self.l3, self.domes | 1 << cell, *self[4:])

    def with_workers(self, side: int, mask: int) -> Position:
        workers = list(self.workers)
        workers[side] = mask
        return self._replace(workers=tuple(workers))

    def eliminated(self, player: int) -> Position:
        """`player` is out: their workers leave the board (three-player games)."""
        side = self.lineup.sides[player]
        position = self.with_workers(side, 0)._replace(out=self.out | 1 << player)
        if position.athena == player:
            position = position._replace(athena=-1)
        if position.to_move == player:
            position = position._replace(to_move=position.next_player())
        return position

    def __repr__(self) -> str:
        return f"Position({position_to_json(self)})"


def position_to_json(position: Position) -> dict[str, Any]:
    """The position JSON object (sparse heights, sorted cells, key order = turn order)."""
    lineup = position.lineup
    heights = {cell_name(c): h for c, h in enumerate(position.heights()) if h}
    document: dict[str, Any] = {
        "heights": dict(sorted(heights.items())),
        "domes": sorted(cell_name(c) for c in cells_of(position.domes)),
        "workers": {
            player: sorted(cell_name(c) for c in cells_of(position.workers[side]))
            for player, side in zip(lineup.players, lineup.sides, strict=True)
        },
    }
    if any(lineup.gods):
        document["gods"] = {
            player: god.value if god else None
            for player, god in zip(lineup.players, lineup.gods, strict=True)
        }
    document["to_move"] = position.player
    document["athena_moved_up"] = position.athena >= 0
    if lineup.is_team_game:
        document["teams"] = [list(lineup.members(side)) for side in range(lineup.side_count)]
    if position.cards is not None:
        document.update(_cards_json(lineup, position.cards))
    return document


def _cards_json(lineup: Lineup, cards: CardState) -> dict[str, Any]:
    """Contract v2's fields, each exactly when one of the lineup's gods uses it."""
    document: dict[str, Any] = {}
    gods, players = lineup.gods, lineup.players
    selene = holder(gods, God.SELENE)
    if selene >= 0:
        female = cell_name(cards.female) if cards.female >= 0 else None
        document["female"] = {players[selene]: female}
    morpheus = holder(gods, God.MORPHEUS)
    if morpheus >= 0:
        document["tokens"] = {players[morpheus]: cards.tokens}
    chaos = holder(gods, God.CHAOS)
    if chaos >= 0 and cards.chaos_power is not None:
        deck = [god.value for god in cards.chaos_deck]
        document["chaos"] = {players[chaos]: {"power": cards.chaos_power.value, "deck": deck}}
    if God.CIRCE in gods:
        document["circe_has_power"] = cards.circe
    if God.DIONYSUS in gods:
        document["extra_turns"] = cards.extra_turns
    return document
