"""The board's side of a pair: its game out to the broker, the pair's turns in.

`BoardSync.sync` runs after anything happened on the board (the link follows the event
hub) and after every message from the pair. It publishes this board's game log when it
changed (retained) and each entry played here as it is accepted (not retained), then
asks the `LinkFollower` what the pair's game means here: follow its new game, show its
next turn (`submit_remote_turn`: the rules core checks it, the referee expects it, the
lights show it), or report a disagreement. A disagreement is an event, the state's
`board_link.problem` and part of the log the pair reads, so both boards show it; it goes
when the boards agree again (an undo, a new game).

The game clock runs on the board whose player is to move: this board holds its clock
(`paired`) while the pair's player is to move, and takes that player's bank and any
loss on time from the pair's log.

The shared game id of a game this board started is made from its own prefix, journal id
and start time; a game followed from the pair keeps the pair's id in the journal
(`EventKind.BOARD_LINK`), so a restarted daemon knows which game it plays.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from santorini_hw.clock import Clock
from santorini_hw.daemon.board_link.follower import Disagree, Follow, LinkFollower, OurGame, Submit
from santorini_hw.daemon.board_link.pairing import Pairing
from santorini_hw.daemon.board_link.protocol import (
    GameLog,
    LinkEntry,
    LinkMessageError,
    decode,
    encode,
    entry_from_json,
    game_entries,
    id_order,
    log_from_json,
    shared_id,
    turn_json,
)
from santorini_hw.daemon.board_link.status import PairStatus
from santorini_hw.daemon.clock_keeper import ClockKeeper, lose_on_time
from santorini_hw.daemon.mqtt.messages import ONLINE, Message
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.referee.events import RefereeEvent
from santorini_hw.referee.game_clock import control_text, parse_time_control
from santorini_hw.referee.referee import Referee
from santorini_hw.rules.game import Game, Phase
from santorini_hw.rules.gods import God
from santorini_hw.seats.engine_seat import EngineSeats
from santorini_hw.seats.model import Seats, parse_seats
from santorini_hw.seats.rate_limit import RateLimit
from santorini_hw.seats.remote_seat import STALE, RemoteTurnRefused
from santorini_hw.store import Entry, EventKind, Store
from santorini_hw.store.game_journal import record_entries

_log = logging.getLogger(__name__)

RATE, BURST = 4.0, 30
"""Messages a second taken from the pair, and how many may come at once: a game needs
two or three a turn; more is a flood, dropped (the retained log repairs any loss)."""


class LinkHost(Protocol):
    """What the link uses of the board service."""

    game_id: int
    pair: PairStatus
    clock: ClockKeeper
    store: Store
    hardware: BoardHardware
    referee: Referee
    engines: EngineSeats

    @property
    def game(self) -> Game: ...

    def submit_remote_turn(self, player: str, actions: list[str]) -> dict[str, Any]: ...

    def new_game(
        self,
        players: tuple[str, ...],
        gods: tuple[God | None, ...] | None,
        clock: Any = None,
        banks: Any = None,
        seats: Seats | None = None,
    ) -> int: ...

    def _after(self, events: list[RefereeEvent]) -> None: ...


class BoardSync:
    def __init__(
        self,
        pairing: Pairing,
        host: LinkHost,
        publish: Callable[[Message], None],
        clock: Clock,
    ) -> None:
        self.pairing = pairing
        self._host = host
        self._publish = publish
        self._clock = clock
        self.follower = LinkFollower()
        self._limit = RateLimit(clock, burst=BURST, every=1 / RATE)
        self.flood = 0
        """Messages from the pair dropped for coming too fast."""
        self.flood_at: float | None = None
        """When the last of them came (None: never)."""
        self.problem: str | None = None
        """What the board and the page show: the boards disagree."""
        self._finding: str | None = None
        """The disagreement found here (the one the log passes on)."""
        self.pair_online: bool | None = None
        self.counters = {"received": 0, "refused": 0, "submitted": 0, "followed": 0}
        self._game_id: int | None = None
        self._shared: str | None = None
        self._order: tuple[int, str] = (0, "")
        self._announced = 0
        self._log_text: str | None = None
        self._record: tuple[int, tuple[Entry, ...]] | None = None
        self._replayed: tuple[LinkEntry, ...] = ()

    # -- reports ---------------------------------------------------------------------------
    def report(self) -> dict[str, Any]:
        """The state's and /api/health's `board_link`."""
        follower = self.follower
        return {
            "paired": self.pairing.paired.prefix,
            "game": self._shared,
            "pair": {True: "online", False: "offline", None: "unknown"}[self.pair_online],
            "problem": self.problem,
            "flood_total": self.flood,
            "duplicates_total": follower.duplicates,
            "gaps_total": follower.gaps,
            **{f"{name}_total": count for name, count in self.counters.items()},
        }

    # -- in --------------------------------------------------------------------------------
    def receive(self, topic: str, payload: bytes | str) -> None:
        """One message from the broker: only the pair's topics, at most `RATE` a second."""
        paired = self.pairing.paired
        if topic not in (paired.link_game, paired.link_turn, paired.availability):
            return
        if self._limit.wait(paired.prefix) > 0:
            self.flood += 1
            self.flood_at = self._clock.monotonic()
            if self.flood == 1:
                _log.warning("board link: %s floods: messages dropped", paired.prefix)
            return
        self.counters["received"] += 1
        try:
            self._take(topic, payload)
        except LinkMessageError as error:
            self.counters["refused"] += 1
            _log.warning("board link: a message on %s ignored: %s", topic, error)
            return
        self.sync()

    def _take(self, topic: str, payload: bytes | str) -> None:
        paired = self.pairing.paired
        if topic == paired.availability:
            text = payload.decode(errors="replace") if isinstance(payload, bytes) else payload
            self.pair_online = text == ONLINE
            return
        document = decode(payload)
        origin = document["game"].rpartition("#")[0]
        if origin not in (paired.prefix, self.pairing.own.prefix):
            raise LinkMessageError(f"game: {document['game'][:80]!r} started on neither board")
        if topic == paired.link_game:
            self.follower.take_log(log_from_json(document))
            return
        problem = self.follower.take_turn(document["game"], entry_from_json(document["entry"]))
        if problem is not None:
            raise LinkMessageError(problem)

    # -- out, and acting on the pair's game ------------------------------------------------
    def sync(self) -> None:
        """Publish what changed here, then act on the pair's game (see the module doc)."""
        step: Submit | Disagree | None = None
        for _ in range(3):  # following a game changes ours: look once more
            ours = self._our_game()
            self._publish_log(ours)
            found = self.follower.next_step(ours, self._waiting())
            if not isinstance(found, Follow):
                step = found
                break
            try:
                self._follow(found.log)
            except ValueError as error:  # GameError, CommandError: a lineup this board refuses
                step = Disagree(f"the other board's game cannot be played here: {error}")
                break
        self._keep_time(ours)
        self._act(step)
        self._publish_log(ours)  # with this board's finding, if it changed

    def republish(self) -> None:
        """After a reconnect: the retained log again (a broker restarted without
        persistence has lost it)."""
        self._log_text = None
        self.sync()

    def _our_game(self) -> OurGame:
        host = self._host
        if host.game_id != self._game_id:
            self._game_id = host.game_id
            self._shared, self._order = self._identify(host.game_id)
            host.pair.players = frozenset(self._pair_players() if self._shared else ())
            self._announced = len(self._entries())
            self._log_text = None
        entries = self._entries()
        if self._shared is None and not entries:
            return OurGame(None, (0, ""), ())  # nothing played here: the pair's game is followed
        return OurGame(self._shared, self._order, entries)

    def _entries(self) -> tuple[LinkEntry, ...]:
        """This board's game as entries, replayed only when its record changed (the link
        looks after every event of the board)."""
        record = (self._host.game_id, tuple(record_entries(self._host.game)))
        if record != self._record:
            self._record, self._replayed = record, tuple(game_entries(self._host.game))
        return self._replayed

    def _identify(self, game_id: int) -> tuple[str | None, tuple[int, str]]:
        """The shared id of a game (None: not linked) and its place in time."""
        store = self._host.store
        for event in reversed(store.events(game_id)):
            if event.kind == EventKind.BOARD_LINK:
                game = str(event.payload["game"])
                return game, id_order(game)
        started = round(store.game(game_id).info.started_at * 1000)
        own = shared_id(self.pairing.own.prefix, game_id, started)
        linked = bool(self._pair_players())
        return (own if linked else None), id_order(own)

    def _pair_players(self) -> tuple[str, ...]:
        seats = self._host.engines.seats
        return tuple(p for p in self._host.game.lineup.players if seats[p].kind == "remote")

    def _waiting(self) -> set[str]:
        awaiting = self._host.referee.awaiting
        return set() if awaiting is None else {awaiting.player}

    def _publish_log(self, ours: OurGame) -> None:
        if self._shared is None:
            return
        host = self._host
        lineup = host.game.lineup
        pair = self._pair_players()
        local = tuple(p for p in lineup.players if p not in pair)
        clock = host.clock.clock
        banks = {} if clock is None else {p: round(clock.banks[p], 1) for p in local}
        lost = host.game.lost_on_time if host.game.lost_on_time in local else None
        control = control_text(host.clock.control)
        log = GameLog(self._shared, lineup.players, lineup.gods, local, ours.entries,
                      self._finding, control, banks, lost)  # fmt: skip
        own = self.pairing.own
        for entry in ours.entries[self._announced :]:
            if entry.player in local:
                self._publish(Message(own.link_turn, encode(turn_json(self._shared, entry)), 1))
        self._announced = len(ours.entries)
        text = encode(log.to_json())
        if text != self._log_text:
            self._log_text = text
            self._publish(Message(own.link_game, text, qos=1, retain=True))

    def _keep_time(self, ours: OurGame) -> None:
        """The pair's players' banks as the pair's clock has them, and their loss on time
        there: their time runs on the pair's board, never on this one."""
        log, host = self.follower.log, self._host
        clock = host.clock.clock
        if log is None or log.game != ours.game or clock is None:
            return
        for player, left in log.banks.items():
            if player in host.pair.players and player in clock.banks:
                clock.banks[player] = left
        lost = log.lost_on_time
        if lost in host.pair.players and host.game.phase is not Phase.OVER:
            host._after(lose_on_time(host.game, lost, host.hardware.clock.monotonic()))

    def _follow(self, log: GameLog) -> None:
        """Start the pair's new game here: its players there are remote seats here."""
        host = self._host
        seats = parse_seats({player: {"kind": "remote"} for player in log.local}, log.players)
        control = None if log.clock is None else parse_time_control(log.clock)
        game_id = host.new_game(log.players, log.gods, control, seats=seats)
        host.store.append_event(EventKind.BOARD_LINK, {"game": log.game}, game_id)
        self.counters["followed"] += 1
        _log.info("board link: following %s's game %s", self.pairing.paired.prefix, log.game)

    def _act(self, step: Submit | Disagree | None) -> None:
        finding = None
        if isinstance(step, Disagree) and not step.relayed:
            finding = step.message
        if isinstance(step, Submit):
            try:
                self._host.submit_remote_turn(step.player, list(step.steps))
                self.counters["submitted"] += 1
            except RemoteTurnRefused as refused:
                if refused.status != STALE:  # the board is busy: asked again after it
                    finding = f"the other board's turn {step.n} is refused here: {refused.reason}"
        self._finding = finding
        self._set_problem(step.message if isinstance(step, Disagree) else finding)

    def _set_problem(self, problem: str | None) -> None:
        """Shown (an event, the state) and passed on (the log, at the next sync)."""
        if problem == self.problem:
            return
        self.problem = self._host.pair.problem = problem
        if problem is not None:
            _log.error("board link: %s", problem)
        kind = "link_disagreement" if problem is not None else "link_agreement"
        now = self._host.hardware.clock.monotonic()
        self._host._after([RefereeEvent(kind, now, None, problem or "the boards agree")])
