"""The builds of an advanced turn in `power_outcomes`' bitboard walk: the build after
moving (Atlas' and Selene's domes, Zeus under himself, Hermes' build by either worker),
the optional further builds (Demeter, Hephaestus, Hestia, Morpheus' tokens), the
end-of-turn actions (Ares' removal, Poseidon's builds), all under Limus' ban, and what a
build does (Dionysus' towers, Chaos' domes, Chronus' five towers)."""

from __future__ import annotations

from santorini_hw.rules.cells import NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.outcomes import Board, built
from santorini_hw.rules.power_builds import banned_by
from santorini_hw.rules.power_moves import PERIMETER
from santorini_hw.rules.power_result import record
from santorini_hw.rules.power_walk import DOME, Marks, Walk, order, towers


def first_build(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks, worker: int, *, walking: bool
) -> None:
    """The turn's build after moving, shaped by the mover's power."""
    god = walk.god
    if god is God.MORPHEUS:
        _after_build(walk, b, w, m, worker, count=0, last=-1)
        return
    if walking:
        options: list[int] = list(
            dict.fromkeys(
                o for cell in cells_of(w[walk.side]) for o in normal_options(walk, b, w, cell)
            )
        )
    else:
        options = normal_options(walk, b, w, worker, god is God.ATLAS)
        under = god is God.ZEUS and not b[2] >> worker & 1
        if under and not limus_banned(walk, w, worker) >> worker & 1:
            options.append(worker)
        female = m.female
        if god is God.SELENE and female >= 0 and w[walk.side] >> female & 1:
            low = [o for o in normal_options(walk, b, w, female, True) if o >= DOME]
            options += [o for o in low if o not in options]
    for option in order(walk, options):
        after, marks = build_option(walk, b, m, option)
        if marks.winner >= 0:
            record(walk, after, w, marks, 1)
        else:
            _after_build(walk, after, w, marks, worker, count=1, last=option % DOME)
        if walk.drawn is not None:
            return


def _after_build(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks, worker: int, *, count: int, last: int
) -> None:
    """The turn may end here; optional further builds (Demeter, Hephaestus, Hestia,
    Morpheus) and end-of-turn actions (Ares, Poseidon) may follow."""
    if walk.god is God.MORPHEUS:  # his builds in another order lead here again
        key = (b, w, m, worker, count)
        if key in walk.seen:
            return
        walk.seen.add(key)
    if not _may_end(walk, b, w, m, count):
        return
    for option in order(walk, _more_builds(walk, b, w, worker, count, last=last)):
        after, marks = build_option(walk, b, m, option)
        if marks.winner >= 0:
            record(walk, after, w, marks, count + 1)
        else:
            _after_build(walk, after, w, marks, worker, count=count + 1, last=option % DOME)
        if walk.drawn is not None:
            return
    _end_actions(walk, b, w, m, worker, count=count)
    if walk.rng is not None and walk.drawn is None:
        record(walk, b, w, m, count)  # no extra could follow: end here after all


def _may_end(walk: Walk, b: Board, w: tuple[int, ...], m: Marks, count: int) -> bool:
    """The turn can end here: kept (and the walk goes on) when enumerating; a random
    draw ends here about half the time. True when the walk should go on."""
    rng = walk.rng
    if rng is None:
        record(walk, b, w, m, count)
        return True
    if rng.random() < 0.5:
        record(walk, b, w, m, count)
        return False
    return True


def _more_builds(
    walk: Walk, b: Board, w: tuple[int, ...], worker: int, count: int, *, last: int
) -> list[int]:
    """Optional builds after the first (Demeter, Hephaestus, Hestia; Morpheus' tokens)."""
    god = walk.god
    if god is God.MORPHEUS:
        return normal_options(walk, b, w, worker) if count < walk.powers.tokens else []
    if count != 1:
        return []
    if god is God.DEMETER:
        return [o for o in normal_options(walk, b, w, worker) if o % DOME != last]
    if god is God.HESTIA:
        return [o for o in normal_options(walk, b, w, worker) if not PERIMETER >> o % DOME & 1]
    if god is God.HEPHAESTUS and not b[3] >> last & 1 and not b[2] >> last & 1:
        return [o for o in normal_options(walk, b, w, worker) if o == last]
    return []


def _end_actions(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks, worker: int, *, count: int
) -> None:
    """Ares' optional removal next to his unmoved worker; Poseidon's up to three builds
    with his unmoved worker on the ground."""
    god = walk.god
    if god is not God.ARES and god is not God.POSEIDON:
        return
    others = cells_of(w[walk.side] & ~(1 << worker))
    if len(others) != 1:
        return
    unmoved = others[0]
    l1, l2, l3, domes = b
    if god is God.ARES:
        occupied = domes
        for side_workers in w:
            occupied |= side_workers
        for cell in order(walk, cells_of(NEIGHBOURS[unmoved] & ~occupied & l1)):
            bit = ~(1 << cell)
            if l3 >> cell & 1:
                after = (l1, l2, l3 & bit, domes)
            elif l2 >> cell & 1:
                after = (l1, l2 & bit, l3, domes)
            else:
                after = (l1 & bit, l2, l3, domes)
            record(walk, after, w, m, count)
            if walk.drawn is not None:
                return
    elif not l1 >> unmoved & 1:
        _poseidon(walk, b, w, m, count, unmoved=unmoved, left=3)


def _poseidon(
    walk: Walk, b: Board, w: tuple[int, ...], m: Marks, count: int, *, unmoved: int, left: int
) -> None:
    """Poseidon's unmoved worker builds up to `left` more times."""
    for option in order(walk, normal_options(walk, b, w, unmoved)):
        after, marks = build_option(walk, b, m, option)
        if marks.winner >= 0 or left == 1:
            record(walk, after, w, marks, count)
        elif _may_end(walk, after, w, marks, count):
            _poseidon(walk, after, w, marks, count, unmoved=unmoved, left=left - 1)
            if walk.rng is not None and walk.drawn is None:
                record(walk, after, w, marks, count)
        if walk.drawn is not None:
            return


def limus_banned(walk: Walk, w: tuple[int, ...], builder: int) -> int:
    """Cells where `builder` may build nothing but a dome on level 3 (Limus)."""
    side = walk.limus_side
    return 0 if side < 0 else banned_by(w[side], builder)


def normal_options(
    walk: Walk, b: Board, w: tuple[int, ...], builder: int, any_dome: bool = False
) -> list[int]:
    """A block on level 0-2 or a dome on level 3 next to `builder` (`any_dome`: Atlas)."""
    _, _, l3, domes = b
    occupied = domes
    for side_workers in w:
        occupied |= side_workers
    free = NEIGHBOURS[builder] & ~occupied
    banned = limus_banned(walk, w, builder) if walk.limus_side >= 0 else 0
    options = list(cells_of(free & ~l3 & ~banned))
    domable = (free if any_dome else free & l3) & ~(banned & ~l3)
    return options + [cell + DOME for cell in cells_of(domable)]


def build_option(walk: Walk, b: Board, m: Marks, option: int) -> tuple[Board, Marks]:
    """The board after a build option, with Dionysus' towers, Chaos' dome and Chronus."""
    if option >= DOME:
        cell = option - DOME
        l1, l2, l3, domes = b
        after: Board = (l1, l2, l3, domes | 1 << cell)
        tower = l3 >> cell & 1 and (walk.god is God.DIONYSUS or walk.powers.additional)
        m = m._replace(domed=True, towers=m.towers + 1) if tower else m._replace(domed=True)
    else:
        after = built(b, option, False)
    if walk.powers.chronus >= 0 and towers(after) >= 5:
        m = m._replace(winner=walk.powers.chronus)
    return after, m
