"""Zobrist keys: a 64-bit position hash updated from the few bits a turn changes.

`Position` hashes its whole tuple every time; the search instead keeps one key per node
and derives a child's key from its parent's by XOR-ing in only what changed (a worker or
two, one or two buildings, whose turn it is). The keys come from a fixed seed, so a hash
means the same position in every run.

>>> from santorini_hw.rules.position_json import parse_position
>>> before = parse_position('{"workers": {"A": ["a1", "b1"], "B": ["e5", "e4"]}, "to_move": "A"}')
>>> after = before.with_block(12)._replace(to_move=1)
>>> child_key(position_key(before), before, after) == position_key(after)
True
"""

from __future__ import annotations

import random

from santorini_hw.rules.cards import CardState
from santorini_hw.rules.cells import CELL_COUNT, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position

MAX_SIDES = 4
MAX_PLAYERS = 4

_rng = random.Random(0x5A7041)


def _keys(count: int) -> tuple[int, ...]:
    return tuple(_rng.getrandbits(64) for _ in range(count))


_L1, _L2, _L3, _DOMES = (_keys(CELL_COUNT) for _ in range(4))
_WORKERS = tuple(_keys(CELL_COUNT) for _ in range(MAX_SIDES))
_TO_MOVE = _keys(MAX_PLAYERS)
_ATHENA = _keys(MAX_PLAYERS + 1)
"""Indexed by `athena + 1`: -1 (no block) has a key too."""
_OUT = _keys(1 << MAX_PLAYERS)


_GOD_NUMBER = {god: number for number, god in enumerate(God, start=1)}


def _cards(cards: CardState | None) -> int:
    """The advanced gods' cards as 64 bits (from ints only: the same in every run)."""
    if cards is None:
        return 0
    power = _GOD_NUMBER.get(cards.chaos_power, 0) if cards.chaos_power else 0
    deck = tuple(_GOD_NUMBER[god] for god in cards.chaos_deck)
    fields = (cards.female, cards.tokens, power, deck, cards.circe, cards.extra_turns)
    return hash(fields) & (1 << 64) - 1


def _layer(keys: tuple[int, ...], changed: int) -> int:
    key = 0
    for cell in cells_of(changed):
        key ^= keys[cell]
    return key


def position_key(position: Position) -> int:
    """The full key of a position, computed from scratch (once, at the root)."""
    key = _layer(_L1, position.l1) ^ _layer(_L2, position.l2) ^ _layer(_L3, position.l3)
    key ^= _layer(_DOMES, position.domes)
    for side, workers in enumerate(position.workers):
        key ^= _layer(_WORKERS[side], workers)
    key ^= _cards(position.cards)
    return key ^ _TO_MOVE[position.to_move] ^ _ATHENA[position.athena + 1] ^ _OUT[position.out]


def child_key(key: int, parent: Position, child: Position) -> int:
    """The key of `child` from its parent's key: only the bits that differ are visited."""
    if parent.l1 != child.l1:
        key ^= _layer(_L1, parent.l1 ^ child.l1)
    if parent.l2 != child.l2:
        key ^= _layer(_L2, parent.l2 ^ child.l2)
    if parent.l3 != child.l3:
        key ^= _layer(_L3, parent.l3 ^ child.l3)
    if parent.domes != child.domes:
        key ^= _layer(_DOMES, parent.domes ^ child.domes)
    for side, (before, after) in enumerate(zip(parent.workers, child.workers, strict=True)):
        if before != after:
            key ^= _layer(_WORKERS[side], before ^ after)
    if parent.to_move != child.to_move:
        key ^= _TO_MOVE[parent.to_move] ^ _TO_MOVE[child.to_move]
    if parent.athena != child.athena:
        key ^= _ATHENA[parent.athena + 1] ^ _ATHENA[child.athena + 1]
    if parent.out != child.out:
        key ^= _OUT[parent.out] ^ _OUT[child.out]
    if parent.cards != child.cards:
        key ^= _cards(parent.cards) ^ _cards(child.cards)
    return key
