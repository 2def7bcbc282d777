"""What a power builds up over several turns, counted for the evaluation: the shared
features see only the board a side stands on, and a search two or three turns deep never
sees a saving pay.

Morpheus' blocks on his card (`saved_blocks`): he gains one a turn and builds as many as
he spends, so spending each at once plays him as a player without a power (the engine
did, and his holder lost every game of the power-blind bar's 400 on seeds 400-499);
saved, they become two or three builds in one turn (a dome on a threat and his own
stairs). Each block is priced by Morpheus' own weight (`evaluation.Weights.powers`),
which the power-blind evaluation zeroes like the gods' other own weights.
(Chronus' complete towers, priced the same way at 30 points, won him none of 20 games
against Hephaestus and Demeter: docs/measurements.md.)
"""

from __future__ import annotations

from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position

SAVED_POWERS = {God.MORPHEUS: "saved_blocks"}
"""Per god whose power builds up, the name of what it builds up (`weights.json`)."""


def saved_power(position: Position, god: God) -> int:
    """How much of `god`'s power is built up in `position` (0 for other gods)."""
    if god is God.MORPHEUS and position.cards is not None:
        return position.cards.tokens
    return 0
