"""Whole-turn outcomes of the advanced gods straight from the bitboards: the search's and
the playouts' hot path once an advanced god is in the game.

`turns.generate_turns` walks `power_turn.py`'s action-by-action machine, building a
`TurnState`, an `Action` and a `Position` at every step: exact, and what the referee and
the command line need, but hundreds of times too slow for a search or a playout. Here
the same turn shapes are nested loops over plain-int bitboards: the move step(s) with
their effects (swap, push, ferry, Bia's removal, the win checks with Pan, Eros and
Hera), the builds under Limus' ban (Atlas', Selene's and Zeus' builds, the second builds,
Morpheus' tokens, Chronus' towers), the end of the turn (Ares, Poseidon, then
`power_result.close`: Medusa, Chaos' draw, Dionysus' owed turns) and the whole-turn
tests (Aphrodite's neighbours, Persephone's obligation to climb).

One walk serves every caller: `power_outcomes` follows every branch and returns each
distinct (result, winner); `random_power_outcome` tries the branches in random order
and stops at the first complete turn (an optional extra taken about half the time), so
it reports no turn only when none exists; `power_turn_exists` stops at the first turn,
`power_win_exists` at the first win (walking only the steps when no build can win).
The tests check the outcome sets against the rules core's turns for every god, pairing
and player count.
"""

from __future__ import annotations

import random

from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import BEYOND, Board, moved, targets
from santorini_hw.rules.position import Position
from santorini_hw.rules.power_moves import PERIMETER
from santorini_hw.rules.power_outcome_builds import build_option, first_build, normal_options
from santorini_hw.rules.power_result import petrifies_everyone, record, remove, steps_ok
from santorini_hw.rules.power_shortcuts import surely_a_turn, surely_a_win, surely_no_win
from santorini_hw.rules.power_state import constrained_by, opposing, start_powers
from santorini_hw.rules.power_walk import ALL, DOME, FIRST, WIN, Found, Marks, Walk, eros, order

Outcome = Found


def power_outcomes(position: Position) -> list[Outcome]:
    """Every distinct (result, winner) of the player to move's legal turns."""
    walk = _start(position, None, ALL)
    _turn(walk)
    found = walk.found
    if walk.persephone and any(up for up in found.values()):
        return [key for key, up in found.items() if up or key in walk.passes]
    return list(found)


def random_power_outcome(position: Position, rng: random.Random) -> Outcome | None:
    """One legal turn's (result, winner) drawn at random (not uniformly: fast, for
    playouts), or None when the player to move has no legal turn."""
    return walk_draw(draw_walk(position, rng))


def draw_walk(position: Position, rng: random.Random) -> Walk:
    """The start of a random draw (`walk_draw`; `playout.random_power_turn` first tries
    a plain turn with it)."""
    return _start(position, rng, FIRST)


def walk_draw(walk: Walk) -> Outcome | None:
    """A random legal turn found by the walk: a climbing one first if Persephone
    demands it (and there is one), else any."""
    walk.need_up = walk.persephone
    _turn(walk)
    if walk.drawn is None and walk.persephone:
        walk.need_up, walk.seen = False, set()
        _turn(walk)
    return walk.drawn


def power_turn_exists(position: Position) -> bool:
    """The player to move has a legal turn (the walk stops at the first one)."""
    if surely_a_turn(position):
        return True
    walk = _start(position, None, FIRST)
    _turn(walk)
    return walk.drawn is not None


def power_win_exists(position: Position) -> bool:
    """The player to move has a winning turn. Only the steps are walked, unless a build
    or the end of the turn can win (Chronus' towers, Medusa's petrification); a win
    that does not climb, with Persephone opposing, is checked against every turn."""
    if surely_no_win(position):
        return False
    if surely_a_win(position):
        return True
    walk = _start(position, None, WIN)
    if walk.skip_builds and not _may_win_by_steps(walk):
        return False
    _turn(walk)
    if walk.drawn is None and walk.unsure:
        mover = position.to_move
        return any(winner == mover for _, winner in power_outcomes(position))
    return walk.drawn is not None


def _may_win_by_steps(walk: Walk) -> bool:
    """False when no step of this turn can win, without walking: a Dionysus extra turn
    never wins, and a climb to level 3 needs a free worker on level 2 (Artemis: on level
    1, for two steps up; Triton: or a level-2 cell on the edge his chain may reach, next
    to a level-3 one) and no Athena block; Pan's drop, Eros' meeting, Bia's removals and
    Medusa's petrification are walked."""
    god = walk.god
    if walk.powers.additional:
        return False
    if god is God.PAN or god is God.EROS or god is God.BIA or god is God.MEDUSA:
        return True
    if not walk.powers.up_ok:
        return False
    l1, l2, l3, domes = walk.position[:4]
    high = (
        walk.position.workers[walk.side] & ~walk.powers.frozen & (l1 if god is God.ARTEMIS else l2)
    )
    if god is not God.TRITON:
        return bool(high)
    near = 0
    for cell in cells_of(high & ~l3 | l2 & ~l3 & ~domes & PERIMETER):
        near |= NEIGHBOURS[cell]
    return bool(near & l3 & ~domes)


def _start(position: Position, rng: random.Random | None, goal: int) -> Walk:
    powers = start_powers(position)
    cards = position.cards
    constrained = constrained_by(position, powers.aphrodite)
    female = cards.female if cards is not None else -1
    fields = (female, constrained, 0, 0, position.out, -1, False, False, 0, False)
    marks = tuple.__new__(Marks, fields)  # skips NamedTuple's parsing: every turn
    persephone = opposing(powers.gods, position.to_move)[5]
    return Walk(position, powers, marks, persephone, rng=rng, goal=goal)


def _turn(walk: Walk) -> None:
    position = walk.position
    b: Board = position[:4]
    w = position.workers
    own = w[walk.side]
    if not own:
        return  # out of the game: no turn at all (not even Dionysus' pass)
    m = walk.start_marks
    if walk.powers.additional:
        _additional(walk, b, w, m)
        return
    god = walk.god
    movers = own & ~walk.powers.frozen
    for cell in order(walk, cells_of(movers)):
        _steps(walk, b, w, m, cell, origin=cell, moves=0, up_ok=walk.powers.up_ok)
        if god is God.CHARON:
            for src in order(walk, cells_of(NEIGHBOURS[cell] & position.occupied & ~own)):
                _ferry(walk, b, w, m, cell, src=src)
        if walk.drawn is not None:
            return
    if (god is God.PROMETHEUS or god is God.HERMES) and not walk.skip_builds:
        _build_first(walk, b, w, m, own)


def _ferry(walk: Walk, b: Board, w: tuple[int, ...], m: Marks, charon: int, *, src: int) -> None:
    """Charon ferries the opponent on `src` across his worker, which then must move."""
    landing = BEYOND[src][charon]
    occupied = b[3]
    for side_workers in w:
        occupied |= side_workers
    if landing < 0 or occupied >> landing & 1:
        return
    changed = list(w)
    for side, side_workers in enumerate(w):
        if side_workers >> src & 1:
            changed[side] ^= 1 << src | 1 << landing
    if m.female == src:
        m = m._replace(female=landing)
    ferried = tuple(changed)
    _steps(walk, b, ferried, m, charon, origin=charon, moves=0, up_ok=walk.powers.up_ok)


def _build_first(walk: Walk, b: Board, w: tuple[int, ...], m: Marks, own: int) -> None:
    """Prometheus' build before a move that does not climb; Hermes' build without moving."""
    options: dict[int, None] = {}
    for cell in cells_of(own):
        options.update(dict.fromkeys(normal_options(walk, b, w, cell)))
    for option in order(walk, list(options)):
        after, marks = build_option(walk, b, m, option)
        if marks.winner >= 0 or walk.god is God.HERMES:
            record(walk, after, w, marks, 1)
        else:
            cell = option % DOME
            for mover in order(walk, cells_of(own & NEIGHBOURS[cell] & ~walk.powers.frozen)):
                _steps(walk, after, w, marks, mover, origin=mover, moves=0, up_ok=False)
        if walk.drawn is not None:
            return


def _steps(
    walk: Walk,
    b: Board,
    w: tuple[int, ...],
    m: Marks,
    cell: int,
    *,
    origin: int,
    moves: int,
    up_ok: bool,
    exclude: int = -1,
) -> None:
    """Every step of the worker on `cell` (its side's reach with the mover's power), then
    the rest of the turn (Triton's and Hermes' walks: `_walk_on`)."""
    side = walk.side_of(w, cell)
    god = walk.god
    reach = targets(b, w, side, cell, god, up_ok=up_ok)
    if exclude >= 0:
        reach &= ~(1 << exclude)
    for dst in order(walk, cells_of(reach)):
        stepped = _stepped(walk, b, w, m, cell, dst=dst, side=side)
        if stepped is not None:
            after, marks, level = stepped
            if god is God.HERMES and level and (walk.skip_builds or walk.need_up):
                continue  # a walk on one level never wins nor climbs (Persephone)
            if god is God.TRITON or (god is God.HERMES and level):
                _walk_on(walk, b, after, marks, dst, up_ok=up_ok)
            else:
                _after_step(
                    walk, b, after, marks, dst, origin=origin if moves else cell,
                    moves=moves + 1, up_ok=up_ok,
                )  # fmt: skip
        if walk.drawn is not None:
            return


def _level(b: Board, cell: int) -> int:
    """Cells of the same height as `cell` (Hermes' walk)."""
    l1, l2, l3, _ = b
    height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1)
    return (~l1, l1 & ~l2, l2 & ~l3, l3)[height]


def _stepped(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks, src: int, *, dst: int, side: int
) -> tuple[tuple[int, ...], Marks, bool] | None:
    """One step from `src` to `dst` with its effects: the workers and marks after it and
    whether it kept its level, or None when it won (the turn is recorded)."""
    god = walk.god
    l1, l2, l3, _ = b
    start = (l1 >> src & 1) + (l2 >> src & 1) + (l3 >> src & 1)
    end = (l1 >> dst & 1) + (l2 >> dst & 1) + (l3 >> dst & 1)
    after = moved(w, side, src, dst, god)
    if walk.tracking:
        m = _followed(m, w, src, dst, god)
    if god is God.BIA:
        victim = BEYOND[src][dst]
        if victim >= 0:
            others = 0
            for other, side_workers in enumerate(after):
                if other != side:
                    others |= side_workers
            if others >> victim & 1:
                after, m = remove(walk, after, m, victim)
    if end > start and not m.up:
        m = m._replace(up=True)
    if m.winner < 0 and not walk.powers.additional and _wins(walk, after, dst, start, end):
        m = m._replace(winner=walk.position.to_move)
    if m.winner >= 0:
        record(walk, b, after, m, 0)
        return None
    return after, m, start == end


def _followed(m: Marks, w: tuple[int, ...], src: int, dst: int, god: God | None) -> Marks:
    """Selene's female and Aphrodite's constrained workers follow a step (and a swap or
    a push of the worker on `dst`)."""
    female = m.female
    if female == src:
        female = dst
    elif female == dst and any(side_workers >> dst & 1 for side_workers in w):
        female = src if god is God.APOLLO else BEYOND[src][dst]
    constrained, strayed = m.constrained, m.strayed
    if (constrained | strayed) >> src & 1:
        constrained &= ~(1 << src)
        strayed = strayed & ~(1 << src) | 1 << dst
    return m._replace(female=female, constrained=constrained, strayed=strayed)


def _wins(walk: Walk, w: tuple[int, ...], dst: int, start: int, end: int) -> bool:
    god = walk.god
    won = (end == 3 and start < 3) or (god is God.PAN and start - end >= 2)
    if not won and god is God.EROS:
        won = eros(walk.position, walk.side, w)
    if won and walk.powers.hera >= 0 and PERIMETER >> dst & 1:
        return False
    return won


def _after_step(
    walk: Walk,
    b: Board,
    w: tuple[int, ...],
    m: Marks,
    worker: int,
    *,
    origin: int,
    moves: int,
    up_ok: bool,
) -> None:
    """After a step: Artemis' second step, and the builds."""
    # Failing Aphrodite or Persephone after the steps, only a further step can save the turn;
    # looking for a win, Medusa builds only where her petrification wins whatever she builds.
    building = steps_ok(walk, w, m) and (
        not walk.skip_builds or (walk.god is God.MEDUSA and petrifies_everyone(walk, b, w, m))
    )
    builds_first = building and walk.rng is not None and walk.rng.random() < 0.5
    if builds_first:  # a random draw takes the second step only about half the time
        first_build(walk, b, w, m, worker, walking=False)
    if walk.god is God.ARTEMIS and moves == 1 and walk.drawn is None:
        _steps(walk, b, w, m, worker, origin=origin, moves=moves, up_ok=up_ok, exclude=origin)
    if building and not builds_first and walk.drawn is None:
        first_build(walk, b, w, m, worker, walking=False)


def _walk_on(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks, worker: int, *, up_ok: bool
) -> None:
    """Triton's steps from the edge and Hermes' walk of both workers on their level:
    every state they reach (each once: they walk in circles), each followed by the
    builds. A stack, not recursion: a walk can reach hundreds of states."""
    god = walk.god
    walking = god is God.HERMES
    side = walk.side
    stack: list[tuple[tuple[int, ...], Marks, int, bool]] = [(w, m, worker, False)]
    while stack:
        w, m, worker, build_now = stack.pop()
        if build_now:
            first_build(walk, b, w, m, worker, walking=walking)
            if walk.drawn is not None:
                return
            continue
        key = (b, w, m, -1 if walking else worker)
        if key in walk.seen:
            continue
        walk.seen.add(key)
        building = not walk.skip_builds and steps_ok(walk, w, m)
        if building and walk.rng is not None and walk.rng.random() < 0.5:
            first_build(walk, b, w, m, worker, walking=walking)  # a draw often stops here
            if walk.drawn is not None:
                return
        elif building:
            stack.append((w, m, worker, True))  # after the further steps (a draw's fallback)
        if walking:
            movers = w[side] & ~walk.powers.frozen
        else:
            movers = 1 << worker if PERIMETER >> worker & 1 else 0
        for cell in order(walk, cells_of(movers)):
            reach = targets(b, w, side, cell, god, up_ok=up_ok)
            if walking:
                reach &= _level(b, cell)
            for dst in order(walk, cells_of(reach)):
                stepped = _stepped(walk, b, w, m, cell, dst=dst, side=side)
                if walk.drawn is not None:
                    return
                if stepped is not None:
                    stack.append((stepped[0], stepped[1], dst, False))


def _additional(walk: Walk, b: Board, w: tuple[int, ...], m: Marks) -> None:
    """Dionysus' additional turn: pass, or a normal step and build with any opponent's
    worker (no power, no win)."""
    theirs = walk.position.occupied & ~w[walk.side]
    options = [-1, *cells_of(theirs)]
    for cell in order(walk, options):
        if cell < 0:
            record(walk, b, w, m._replace(passed=True), 0)
        else:
            _steps(walk, b, w, m, cell, origin=cell, moves=0, up_ok=walk.powers.up_ok)
        if walk.drawn is not None:
            return
