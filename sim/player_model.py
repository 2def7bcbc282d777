"""A physical player: any legal turn becomes what a hand really does on the board.

Hands are not tidy: they lift a worker and put it back before choosing, slide it across
a neighbouring cell on the way (its magnet brushes that cell's switch for a few
milliseconds), place the block before the worker lands, carry Artemis straight to her
final cell or set her down on the way, and take their time. All of it comes from a
seeded generator, so a game's physical events are repeatable.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from santorini_hw.rules.actions import BUILD, DOME, PASS_ACTION, Action
from santorini_hw.rules.cells import CELL_COUNT, NEIGHBOURS, cells_of
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import TurnState, apply_action, finish, start_turn
from sim.power_steps import Op, end_ops, owner_of, power_ops, removal_ops
from sim.scenario import PhysicalEvent


@dataclass(frozen=True)
class HandStyle:
    """How untidy the hands are (probabilities per turn) and how long they take (s)."""

    second_thoughts: float = 0.15
    """Lift a worker, put it back, then play."""
    build_before_landing: float = 0.15
    slide: float = 0.2
    """Brush a free neighbour of the landing cell on the way (per worker carried)."""
    brush: tuple[float, float] = (0.005, 0.04)
    """How long a sliding worker's magnet stays over the cell it brushes (s): shorter
    than the sensors' settle time, as a hand sliding across a board is."""
    carry_artemis_straight: float = 0.5
    carry_hermes_straight: float = 0.7
    """Hermes' workers carried to where they end, not along the steps of the turn."""
    build_correction: float = 0.1
    """Build the last block on a wrong cell, then move it to the right one."""
    placement_correction: float = 0.1
    """Set a worker down on a wrong cell during setup, then move it."""
    stray_block_before_win: float = 0.3
    """Put a block down out of habit with the winning worker in the hand."""
    block_before_moving: float = 0.5
    """After a turn left open (an optional extra neither used nor declined with done),
    put the block down first, then move."""
    pause: tuple[float, float] = (0.25, 0.9)
    think: tuple[float, float] = (0.5, 2.0)
    undo_hold: tuple[float, float] = (2.0, 4.0)
    """How long a worker is held while the board is put back for an undo (s)."""


class PhysicalPlayer:
    def __init__(self, rng: random.Random, style: HandStyle | None = None) -> None:
        self.rng = rng
        self.style = style or HandStyle()
        self.t = 0.0
        self.events: list[PhysicalEvent] = []
        self.habits: Counter[str] = Counter()
        """How often each messy habit was played (what a referee benchmark exercised)."""

    def _at(
        self,
        op: str,
        cell: int = -1,
        *,
        piece: str = "",
        player: str | None = None,
        button: str = "",
        delay: tuple[float, float] | None = None,
    ) -> None:
        self.t += self.rng.uniform(*(delay or self.style.pause))
        self.events.append(PhysicalEvent(round(self.t, 3), op, cell, piece, player, button))

    def think(self) -> None:
        self.t += self.rng.uniform(*self.style.think)

    def lift(self, cell: int) -> None:
        self._at("lift", cell)

    def place(self, cell: int, piece: str, player: str | None = None) -> None:
        self._at("place", cell, piece=piece, player=player)

    def press(self, button: str) -> None:
        self._at("press", button=button)

    def place_workers(self, player: str, cells: tuple[int, ...], taken: int) -> None:
        """Set workers down on `cells`, sometimes first on a wrong free cell (not in
        `taken`, the cells already or yet to be used) and then moved."""
        self.think()
        for cell in cells:
            free = [c for c in range(CELL_COUNT) if not (taken | 1 << cell) >> c & 1]
            if self.rng.random() < self.style.placement_correction and free:
                wrong = self.rng.choice(free)
                self.habits["placement_correction"] += 1
                self.place(wrong, "worker", player)
                self.lift(wrong)
            self.place(cell, "worker", player)

    def play_turn(
        self,
        before: Position,
        actions: tuple[Action, ...],
        press_done: bool,
        wrong_build: Action | None = None,
        *,
        block_first: bool = False,
    ) -> None:
        """The physical events of one legal turn from `before`, then a press of done if
        `press_done` (the turn could have gone on). With `wrong_build`, the last build
        goes there first and is then moved where `actions` put it. With `block_first`
        (a move and then a build), the block goes down before the worker is lifted."""
        rng, style = self.rng, self.style
        self.think()
        if actions == (PASS_ACTION,):  # Dionysus declines his additional turns
            return self.press("done")
        steps = _steps_with_boards(before, actions)
        if wrong_build is not None:
            steps[-1] = (wrong_build, *steps[-1][1:])
        if block_first:
            self.habits["block_before_moving"] += 1
            self._build(steps.pop(1)[0])
        moves = [step for step in steps if step[0].is_move]
        held = start_turn(before).god  # Chaos' card or Circe's borrowed one: not the name
        if moves and rng.random() < style.second_thoughts:
            cell = moves[0][0].src
            self.habits["second_thoughts"] += 1
            self.lift(cell)
            self.place(cell, "worker", owner_of(before, cell))
        if held is God.ARTEMIS and len(moves) == 2 and rng.random() < style.carry_artemis_straight:
            (first, board, _), (second, _, after) = moves
            self.habits["artemis_carried_straight"] += 1
            at = steps.index(moves[0])
            steps[at : at + 2] = [(Action(first.kind, first.src, second.dst), board, after)]
        hermes = held is God.HERMES and len(moves) > 1
        if hermes and rng.random() < style.carry_hermes_straight:
            self.habits["hermes_carried_straight"] += 1
            self._carry_straight(before, steps)
            return self._finish_turn(actions, wrong_build, press_done)
        early_build = rng.random() < style.build_before_landing
        stray = -1
        if rng.random() < style.stray_block_before_win:
            stray = _stray_cell(before, actions, rng)
            if stray >= 0:
                self.habits["stray_block_before_win"] += 1
        index = 0
        while index < len(steps):
            action, board, after = steps[index]
            following = steps[index + 1][0] if index + 1 < len(steps) else None
            special = power_ops(board, action)
            if special is not None:
                self._do(special)
                index += 1
            elif action.is_move:
                lands_later = early_build and following is not None and not following.is_move
                lands_later = lands_later and _free_in_hand(board, action, following)
                if stray >= 0:  # a winning climb is the turn's only action
                    lands_later, following = True, Action(BUILD, -1, stray)
                elif lands_later:
                    self.habits["block_before_landing"] += 1
                self._move(board, action, after, then_build=following if lands_later else None)
                index += 2 if lands_later else 1
            else:
                self._build(action)
                index += 1
        self._do(end_ops(steps[-1][2], finish(_final(before, actions))))
        self._finish_turn(actions, wrong_build, press_done)

    def _do(self, ops: list[Op]) -> None:
        for op, cell, piece, player in ops:
            if op == "lift":
                self.lift(cell)
            else:
                self.place(cell, piece, player)

    def _finish_turn(
        self, actions: tuple[Action, ...], wrong_build: Action | None, press_done: bool
    ) -> None:
        if wrong_build is not None:  # seen at once, put right before anyone else touches
            self.habits["build_correction"] += 1
            self.lift(wrong_build.dst)
            self._build(actions[-1])
        if press_done:
            self.press("done")

    def _carry_straight(
        self, before: Position, steps: list[tuple[Action, Position, Position]]
    ) -> None:
        """Hermes: lift each worker that ends elsewhere, set them down where they end,
        then build (Hermes builds after all the moves)."""
        state = _final(before, tuple(step[0] for step in steps))
        side = before.side
        mine, ends = before.workers[side], state.board.workers[side]
        player = owner_of(before, cells_of(mine)[0])
        for cell in cells_of(mine & ~ends):
            self.lift(cell)
        for cell in cells_of(ends & ~mine):
            self.place(cell, "worker", player)
        for action, _, _ in steps:
            if not action.is_move:
                self._build(action)

    def put_back(self, after: Position, before: Position) -> None:
        """Undo by hand: lift the workers that moved, take off what was built, hold the
        workers a while, then set them down where they stood."""
        self.habits["slow_undo_restore"] += 1
        self.think()
        moved = [c for c in range(CELL_COUNT) if _owner(after, c) != _owner(before, c)]
        for cell in moved:
            if after.side_at(cell) >= 0:
                self.lift(cell)
        for cell in range(CELL_COUNT):
            for _ in range(int(after.domes >> cell & 1) - int(before.domes >> cell & 1)):
                self.lift(cell)
            for _ in range(after.height(cell) - before.height(cell)):
                self.lift(cell)
            for _ in range(before.height(cell) - after.height(cell)):  # Ares took it off
                self.place(cell, "block")
        self.t += self.rng.uniform(*self.style.undo_hold)
        for cell in moved:
            if before.side_at(cell) >= 0:
                self.place(cell, "worker", owner_of(before, cell))

    def _move(
        self, board: Position, move: Action, after: Position, then_build: Action | None
    ) -> None:
        """Carry a worker (moving a forced opponent out of the way first), placing
        `then_build` while the worker is still in the hand; then take off whom the move
        removed (Bia)."""
        src, dst = move.src, move.dst
        mover = owner_of(board, src)
        self.lift(src)
        busy = 1 << src | (1 << then_build.dst if then_build is not None else 0)
        side = board.side_at(dst)
        if side >= 0:  # Apollo swap or Minotaur push: the other worker too
            other = owner_of(board, dst)
            self.lift(dst)
            landing = cells_of(after.workers[side] & ~board.workers[side])[0]
            if landing == src:  # a swap: the mover first, into the cell it frees
                self.place(dst, "worker", mover)
                self.place(landing, "worker", other)
                if then_build is not None:
                    self._build(then_build)
                return self._do(removal_ops(board, move, after))
            self.place(landing, "worker", other)
            busy |= 1 << landing
        if then_build is not None:
            self._build(then_build)
        if then_build is None or then_build.src >= 0:  # no slide after a stray block:
            self._maybe_slide(board, dst, mover, busy)  # it lands within the grace period
        self.place(dst, "worker", mover)
        self._do(removal_ops(board, move, after))

    def _maybe_slide(self, board: Position, dst: int, mover: str, busy: int) -> None:
        """On its way to `dst` the worker may pass over a free neighbouring cell (not one
        of the `busy` cells this move has just changed)."""
        if self.rng.random() >= self.style.slide:
            return
        cells = cells_of(NEIGHBOURS[dst] & ~board.occupied & ~board.domes & ~busy)
        if not cells:
            return
        cell = self.rng.choice(cells)
        self.habits["slide"] += 1
        self.place(cell, "worker", mover)
        self._at("lift", cell, delay=self.style.brush)

    def _build(self, action: Action) -> None:
        self.place(action.dst, "dome" if action.kind == DOME else "block")


def _owner(position: Position, cell: int) -> str | None:
    return owner_of(position, cell) if position.side_at(cell) >= 0 else None


def _free_in_hand(board: Position, move: Action, build: Action | None) -> bool:
    """`build`'s cell is free while the moving worker is in the hand: not while Bia's
    victim still stands there (taken off only once her worker lands)."""
    return build is not None and not (board.occupied & ~(1 << move.src)) >> build.dst & 1


def _stray_cell(before: Position, actions: tuple[Action, ...], rng: random.Random) -> int:
    """For a winning climb (a single move), a free cell beside the worker's way where a
    block could be put down out of habit (-1 when there is none or no win)."""
    if len(actions) != 1 or not actions[0].is_move:
        return -1
    state = apply_action(start_turn(before), actions[0])
    if not state.won:
        return -1
    move = actions[0]
    board = state.board
    # (not on Bia's victim either: it stands until the winning worker lands)
    near = NEIGHBOURS[move.src] | NEIGHBOURS[move.dst]
    near &= ~board.occupied & ~before.occupied & ~board.domes
    near &= ~board.l3 & ~(1 << move.src)
    cells = cells_of(near)
    return rng.choice(cells) if cells else -1


def _steps_with_boards(
    before: Position, actions: tuple[Action, ...]
) -> list[tuple[Action, Position, Position]]:
    """Each action with the board just before it and just after it."""
    state = start_turn(before)
    steps = []
    for action in actions:
        after = apply_action(state, action)
        steps.append((action, state.board, after.board))
        state = after
    return steps


def _final(before: Position, actions: tuple[Action, ...]) -> TurnState:
    state = start_turn(before)
    for action in actions:
        state = apply_action(state, action)
    return state
