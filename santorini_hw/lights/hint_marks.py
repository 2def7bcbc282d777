"""The hint's marks: the whole turn the engine suggests, step kinds kept apart.

Every worker the turn moves shows where it starts (`hint_worker`) and where it ends
(`hint_move`), following it through several moves (Artemis, Triton) and for each worker
(Hermes' two, Charon's ferried opponent, an opponent's worker in Dionysus' extra turn).
Builds are `hint_build`; a block taken off (Ares) and a worker the turn removes (Bia's
victim, Medusa's) are `hint_take`; a worker that ends with a block put under it (Zeus)
is `hint_under` on that cell. A pass lights nothing.
"""

from __future__ import annotations

from santorini_hw.lights.scenes import Element, Mark, Scene
from santorini_hw.rules.actions import BUILD, DOME, FERRY, MOVE, UNBUILD
from santorini_hw.rules.cells import cells_of
from santorini_hw.rules.position import Position
from santorini_hw.rules.turns import Turn


def hint_marks(scene: Scene, start: Position, hint: Turn) -> Scene:
    """`hint`, a whole turn from `start`, over `scene`."""
    paths: dict[int, int] = {}
    """Where each moved worker started -> where it is now."""
    for action in hint.actions:
        if action.kind in (MOVE, FERRY):
            begun = next((s for s, now in paths.items() if now == action.src), action.src)
            paths[begun] = action.dst
    ends = set(paths.values())
    builds = {a.dst for a in hint.actions if a.kind in (BUILD, DOME)}
    removed = start.occupied & ~hint.result.occupied & ~sum(1 << cell for cell in paths)
    taken = [a.dst for a in hint.actions if a.kind == UNBUILD] + list(cells_of(removed))
    scene = scene.with_marks(builds - ends, Mark(Element.HINT_BUILD))
    scene = scene.with_marks(taken, Mark(Element.HINT_TAKE))
    scene = scene.with_marks(paths, Mark(Element.HINT_WORKER))
    scene = scene.with_marks(ends - builds, Mark(Element.HINT_MOVE))
    return scene.with_marks(ends & builds, Mark(Element.HINT_UNDER))
