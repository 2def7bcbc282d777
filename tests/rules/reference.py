"""A deliberately naive second implementation of the turn rules, used only as a test oracle.

It shares nothing with the engine: coordinates instead of bitboards, dicts instead of
positions, and each god's turn written out as its own nested loops straight from the
rule text. Two-player positions only. An outcome is
(heights, domes, workers as {(cell, side)}, won, athena_block_next).
"""

from __future__ import annotations

from collections import deque

Outcome = tuple[tuple[int, ...], frozenset[int], frozenset[tuple[int, int]], bool, bool]


def adjacent(cell: int) -> list[int]:
    x, y = cell % 5, cell // 5
    return [
        ny * 5 + nx
        for nx in (x - 1, x, x + 1)
        for ny in (y - 1, y, y + 1)
        if (nx, ny) != (x, y) and 0 <= nx < 5 and 0 <= ny < 5
    ]


class Board:
    def __init__(self, heights: list[int], domes: set[int], workers: dict[int, int]) -> None:
        self.h = list(heights)
        self.domes = set(domes)
        self.workers = dict(workers)  # cell -> side

    def copy(self) -> Board:
        return Board(self.h, self.domes, self.workers)

    def free(self, cell: int) -> bool:
        return cell not in self.workers and cell not in self.domes

    def build_options(self, builder: int, atlas: bool) -> list[tuple[int, bool]]:
        options = []
        for cell in adjacent(builder):
            if self.free(cell):
                if self.h[cell] < 3:
                    options.append((cell, False))
                if self.h[cell] == 3 or atlas:
                    options.append((cell, True))
        return options

    def built(self, cell: int, is_dome: bool) -> Board:
        board = self.copy()
        if is_dome:
            board.domes.add(cell)
        else:
            board.h[cell] += 1
        return board

    def moved(self, src: int, dst: int) -> Board:
        board = self.copy()
        side = board.workers.pop(src)
        board.workers[dst] = side
        return board


def outcome(board: Board, won: bool, athena_flag: bool) -> Outcome:
    return (
        tuple(board.h),
        frozenset(board.domes),
        frozenset(board.workers.items()),
        won,
        athena_flag,
    )


def reference_outcomes(board: Board, side: int, god: str | None, blocked: bool) -> set[Outcome]:
    results: set[Outcome] = set()
    mine = [cell for cell, s in board.workers.items() if s == side]
    atlas = god == "Atlas"

    def finish_builds(b: Board, builder: int, up: bool) -> None:
        athena = god == "Athena" and up
        for cell, is_dome in b.build_options(builder, atlas):
            after = b.built(cell, is_dome)
            results.add(outcome(after, False, athena))
            if god == "Demeter":
                for cell2, dome2 in after.build_options(builder, False):
                    if cell2 != cell:
                        results.add(outcome(after.built(cell2, dome2), False, athena))
            if god == "Hephaestus" and not is_dome and after.h[cell] <= 2:
                results.add(outcome(after.built(cell, False), False, athena))

    def step_targets(b: Board, w: int, allow_up: bool, forcing: bool) -> list[tuple[int, Board]]:
        found = []
        for t in adjacent(w):
            if t in b.domes or b.h[t] - b.h[w] > (1 if allow_up else 0):
                continue
            if t not in b.workers:
                found.append((t, b.moved(w, t)))
            elif forcing and b.workers[t] != side:
                if god == "Apollo":
                    nb = b.copy()
                    other = nb.workers[t]
                    nb.workers[t] = side
                    nb.workers[w] = other
                    found.append((t, nb))
                elif god == "Minotaur":
                    bx, by = 2 * (t % 5) - w % 5, 2 * (t // 5) - w // 5
                    if 0 <= bx < 5 and 0 <= by < 5 and b.free(by * 5 + bx):
                        nb = b.copy()
                        other = nb.workers.pop(t)
                        nb.workers[by * 5 + bx] = other
                        del nb.workers[w]
                        nb.workers[t] = side
                        found.append((t, nb))
        return found

    def wins(b: Board, src: int, dst: int) -> bool:
        if b.h[dst] == 3 and b.h[src] == 2:
            return True
        return god == "Pan" and b.h[src] - b.h[dst] >= 2

    # Normal turn (with Apollo / Minotaur / Artemis / Pan variations).
    for w in mine:
        for t, b1 in step_targets(board, w, not blocked, True):
            up1 = board.h[t] > board.h[w]
            if wins(board, w, t):
                results.add(outcome(b1, True, god == "Athena" and up1))
                continue
            finish_builds(b1, t, up1)
            if god == "Artemis":
                for t2, b2 in step_targets(b1, t, not blocked, False):
                    if t2 == w:
                        continue
                    if wins(b1, t, t2):
                        results.add(outcome(b2, True, False))
                    else:
                        finish_builds(b2, t2, False)

    if god == "Prometheus":
        for w in mine:
            for cell, is_dome in board.build_options(w, False):
                b0 = board.built(cell, is_dome)
                for t, b1 in step_targets(b0, w, False, False):
                    finish_builds(b1, t, False)

    if god == "Hermes":
        start = tuple(sorted(mine))
        opponents = {cell for cell, s in board.workers.items() if s != side}
        seen = {start}
        queue = deque([start])
        while queue:
            pair = queue.popleft()
            for i, w in enumerate(pair):
                other = pair[1 - i]
                for t in adjacent(w):
                    if t == other or t in opponents or t in board.domes:
                        continue
                    if board.h[t] != board.h[w]:
                        continue
                    nxt = tuple(sorted((t, other)))
                    if nxt not in seen:
                        seen.add(nxt)
                        queue.append(nxt)
        for pair in seen:
            b = board.copy()
            for cell in mine:
                del b.workers[cell]
            for cell in pair:
                b.workers[cell] = side
            for builder in pair:
                for cell, is_dome in b.build_options(builder, False):
                    results.add(outcome(b.built(cell, is_dome), False, False))
    return results
