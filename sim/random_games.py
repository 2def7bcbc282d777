"""Random games as physical scenarios, with illegal actions injected, for proving the referee.

Each generated game carries what was really played (the legal turns) and how many
illegal physical actions were slipped in (each one is left on the board past the
grace period, then put right): workers climbing two levels, jumping two cells or moved
out of turn, and blocks slipped under a standing worker. A run of the scenario can be
checked against it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from santorini_hw.referee.board_view import BoardView, Buildings, position_view
from santorini_hw.referee.turn_index import TurnIndex
from santorini_hw.rules.actions import BUILD, DOME, PASS_ACTION, Action
from santorini_hw.rules.cells import ALL_CELLS, NEIGHBOURS, cells_of
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.rules.position import Position
from santorini_hw.rules.turn import (
    apply_action,
    completable,
    finish,
    legal_actions,
    outcome,
    start_turn,
)
from santorini_hw.rules.turns import Turn, random_turn
from sim.player_model import HandStyle, PhysicalPlayer, owner_of
from sim.scenario import NoiseSettings, Scenario

PLAYERS = ("A", "B", "C", "D")
"""Player ids, as many as the game has gods (four: teams A and C, B and D)."""


@dataclass(frozen=True)
class Habits:
    """How often the players do the messier things people do at a real table."""

    hands: HandStyle = field(default_factory=HandStyle)
    undo: float = 0.04
    """Take the turn just played back (slowly, a worker held for seconds), then replay."""
    mistaken_undo: float = 0.03
    """Press undo by mistake, then cancel it (undo again, done) or simply play on."""
    next_player_starts: float = 0.5
    """Leave an optional extra to the next player's first touch rather than press done."""


@dataclass
class GeneratedGame:
    scenario: Scenario
    played: list[Turn] = field(default_factory=list)
    turn_ends: list[float] = field(default_factory=list)
    """Time of the last physical event of each played turn."""
    illegal: list[tuple[float, float]] = field(default_factory=list)
    """(start, end) of each injected illegal action: on the board past the grace period
    in between, so the referee must raise an error inside that window."""
    winner: str | None = None
    habits: dict[str, int] = field(default_factory=dict)
    """How often each messy habit was played (`PhysicalPlayer.habits` and the game's
    own: mistaken undo presses, the next player starting during an optional extra)."""


def generate_game(
    rng: random.Random,
    *,
    gods: tuple[God | None, ...] = (None, None),
    sensors: str = "presence",
    noise: NoiseSettings | None = None,
    illegal_rate: float = 0.1,
    grace: float = 1.5,
    max_turns: int = 80,
    habits: Habits | None = None,
) -> GeneratedGame:
    players = PLAYERS[: len(gods)]
    habits = habits or Habits()
    game = Game.new(players, gods)
    hand = PhysicalPlayer(rng, habits.hands)
    placed = _place_workers(game, hand, rng)
    generated = GeneratedGame(Scenario(players, gods, sensors, noise or NoiseSettings()))
    owed_done = False  # the last turn waits for the next player's first touch
    left_open = False  # the last turn left an optional extra to that touch
    early = False  # the last turn's block went down before its move
    while game.phase is Phase.PLAY and len(generated.played) < max_turns:
        position = game.position
        turn = random_turn(position, rng)
        started = hand.t
        first_touch = turn is not None and _lifts_first(position, turn)
        injected = False
        if turn is not None and rng.random() < illegal_rate:
            owed_done = _pay(hand, owed_done)
            injected = _inject_illegal(
                hand, position, rng, grace, -1 if generated.played else placed
            )
            if injected:
                generated.illegal.append((started, hand.t))
        if turn is None:  # the game ends itself before a trapped player's turn
            break
        # (not after a pass: the board is already as an undo of it asks, so it is one)
        mistaken = bool(generated.played) and not injected and not _passed(generated.played)
        mistaken = mistaken and rng.random() < habits.mistaken_undo
        if mistaken:
            owed_done = _pay(hand, owed_done)
            _mistaken_undo(hand, rng, play_goes_on=first_touch and turn.winner is None)
        if owed_done and not first_touch:
            owed_done = _pay(hand, owed_done)
        before = len(hand.events)
        # (after a turn left open, not after one played block first: that is no extra)
        # (not after a turn left open that was itself played block first: its block may
        # still read as its build before moving, Prometheus', owing one more build)
        block_first = owed_done and left_open and not early and _builds_second(position, turn)
        block_first = block_first and rng.random() < habits.hands.block_before_moving
        early = block_first
        left_open = _play(hand, rng, habits, position, turn, block_first=block_first)
        if owed_done:  # this turn's first touch ended the one before it
            generated.turn_ends[-1] = hand.events[before].t
        game.play_turn(turn.actions)
        # (a done now would decline Dionysus' additional turn: its first touch ends this)
        owed_done = left_open or (block_first and not _additional_turn_next(game))
        owed_done = _take_off_eliminated(hand, game, turn, owed_done)
        generated.played.append(turn._replace(result=game.position))
        generated.turn_ends.append(hand.t)
        # (an undo press while a mistaken one is still pending would cancel that one)
        undo = not mistaken and rng.random() < habits.undo
        if game.phase is Phase.PLAY and not left_open and undo:
            hand.press("undo")  # taken back at once, slowly, then played again
            hand.put_back(game.board, position)  # a block put down first goes too
            game.undo()
            owed_done = False
            generated.played.pop()
            generated.turn_ends.pop()
    _pay(hand, owed_done)
    generated.winner = game.winner
    generated.habits = dict(sorted(hand.habits.items()))
    generated.scenario = Scenario(
        players, gods, sensors, noise or NoiseSettings(), tuple(hand.events)
    )
    return generated


def _place_workers(game: Game, hand: PhysicalPlayer, rng: random.Random) -> int:
    """Set every worker down as the rules ask (Bia's player first, Eros on opposite
    edges, teammates sharing a side's workers), each on a random cell its placer may
    use; returns the cell placed last. The last worker is set down on a wrong cell first
    only when its placer does not move first: moved at once, it reads as the first move
    (Bia's opponent, the start player, places last), which no sensor tells apart."""
    cell = -1
    lineup = game.lineup
    workers = 2 * lineup.side_count
    while game.phase is Phase.PLACEMENT:
        position = game.position
        cell = rng.choice(cells_of(game.placements()))
        taken = position.occupied | 1 << cell
        last = position.occupied.bit_count() == workers - 1
        if last and position.side == lineup.sides[0]:
            taken = ALL_CELLS  # no wrong cell to set it down on first
        hand.place_workers(lineup.members(position.side)[0], (cell,), taken)
        game.place(cell)
    return cell


def _play(
    hand: PhysicalPlayer,
    rng: random.Random,
    habits: Habits,
    position: Position,
    turn: Turn,
    *,
    block_first: bool,
) -> bool:
    """Play `turn` by hand; whether it leaves an optional extra to the next player's first
    touch. A turn played `block_first` waits for that touch (or done) too: its block may
    read as the turn before's extra until this turn is shown to be over."""
    asks_done = needs_done(position, turn)
    skip_done = asks_done and rng.random() < habits.next_player_starts
    if skip_done:
        hand.habits["next_player_starts"] += 1
    wrong = None
    if not asks_done and not block_first and rng.random() < habits.hands.build_correction:
        wrong = _wrong_build(position, turn)
    hand.play_turn(
        position, turn.actions, asks_done and not skip_done, wrong, block_first=block_first
    )
    return skip_done


def _builds_second(position: Position, turn: Turn) -> bool:
    """A turn of one move and one build, where no worker stands yet, that does not win:
    its block can go down before the move. Left out, as no sensor tells the readings
    apart: a turn that builds again after its move (with the block down early, both
    readings are whole turns), Hermes and Triton (a block alone is a whole turn: Hermes'
    build without moving, Triton's walk along the edge back to where he started), Ares
    (a move alone is a whole turn: a block built and taken off again), and a move that
    leaves the same cells occupied (Apollo's swap: to presence sensors the board then
    shows no move at all, and the block reads as the turn before's extra)."""
    actions = turn.actions
    if turn.winner is not None or len(actions) != 2 or not actions[0].is_move:
        return False
    if turn.result.occupied == position.occupied:
        return False
    if actions[1].kind not in (BUILD, DOME):
        return False
    if start_turn(position).god in (God.HERMES, God.TRITON, God.ARES):
        return False
    under = actions[1].dst == actions[0].dst  # Zeus: no block goes down before his move
    return not under and not position.occupied >> actions[1].dst & 1


def _lifts_first(position: Position, turn: Turn) -> bool:
    """The turn's first touch lifts a worker (which ends a turn left open): not a Hermes
    walk that brings every worker back, whose only touch may be its build."""
    return turn.actions[0].is_move and turn.result.workers != position.workers


def _take_off_eliminated(hand: PhysicalPlayer, game: Game, turn: Turn, owed_done: bool) -> bool:
    """A player left with no turn in a three-player game is out: once the turn is ended
    (with done, if it still owes one), their workers are taken off the board."""
    gone = turn.result.occupied & ~game.position.occupied
    if not gone or game.phase is not Phase.PLAY:
        return owed_done
    owed_done = _pay(hand, owed_done)
    for cell in cells_of(gone):
        hand.lift(cell)
    return owed_done


def _additional_turn_next(game: Game) -> bool:
    """The turn just played completed a tower for Dionysus: his additional turn (or his
    pass, a press of done) comes next."""
    power = game.turn.power if game.turn is not None else None
    return power is not None and power.powers.additional


def _passed(played: list[Turn]) -> bool:
    """The last turn was Dionysus' pass."""
    return played[-1].actions == (PASS_ACTION,)


def _pay(hand: PhysicalPlayer, owed_done: bool) -> bool:
    """Press the done a turn still owes (no next player's touch will come first)."""
    if owed_done:
        hand.press("done")
    return False


def _mistaken_undo(hand: PhysicalPlayer, rng: random.Random, play_goes_on: bool) -> None:
    """Undo pressed by mistake: pressed again, or done pressed, or play simply goes on
    (the referee drops the request after the grace period)."""
    hand.press("undo")
    choice = rng.choice(("undo", "done", "play") if play_goes_on else ("undo", "done"))
    hand.habits[f"mistaken_undo_then_{choice}"] += 1
    if choice != "play":
        hand.press(choice)


def _wrong_build(position: Position, turn: Turn) -> Action | None:
    """Where the turn's last build could have gone instead, still a whole turn that ends
    by itself, both ways leaving the opponent a turn (the build is then put right)."""
    last = turn.actions[-1]
    state = start_turn(position)
    if last.kind not in (BUILD, DOME) or len(turn.actions) < 2 or state.god is God.MEDUSA:
        return None  # (Medusa's petrification would follow the wrong build first)
    if turn.winner is not None or not completable(start_turn(turn.result)):
        return None  # (a game over takes no correction: nor a Chronus win by the turn)
    for action in turn.actions[:-1]:
        state = apply_action(state, action)
    free = ~state.board.occupied
    if not free >> last.dst & 1:  # (Zeus' block under himself: no wrong cell for it)
        return None
    options = [
        a
        for a in legal_actions(state)
        if a.kind in (BUILD, DOME) and a.dst != last.dst and free >> a.dst & 1
    ]
    for option in options:
        wrong = Turn((*turn.actions[:-1], option), turn.result, None)
        after = apply_action(state, option)
        ends_alone = not legal_actions(after) and not needs_done(position, wrong)
        ends_alone = ends_alone and outcome(after)[1] is None
        if ends_alone and completable(start_turn(finish(after))):
            return option
    return None


def needs_done(position: Position, turn: Turn) -> bool:
    """The player presses done when the rules allow more (declined), or when the board
    also reads as a turn still in progress (Prometheus: a block and a moved worker may be
    a build before the move), as the lights then ask."""
    state = start_turn(position)
    for action in turn.actions:
        state = apply_action(state, action)
    if state.won:
        return False
    if legal_actions(state):
        return True
    readings = TurnIndex(start_turn(position)).matches(position_view(state.board))
    return any(legal_actions(reading) for reading in readings)


def _inject_illegal(
    hand: PhysicalPlayer, position: Position, rng: random.Random, grace: float, placed: int
) -> bool:
    """Do something the rules forbid, leave it past the grace period, then undo it.
    Returns False when no illegal action of the kinds tried fits this board. Moving the
    worker last `placed` (-1: none) is no such thing: the placement may be amended."""
    index = TurnIndex(start_turn(position))
    # (src, dst): carry a worker; (cell, cell): slip a block under the worker on cell.
    options = [(src, dst) for src, dst in _illegal_carries(position) if src != placed]
    options += [(cell, cell) for cell in _cells_to_build_under(position)]
    rng.shuffle(options)
    for src, dst in options:
        view = _after_carry(position, src, dst) if src != dst else _after_build_under(position, src)
        if index.matches(view) or index.holding(view) is not None:
            continue  # legal after all (e.g. Artemis reaches two cells away)
        player = owner_of(position, src)
        hand.think()
        hand.lift(src)
        if src == dst:  # a block slipped under a standing worker
            hand.place(src, "block")
        hand.place(dst, "worker", player)
        hand.t += grace + 1.0
        hand.lift(dst)
        if src == dst:
            hand.lift(src)
        hand.place(src, "worker", player)
        return True
    return False


def _illegal_carries(position: Position) -> list[tuple[int, int]]:
    """Worker carries that are usually illegal: climbing two levels, jumping two cells,
    or moving an opponent's worker."""
    free = ~position.occupied & ~position.domes
    options = []
    for side, mask in enumerate(position.workers):
        for src in cells_of(mask):
            near = NEIGHBOURS[src]
            far = 0
            for cell in cells_of(near):
                far |= NEIGHBOURS[cell]
            far &= ~near & ~(1 << src)
            targets = (far & free) if side == position.side else (near & free)
            climbs = near & free & ~position.at_most(position.height(src) + 1)
            options += [(src, dst) for dst in cells_of(targets | climbs)]
    return options


def _cells_to_build_under(position: Position) -> tuple[int, ...]:
    """Cells where a block could be slipped under a standing worker (never legal)."""
    return cells_of(position.occupied & ~position.l3)


def _after_carry(position: Position, src: int, dst: int) -> BoardView:
    view = position_view(position)
    return view._replace(workers=view.workers & ~(1 << src) | 1 << dst)


def _after_build_under(position: Position, cell: int) -> BoardView:
    view = position_view(position)
    l1, l2, l3, domes = view.buildings
    bit = 1 << cell
    raised = (l1 | bit, l2 | (bit & l1), l3 | (bit & l2), domes)
    return view._replace(buildings=Buildings(*raised))
