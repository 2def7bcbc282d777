"""Every state a turn can reach, indexed by what the board would show.

The board only ever shows a snapshot, so the referee asks "which legal partial turn
looks like this?". Like PicoChess for chess, it computes the answer up front: each
state reachable by legal actions from the turn's start is indexed by its `BoardView`
(exact matches) and by its buildings alone (to recognise workers held in a hand).

Up front, that is, up to `LAZY_BUILDS` builds. Morpheus spends all his saved blocks in
one turn, on any neighbouring cells, repeats allowed, so the boards his builds can make
grow combinatorially (six blocks: 65,000 states, seconds of CPU and tens of MB), and
Poseidon's three builds after his turn's own reach 11,000 states in a second. Builds
past that point are searched on demand instead, from the states where the walk stopped
and guided by the board seen: builds only add pieces, so a state whose buildings are
not all on the board seen leads to nothing the board shows.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from santorini_hw.referee.board_view import BoardView, Buildings, position_view
from santorini_hw.referee.chores import standing, with_standing
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import (
    TurnState,
    apply_action,
    can_end,
    candidates,
    completable,
    state_key,
)

LAZY_BUILDS = 2
"""Pieces built in a turn after which further builds are found on demand (only Morpheus'
tokens and Poseidon's end-of-turn builds go past it)."""


class TurnIndex:
    def __init__(self, start: TurnState, with_owners: bool = False) -> None:
        self.start = start
        self._with_owners = with_owners
        self._by_view: dict[BoardView, list[TurnState]] = {}
        self._by_buildings: dict[Buildings, list[tuple[int, TurnState]]] = {}
        self._wins: list[tuple[BoardView, TurnState]] = []
        self._standing: dict[TurnState, int] = {}
        self._frontier: list[tuple[TurnState, int]] = []
        """States with `LAZY_BUILDS` builds and more to come, and their lags."""
        self._beyond: dict[Buildings, list[tuple[BoardView, TurnState]]] = {}
        """States past the frontier found so far, by the buildings they were sought for."""
        self._walk(start)

    def _walk(self, start: TurnState) -> None:
        """Index the states the turn can reach and still complete, breadth first.

        Breadth first, the first path to reach a state is a shortest one: the record
        shows what the sensors saw (a Hermes worker that went c3 to c4 made one move,
        not a tour of the board). The walk follows every candidate action once, then
        keeps the states from which an ending state can be reached (one backward pass
        over the recorded edges), rather than asking `legal_actions` to search ahead
        from every state: Hermes' shuffles made that quadratic."""
        hermes = start.god is God.HERMES
        visited: dict[object, TurnState] = {}
        parents: dict[object, list[object]] = {}
        ending: list[object] = []
        lags: dict[object, int] = {}
        deferred: list[object] = []
        queue: deque[tuple[TurnState, object, int]] = deque([(start, None, 0)])
        while queue:
            state, parent, lag = queue.popleft()
            key: object = state_key(state) if hermes else state._replace(actions=())
            parents.setdefault(key, []).append(parent)
            if key in visited:
                continue
            visited[key] = state
            lags[key] = lag
            actions = candidates(state)
            if pieces_built(state) >= LAZY_BUILDS and actions:
                deferred.append(key)
                if completable(state):
                    ending.append(key)
                continue
            if can_end(state):
                ending.append(key)
            for action in actions:
                child = apply_action(state, action)
                queue.append((child, key, standing(state.board, action, child.board, lag)))
        reaching = _reaching(ending, parents)
        for key, state in visited.items():
            if key in reaching or state is start:
                self._index(state, lags[key], self._add)
        self._frontier = [(visited[key], lags[key]) for key in deferred if key in reaching]

    def _index(
        self, state: TurnState, lag: int, add: Callable[[TurnState, BoardView], None]
    ) -> None:
        """`add` the state's view, and where Bia's victims may still stand, that view too."""
        add(state, position_view(state.board, self._with_owners))
        if lag:
            self._standing[state] = lag
            board = with_standing(state.board, lag, self.start.board)
            add(state, position_view(board, self._with_owners))

    def _add(self, state: TurnState, view: BoardView) -> None:
        self._by_view.setdefault(view, []).append(state)
        self._by_buildings.setdefault(view.buildings, []).append((view.workers, state))
        if state.won:
            self._wins.append((view, state))

    def standing(self, state: TurnState) -> int:
        """Cells of the workers `state` removed (Bia) that the board may still show."""
        return self._standing.get(state, 0)

    def __len__(self) -> int:
        """How many states are indexed up front (those past the frontier come on demand)."""
        return sum(len(states) for states in self._by_view.values()) - len(self._standing)

    def matches(self, view: BoardView) -> list[TurnState]:
        """States whose board looks exactly like `view`: fewest actions first, then those
        that complete the turn (a block and a worker seen together are more likely a
        move and its build than Prometheus' build before a move)."""
        found = self._by_view.get(view, [])
        found = found + [
            state for seen, state in self._past_frontier(view.buildings) if seen == view
        ]
        return sorted(found, key=lambda s: (len(s.actions), not can_end(s)))

    def holding(self, view: BoardView, hands: int = 2) -> TurnState | None:
        """A state that looks like `view` once up to `hands` lifted workers are put down:
        the same buildings, and `view`'s workers all where that state has workers."""
        best: TurnState | None = None
        beyond = [(seen.workers, state) for seen, state in self._past_frontier(view.buildings)]
        for workers, state in self._by_buildings.get(view.buildings, []) + beyond:
            lifted = workers & ~view.workers
            if view.workers & ~workers or not 0 < lifted.bit_count() <= hands:
                continue
            if best is None or len(state.actions) < len(best.actions):
                best = state
        return best

    def _past_frontier(self, buildings: Buildings) -> list[tuple[BoardView, TurnState]]:
        """The states past the frontier whose board has exactly `buildings`, with their
        views: from each frontier state whose pieces are all in `buildings`, breadth
        first (shortest paths), following only actions that keep it so."""
        if not self._frontier:
            return []
        found = self._beyond.get(buildings)
        if found is not None:
            return found
        found = self._beyond[buildings] = []
        seen: set[TurnState] = set()
        queue = deque(
            (state, lag, False) for state, lag in self._frontier if _within(state.board, buildings)
        )
        while queue:
            state, lag, past = queue.popleft()
            key = state._replace(actions=())
            if key in seen:
                continue
            seen.add(key)
            if past and _buildings(state.board) == buildings and completable(state):
                self._index(state, lag, lambda s, view: found.append((view, s)))
            for action in candidates(state):
                child = apply_action(state, action)
                if _within(child.board, buildings):
                    lag_after = standing(state.board, action, child.board, lag)
                    queue.append((child, lag_after, True))
        return found

    def win_beneath(self, view: BoardView) -> list[TurnState]:
        """Winning states that `view` shows with one stray piece beside them (a block put
        down out of habit while the winning worker was in the hand): the same workers,
        and the buildings plus pieces on one free cell. (Only wins before the frontier:
        past it, a win is a Chronus tower among Morpheus' builds, matched exactly.)"""
        return [
            state
            for won, state in self._wins
            if won.workers == view.workers
            and won.owners == view.owners
            and _one_stray_piece(won.buildings, view.buildings, view.workers)
        ]


def pieces_built(state: TurnState) -> int:
    """Pieces the turn has built so far (Poseidon's end-of-turn builds included)."""
    return state.builds + (state.power.ending if state.power is not None else 0)


def _buildings(board: Position) -> Buildings:
    return Buildings(board.l1, board.l2, board.l3, board.domes)


def _within(board: Position, buildings: Buildings) -> bool:
    """Every piece of `board` is also in `buildings` (more builds may still get there)."""
    return not (
        board.l1 & ~buildings.l1
        | board.l2 & ~buildings.l2
        | board.l3 & ~buildings.l3
        | board.domes & ~buildings.domes
    )


def _one_stray_piece(under: Buildings, found: Buildings, workers: int) -> bool:
    """`found` is `under` plus pieces on one cell that holds no worker."""
    extra = 0
    for low, high in zip(under, found, strict=True):
        if low & ~high:
            return False
        extra |= high & ~low
    return extra.bit_count() == 1 and not extra & workers


def _reaching(targets: list[object], parents: dict[object, list[object]]) -> set[object]:
    """The keys from which one of `targets` can be reached, following `parents` back."""
    found = set(targets)
    stack = list(targets)
    while stack:
        for parent in parents.get(stack.pop(), ()):
            if parent is not None and parent not in found:
                found.add(parent)
                stack.append(parent)
    return found
