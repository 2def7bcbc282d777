"""Every state a turn can reach, indexed by what the board would show.

The board only ever shows a snapshot, so the referee asks "which legal partial turn
looks like this?". Like PicoChess for chess, it computes the answer up front: each
state reachable by legal actions from the turn's start is indexed by its `BoardView`
(exact matches) and by its buildings alone (to recognise workers held in a hand).
"""

from __future__ import annotations

from santorini_hw.referee.board_view import BoardView, Buildings, position_view
from santorini_hw.rules.gods import God
from santorini_hw.rules.turn import (
    TurnState,
    apply_action,
    can_end,
    legal_actions,
    state_key,
)


class TurnIndex:
    def __init__(self, start: TurnState, with_owners: bool = False) -> None:
        self.start = start
        self._with_owners = with_owners
        self._by_view: dict[BoardView, list[TurnState]] = {}
        self._by_buildings: dict[Buildings, list[tuple[int, TurnState]]] = {}
        self._walk(start)

    def _walk(self, start: TurnState) -> None:
        hermes = start.god is God.HERMES
        seen: set[object] = set()
        stack = [start]
        while stack:
            state = stack.pop()
            key = state_key(state) if hermes else state._replace(actions=())
            if key in seen:
                continue
            seen.add(key)
            view = position_view(state.board, self._with_owners)
            self._by_view.setdefault(view, []).append(state)
            self._by_buildings.setdefault(view.buildings, []).append((view.workers, state))
            stack.extend(apply_action(state, action) for action in legal_actions(state))

    def matches(self, view: BoardView) -> list[TurnState]:
        """States whose board looks exactly like `view`: fewest actions first, then those
        that complete the turn (a block and a worker seen together are more likely a
        move and its build than Prometheus' build before a move)."""
        return sorted(self._by_view.get(view, []), key=lambda s: (len(s.actions), not can_end(s)))

    def holding(self, view: BoardView, hands: int = 2) -> TurnState | None:
        """A state that looks like `view` once up to `hands` lifted workers are put down:
        the same buildings, and `view`'s workers all where that state has workers."""
        best: TurnState | None = None
        for workers, state in self._by_buildings.get(view.buildings, []):
            lifted = workers & ~view.workers
            if view.workers & ~workers or not 0 < lifted.bit_count() <= hands:
                continue
            if best is None or len(state.actions) < len(best.actions):
                best = state
        return best
