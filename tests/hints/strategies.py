"""Positions for the hint engine's tests: random ones (any heights, domes, gods and player
counts) and readable hand-made boards."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from santorini_hw.rules.cards import initial_cards
from santorini_hw.rules.cards_json import accepted
from santorini_hw.rules.gods import SIMPLE_GODS, God
from santorini_hw.rules.position import Position, make_lineup
from santorini_hw.rules.position_json import position_from_json

GODS: list[God | None] = [None, *SIMPLE_GODS]
ALL_GODS: list[God | None] = [None, *God]
PLAYERS = {2: ("A", "B"), 3: ("A", "B", "C"), 4: ("A", "B", "C", "D")}
TEAMS = (("A", "C"), ("B", "D"))


@st.composite
def positions(
    draw: st.DrawFn, god: God | None = None, players: int | None = None, thirty: bool = False
) -> Position:
    """A position with `god` for the player to move (else any), on a random board; gods
    from all thirty for two players when `thirty` is set."""
    count = players if players is not None else draw(st.sampled_from([2, 2, 3, 4]))
    names = PLAYERS[count]
    sides = 2 if count == 4 else count
    heights = draw(st.lists(st.sampled_from([0, 0, 1, 1, 2, 2, 3]), min_size=25, max_size=25))
    cells = draw(st.permutations(range(25)))
    l1 = l2 = l3 = domes = 0
    for cell, height in enumerate(heights):
        l1 |= (height >= 1) << cell
        l2 |= (height >= 2) << cell
        l3 |= (height >= 3) << cell
    for cell in cells[2 * sides :]:
        if draw(st.integers(0, 9)) == 0:
            domes |= 1 << cell
    workers = tuple(1 << cells[2 * s] | 1 << cells[2 * s + 1] for s in range(sides))
    pool = ALL_GODS if thirty and count == 2 else GODS
    others = [draw(st.sampled_from(pool)) for _ in range(count - 1)]
    first = god if god is not None else draw(st.sampled_from(pool))
    if count == 3:  # three-player games need gods for everyone
        first = first or God.PAN
        others = [g or God.ATLAS for g in others]
    gods = (first, *others)
    assume(accepted(gods))
    lineup = make_lineup(names, gods, TEAMS if count == 4 else None)
    athena = -1
    for player in range(1, count):
        if gods[player] is God.ATHENA and lineup.sides[player] != 0 and draw(st.booleans()):
            athena = player
            break
    cards = initial_cards(gods)
    if cards is not None and God.SELENE in gods:
        cards = cards._replace(female=cells[2 * gods.index(God.SELENE)])
    return Position(l1, l2, l3, domes, workers, 0, athena, 0, lineup, cards)


def board(
    workers: dict[str, list[str]],
    heights: dict[str, int] | None = None,
    domes: list[str] | None = None,
    gods: dict[str, str | None] | None = None,
    to_move: str = "A",
    **extra: object,
) -> Position:
    """A position from the fields of the position JSON contract (readable test boards)."""
    data: dict[str, object] = {"workers": workers, "to_move": to_move, **extra}
    data["heights"] = heights or {}
    data["domes"] = domes or []
    if gods is not None:
        data["gods"] = gods
    return position_from_json(data)
