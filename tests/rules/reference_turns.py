"""The oracle's turns (see `reference_advanced.py`): every complete turn of a position
JSON, as a set of outcomes, written straight from the contract's rule text."""

from __future__ import annotations

from typing import Any

from tests.rules.reference import adjacent as around
from tests.rules.reference_advanced import SIMPLE, Play, across, deck_of, edge, name

Outcome = tuple[Any, ...]


def powers(p: Play) -> list[str | None]:
    """The power each player holds this turn (Chaos' card, Circe's theft)."""
    eff = list(p.gods)
    for i, god in enumerate(p.gods):
        if god == "Chaos":
            eff[i] = p.chaos[p.players[i]]["power"]
    c = p.owner("Circe")
    if c >= 0:
        o = 1 - c
        if p.me == c:
            ws = p.mine(o)
            steal = not (len(ws) == 2 and ws[1] in around(ws[0]))
        else:
            steal = p.circe
        eff[c] = p.gods[o] if steal else None
        if steal:
            eff[o] = None
    return eff


class Turns:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.start = Play(doc)
        s = self.start
        self.eff = powers(s)
        self.god = None if s.extra else self.eff[s.me]
        self.other = {g: i for i, g in enumerate(self.eff) if g and i != s.me}
        self.found: list[tuple[Outcome, bool, bool]] = []  # outcome, went up, Aphrodite ok
        if self.god == "Morpheus":  # his start-of-turn gain
            s.tokens[s.players[s.me]] = s.tokens.get(s.players[s.me], 0) + 1
        a = self.other.get("Aphrodite", -1)
        theirs = s.mine(a) if a >= 0 else []
        self.bound = {c for c in s.w if s.w[c][0] != a and any(n in theirs for n in around(c))}
        if a < 0:
            self.bound = set()
        c = s.owner("Circe")
        self.circe_test = False
        if c == s.me:
            ws = s.mine(1 - c)
            self.circe_test = not (len(ws) == 2 and ws[1] in around(ws[0]))

    # -- the pieces of a turn ------------------------------------------------------
    def limus_bans(self, p: Play, builder: int, cell: int, dome: bool) -> bool:
        lim = self.other.get("Limus", -1)
        if lim < 0 or (builder >= 0 and p.w.get(builder, (-1,))[0] == lim):
            return False
        near = any(p.w.get(n, (-1,))[0] == lim for n in around(cell))
        return near and not (dome and p.h[cell] == 3)

    def build_options(
        self, p: Play, builder: int, any_dome: bool = False
    ) -> list[tuple[int, bool]]:
        out = []
        for c in around(builder):
            if c in p.w or c in p.domes:
                continue
            for dome in (False, True):
                ok = (not dome and p.h[c] < 3) or (dome and (p.h[c] == 3 or any_dome))
                if ok and not self.limus_bans(p, builder, c, dome):
                    out.append((c, dome))
        return out

    def build(self, p: Play, cell: int, dome: bool, towers_count: bool) -> Play:
        q = p.clone()
        if dome:
            q.domes.add(cell)
            q.domed = True
            if q.h[cell] == 3 and towers_count:
                q.towers += 1
        else:
            q.h[cell] += 1
        chronus = self.eff.index("Chronus") if "Chronus" in self.eff else -1
        towers = sum(1 for c in q.domes if q.h[c] == 3)
        if chronus >= 0 and not q.extra and towers >= 5 and q.winner is None:
            q.winner = chronus
        return q

    def remove(self, p: Play, cell: int) -> None:
        owner = p.w.pop(cell)[0]
        if owner == self.other.get("Aphrodite", -1):
            p.gone.add(cell)
        if all(pl == p.me for pl, _ in p.w.values()):
            p.winner = p.me

    def step(self, p: Play, src: int, dst: int, god: str | None) -> Play:
        q = p.clone()
        worker = q.w.pop(src)
        if dst in q.w:  # Apollo swaps, Minotaur pushes
            forced = q.w.pop(dst)
            q.w[src if god == "Apollo" else across(src, dst)] = forced
        q.w[dst] = worker
        q.origin[dst] = q.origin.pop(src, src)
        q.up = q.up or p.h[dst] > p.h[src]
        if god == "Bia":
            b = across(src, dst)
            if b in q.w and q.w[b][0] != worker[0]:
                self.remove(q, b)
        if q.winner is None and not q.extra:
            win = (p.h[dst] == 3 and p.h[src] < 3) or (god == "Pan" and p.h[src] - p.h[dst] >= 2)
            if god == "Eros":
                mine = q.mine(q.me)
                same = len(mine) == 2 and mine[1] in around(mine[0])
                level = q.h[mine[0]] == q.h[mine[1]] if same else False
                need = level if len(q.players) == 3 else level and q.h[mine[0]] == 1
                win = win or (same and need)
            if win and "Hera" in self.other and edge(dst):
                win = False
            if win:
                q.winner = q.me
        return q

    def steps(self, p: Play, src: int, god: str | None, no_up: bool) -> list[int]:
        out = []
        for t in around(src):
            if t in p.domes or p.h[t] - p.h[src] > (0 if no_up else 1):
                continue
            if t not in p.w or (p.w[t][0] != p.w[src][0] and god == "Apollo"):
                out.append(t)
            elif p.w[t][0] != p.w[src][0] and god == "Minotaur":
                b = across(src, t)
                if b >= 0 and b not in p.w and b not in p.domes:
                    out.append(t)
        return out

    # -- whole turns -----------------------------------------------------------------
    def run(self) -> set[Outcome]:
        s = self.start
        if not s.mine(s.me):
            return set()
        if s.extra:
            self.additional()
        else:
            self.normal()
        ok = [(o, up) for o, up, fine in self.found if fine]
        persephone = "Persephone" in self.other
        if persephone and any(up for o, up in ok if o[-2] != "pass"):
            ok = [(o, up) for o, up in ok if up or o[-2] == "pass"]
        return {(*o[:-2], o[-1]) for o, _ in ok}

    def normal(self) -> None:
        s, god = self.start, self.god
        frozen = -1
        if "Hypnus" in self.other:
            mine = s.mine(s.me)
            top = max(s.h[c] for c in mine)
            highest = [c for c in mine if s.h[c] == top]
            frozen = highest[0] if len(highest) == 1 else -1
        for w in s.mine(s.me):
            if w == frozen:
                continue
            self.moves(s, w, god, origin=w, first=True)
            if god == "Prometheus":
                for c, dome in self.build_options(s, w):
                    self.moves(
                        self.build(s, c, dome, False), w, god, origin=w, first=True, no_up=True
                    )
            if god == "Charon":
                for o in around(w):
                    b = across(o, w)
                    if (
                        o in s.w
                        and s.w[o][0] != s.me
                        and b >= 0
                        and b not in s.w
                        and b not in s.domes
                    ):
                        q = s.clone()
                        q.w[b] = q.w.pop(o)
                        self.moves(q, w, god, origin=w, first=True)
        if god == "Hermes":
            self.hermes(frozen)

    def hermes(self, frozen: int) -> None:
        s = self.start
        # Workers of one player look alike in `w`; where each started tells them apart
        # (Aphrodite binds a worker by its start), so a state is both.
        seen = {(tuple(sorted(s.w.items())), ())}
        todo = [s]
        while todo:
            p = todo.pop()
            for w in p.mine(p.me):
                if p.origin.get(w, w) == frozen:
                    continue
                for t in self.steps(p, w, None, no_up=True):
                    if p.h[t] == p.h[w]:
                        q = self.step(p, w, t, None)
                        key = (tuple(sorted(q.w.items())), tuple(sorted(q.origin.items())))
                        if key not in seen:
                            seen.add(key)
                            todo.append(q)
            for b in p.mine(p.me):
                for c, dome in self.build_options(p, b):
                    q = self.build(p, c, dome, False)
                    q.selected = b
                    self.end(q)

    def moves(self, p: Play, w: int, god: str | None, *, origin: int, first: bool,
              no_up: bool = False, seen: set[Any] | None = None) -> None:  # fmt: skip
        no_up = no_up or p.athena
        for t in self.steps(p, w, god, no_up):
            if not first and god == "Artemis" and t == origin:
                continue
            q = self.step(p, w, t, god)
            q.selected = t
            if q.winner is not None:
                self.done(q)
                continue
            self.builds(q, t)
            if god == "Artemis" and first:
                self.moves(q, t, god, origin=origin, first=False, no_up=no_up)
            if god == "Triton" and edge(t):
                key = (t, tuple(sorted(q.w.items())), q.up)
                walked = seen if seen is not None else set()
                if key not in walked:
                    walked.add(key)
                    self.moves(q, t, god, origin=origin, first=False, no_up=no_up, seen=walked)

    def builds(self, p: Play, t: int) -> None:
        god = self.god
        if god == "Morpheus":
            self.morpheus(p, t, p.tokens[p.players[p.me]])
            return
        options = self.build_options(p, t, any_dome=god == "Atlas")
        if god == "Zeus" and p.h[t] <= 2 and not self.limus_bans(p, t, t, False):
            options.append((t, False))
        female = next((c for c, (pl, f) in p.w.items() if f and pl == p.me), -1)
        if god == "Selene" and female >= 0:
            options += [(c, True) for c, dome in self.build_options(p, female, True) if dome]
        for c, dome in set(options):
            q = self.build(p, c, dome, god == "Dionysus")  # Zeus under himself: no win
            self.end(q)
            if q.winner is not None:
                continue
            if god == "Demeter":
                for c2, d2 in self.build_options(q, t):
                    if c2 != c:
                        self.end(self.build(q, c2, d2, False))
            if (
                god == "Hephaestus"
                and not dome
                and q.h[c] < 3
                and not self.limus_bans(q, t, c, False)
            ):
                self.end(self.build(q, c, False, False))
            if god == "Hestia":
                for c2, d2 in self.build_options(q, t):
                    if not edge(c2):
                        self.end(self.build(q, c2, d2, False))

    def morpheus(self, p: Play, t: int, left: int) -> None:
        q = p.clone()
        q.tokens[q.players[q.me]] = left
        self.end(q)
        if left and p.winner is None:
            for c, dome in self.build_options(p, t):
                self.morpheus(self.build(p, c, dome, False), t, left - 1)

    def end(self, p: Play) -> None:
        """End-of-turn powers (Medusa, Ares, Poseidon), then the turn is done."""
        god = self.god
        if p.winner is not None:
            self.done(p)
            return
        rest = [c for c in p.mine(p.me) if c != p.selected]
        unmoved = rest[0] if len(rest) == 1 else -1
        if god == "Medusa":
            q = p.clone()
            mine = q.mine(q.me)
            victims = sorted(c for c, (pl, _) in q.w.items() if pl != q.me
                             and any(n in mine and q.h[n] > q.h[c] for n in around(c)))  # fmt: skip
            for c in victims:
                if self.limus_bans(q, -1, c, False):
                    continue
                self.remove(q, c)
                q.h[c] += 1
                if q.winner is not None:
                    break
            self.done(q)
            return
        self.done(p)
        if god == "Ares" and unmoved >= 0:
            for c in around(unmoved):
                if c not in p.w and c not in p.domes and p.h[c] >= 1:
                    q = p.clone()
                    q.h[c] -= 1
                    self.done(q)
        if god == "Poseidon" and unmoved >= 0 and p.h[unmoved] == 0:
            self.poseidon(p, unmoved, 3)

    def poseidon(self, p: Play, u: int, left: int) -> None:
        for c, dome in self.build_options(p, u):
            q = self.build(p, c, dome, False)
            self.done(q)
            if left > 1 and q.winner is None:
                self.poseidon(q, u, left - 1)

    def additional(self) -> None:
        s = self.start
        q = s.clone()
        q.extra = 0
        self.done(q, passed=True)
        for o in [c for c, (pl, _) in s.w.items() if pl != s.me]:
            for t in self.steps(s, o, None, s.athena):
                a = self.step(s, o, t, None)
                for c, dome in self.build_options(a, t):
                    self.done(self.build(a, c, dome, True))

    def done(self, p: Play, passed: bool = False) -> None:
        s, me, players = self.start, self.start.me, self.start.players
        aph = self.other.get("Aphrodite", -1)
        theirs = set(p.mine(aph)) | p.gone if aph >= 0 else set()
        fine = all(
            any(n in theirs for n in around(cell))
            for cell, start in p.origin.items()
            if start in self.bound
        )
        winner = p.winner
        chaos = dict(p.chaos)
        if winner is None and p.domed:
            for i, god in enumerate(s.gods):
                if god == "Chaos":
                    deck = chaos[players[i]]["deck"]
                    if not deck:
                        deck = [g for g in SIMPLE if g not in s.gods[:i] + s.gods[i + 1 :]]
                    chaos[players[i]] = {"power": deck[0], "deck": deck[1:]}
        owed = 0
        if winner is None and not passed:
            owed = s.extra - 1 + p.towers if s.extra else p.towers if self.god == "Dionysus" else 0
        following = me
        if not owed:
            alive = {pl for pl, _ in p.w.values()}
            following = next(
                (
                    j % len(players)
                    for j in range(me + 1, me + len(players) + 1)
                    if j % len(players) in alive
                ),
                me,
            )
        towers = sum(1 for c in p.domes if p.h[c] == 3)
        if s.extra and not owed and winner is None and "Chronus" in self.eff and towers >= 5:
            winner = self.eff.index("Chronus")
        athena = not s.extra and following != me and self.eff[me] == "Athena" and p.up
        female = next((name(c) for c, (_, f) in p.w.items() if f), None)
        morpheus, chaos_player = s.owner("Morpheus"), s.owner("Chaos")
        outcome = (
            tuple(p.h),
            frozenset(p.domes),
            frozenset((c, players[pl]) for c, (pl, _) in p.w.items()),
            players[following],
            athena,
            female if "Selene" in s.gods else None,
            p.tokens.get(players[morpheus], 0) if morpheus >= 0 else None,
            deck_of(chaos[players[chaos_player]]) if chaos_player >= 0 else None,
            self.circe_test if "Circe" in s.gods else None,
            owed if "Dionysus" in s.gods else None,
            "pass" if passed else "",
            None if winner is None else players[winner],
        )
        self.found.append((outcome, p.up, fine))


def reference_outcomes(doc: dict[str, Any]) -> set[Outcome]:
    """Every distinct outcome of the turn of `doc`'s player to move."""
    return Turns(doc).run()
