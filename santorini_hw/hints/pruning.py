"""Nodes one turn from the horizon decided by their static score, without their turns.

Such a node's children are leaves: searching it costs a turn generation and an
evaluation for every turn up to a cut (about a dozen on average), and those leaves are
most of a search's nodes. Its own evaluation (`evaluation.evaluate`, the player to move's
tempo included) is a good guess of what its best turn reaches: when it is far above the
window on the side of the player to move, some turn will keep it there (that player
cuts: reverse futility); when it is far below, no quiet turn will lift it into the
window (the node fails: razoring). The margins, tried in play against AlphaZero, hold in
the engine's games against it: a quiet turn lowers its player's evaluation by more than
100 points about once in a hundred positions and, without gods, raises it by more than
150 about twice in a hundred; with gods, ten times in a hundred (Artemis' second move, a
second build, a dome: a god's turn makes threats out of nothing), so with a god in the
game a node is never razored. The nodes saved go to searching a turn deeper. The search asks only
inside a window of scores: a win or a loss is never decided this way.
"""

from __future__ import annotations

from santorini_hw.rules.position import Position

AHEAD = 100
"""Points above the window (for the player to move) at which a node cuts at once."""
BEHIND = 150
"""Points below the window at which a node fails at once."""


def static_cut(position: Position, static: int, alpha: int, beta: int, maximizing: bool) -> bool:
    """Whether the node's `static` score (for the root's side) decides it against the
    window (alpha, beta): its player to move is far ahead of it, or (no gods in the
    game) far behind it."""
    if maximizing:
        if static - AHEAD >= beta:
            return True
        behind = static + BEHIND <= alpha
    else:
        if static + AHEAD <= alpha:
            return True
        behind = static - BEHIND >= beta
    return behind and not any(position.lineup.gods)
