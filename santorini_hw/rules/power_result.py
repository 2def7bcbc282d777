"""The end of an advanced turn in `power_outcomes`' bitboard walk: a removal (Bia,
Medusa), the position after the turn (`close`: contract v2's steps 4 and 5, as
`power_end.close` does for the action-by-action machine) and keeping a complete turn
(`record`: Aphrodite's and Persephone's whole-turn tests)."""

from __future__ import annotations

from santorini_hw.rules.cards import CardState, fresh_deck, holder
from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import Board, built
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_builds import banned_by
from santorini_hw.rules.power_state import athena_after
from santorini_hw.rules.power_walk import FIRST, WIN, Found, Marks, Walk, towers


def remove(walk: Walk, w: tuple[int, ...], m: Marks, cell: int) -> tuple[tuple[int, ...], Marks]:
    """A worker leaves the board (Bia, Medusa); its player is out without workers, and the
    mover wins when no other player has a worker left."""
    side = walk.side_of(w, cell)
    changed = list(w)
    changed[side] &= ~(1 << cell)
    out = m.out | (0 if changed[side] else 1 << side)
    female = -1 if m.female == cell else m.female
    removed = m.removed | (1 << cell if walk.powers.aphrodite == side else 0)
    winner = m.winner
    if not any(workers for other, workers in enumerate(changed) if other != walk.side):
        winner = walk.position.to_move
    m = m._replace(out=out, female=female, removed=removed, winner=winner)
    return tuple(changed), m


def petrify(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks
) -> tuple[Board, tuple[int, ...], Marks]:
    """Medusa: every opponent worker lower than a neighbouring worker of hers becomes a
    block, in cell order, unless Limus forbids the block (the worker then stays)."""
    l1, l2, l3, _ = b
    mine = w[walk.side]
    theirs = 0
    for side_workers in w:
        theirs |= side_workers
    theirs &= ~mine

    def height(cell: int) -> int:
        return (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)

    victims = [
        cell
        for cell in cells_of(theirs)
        if any(height(n) > height(cell) for n in cells_of(NEIGHBOURS[cell] & mine))
    ]
    for cell in victims:
        if walk.limus_side >= 0 and banned_by(w[walk.limus_side], -1) >> cell & 1:
            continue
        w, m = remove(walk, w, m, cell)
        b = built(b, cell, False)
        if m.winner >= 0:
            break
    return b, w, m


def petrifies_everyone(walk: Walk, b: Board, w: tuple[int, ...], m: Marks) -> bool:
    """Medusa's petrification after these steps leaves no other player a worker: a win
    whatever she builds, since no build changes the level a worker stands on."""
    l1, l2, l3, _ = b
    mine = w[walk.side]
    for side, side_workers in enumerate(w):
        if side != walk.side:
            for cell in cells_of(side_workers):
                height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
                if not NEIGHBOURS[cell] & mine & (l1, l2, l3, 0)[height]:
                    return False
    return petrify(walk, b, w, m)[2].winner >= 0


_NO_CARDS = CardState()


def _next_player(me: int, count: int, out: int) -> int:
    """The next player in turn order who still has workers."""
    player = me
    for _ in range(count):
        player = (player + 1) % count
        if not out >> player & 1:
            return player
    return me


def chaos_draw(
    gods: tuple[God | None, ...], chaos: int, deck: tuple[God, ...]
) -> tuple[God, tuple[God, ...]]:
    """Chaos' power and deck after a dome: the deck's first card (from a fresh deck when
    it ran out)."""
    if not deck:
        deck = fresh_deck(gods, chaos)
    return deck[0], deck[1:]


def close(walk: Walk, b: Board, w: tuple[int, ...], m: Marks, builds: int) -> Found:
    """The position after the turn and the index of its winner (-1: nobody)."""
    powers = walk.powers
    position = walk.position
    if m.winner < 0 and powers.god is God.MEDUSA:
        b, w, m = petrify(walk, b, w, m)
    winner = m.winner
    me = position.to_move
    lineup = position.lineup
    cards = position.cards or _NO_CARDS
    chaos_power, deck = cards.chaos_power, cards.chaos_deck
    if m.domed and winner < 0:
        chaos = holder(lineup.gods, God.CHAOS)
        if chaos >= 0:
            chaos_power, deck = chaos_draw(lineup.gods, chaos, deck)
    tokens = powers.tokens - builds if powers.god is God.MORPHEUS else cards.tokens
    owed = 0
    if winner < 0 and powers.additional:
        owed = 0 if m.passed else cards.extra_turns - 1 + m.towers
    elif winner < 0 and powers.god is God.DIONYSUS:
        owed = m.towers
    count = len(lineup.players)
    if owed:
        following = me
    elif m.out:
        following = _next_player(me, count, m.out)
    else:
        following = me + 1 if me + 1 < count else 0
    if powers.additional and not owed and winner < 0:
        chronus = holder(powers.gods, God.CHRONUS)
        if chronus >= 0 and towers(b) >= 5:
            winner = chronus
    athena = athena_after(powers, (me, following), position.athena, moved_up=m.up, out=m.out)
    circe = powers.circe and lineup.gods[me] is God.CIRCE
    result_cards = tuple.__new__(CardState, (m.female, tokens, chaos_power, deck, circe, owed))
    fields = (*b, w, following, athena, m.out, lineup, result_cards)
    return tuple.__new__(Position, fields), winner


def steps_ok(walk: Walk, w: tuple[int, ...], m: Marks) -> bool:
    """The steps obey Aphrodite (each constrained worker that moved ends next to hers)
    and, for a draw that must climb, Persephone. No build can change either."""
    if m.strayed and walk.aphrodite_side >= 0:
        theirs = w[walk.aphrodite_side] | m.removed
        if not all(NEIGHBOURS[cell] & theirs for cell in cells_of(m.strayed)):
            return False
    return not walk.need_up or m.up or m.passed


def record(walk: Walk, b: Board, w: tuple[int, ...], m: Marks, built_: int) -> None:
    """A complete turn: checked against Aphrodite and (for a draw) Persephone, then kept."""
    if not steps_ok(walk, w, m):
        return
    result = close(walk, b, w, m, built_)
    goal = walk.goal
    if goal == FIRST:
        walk.drawn = result
    elif goal == WIN:
        if result[1] == walk.position.to_move:
            if walk.persephone and not m.up:
                walk.unsure = True
            else:
                walk.drawn = result
    else:
        walk.found[result] = walk.found.get(result, False) or m.up
        if m.passed:
            walk.passes.add(result)
