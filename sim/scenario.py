"""Simulator scenarios (design.md's contract): a game's physical events as JSON.

Every error is a `ScenarioError` whose message starts with the offending field, e.g.
``events[3].cell: not a cell: 'z9'``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from santorini_hw.referee.game_clock import TimeControl, TimeControlError, parse_time_control
from santorini_hw.rules.cards_json import check_lineup
from santorini_hw.rules.cells import CellError, cell_name, parse_cell
from santorini_hw.rules.gods import God, UnknownGodError, parse_board_god
from santorini_hw.rules.position import make_lineup
from santorini_hw.rules.position_errors import UnsupportedPositionError
from santorini_hw.seats.model import NO_SEATS, Seats, SeatsError, parse_seats, seats_json

OPS = ("lift", "place", "press", "carry_out")
PIECES = ("worker", "block", "dome")
BUTTONS = ("done", "undo", "hint")
SENSORS = ("presence", "polarity")
FIELDS = ("players", "gods", "sensors", "noise", "clock", "seats", "events")


class ScenarioError(ValueError):
    def __init__(self, field_name: str, problem: str) -> None:
        super().__init__(f"{field_name}: {problem}")
        self.field = field_name


@dataclass(frozen=True)
class PhysicalEvent:
    t: float
    op: str
    cell: int = -1
    piece: str = ""
    player: str | None = None
    button: str = ""

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"t": round(self.t, 3), "op": self.op}
        if self.op == "carry_out":
            return document
        if self.op == "press":
            document["button"] = self.button
            return document
        document["cell"] = cell_name(self.cell)
        if self.op == "place":
            document["piece"] = self.piece
            if self.player is not None:
                document["player"] = self.player
        return document


@dataclass(frozen=True)
class NoiseSettings:
    seed: int = 0
    flicker: float = 0.0
    bounce_ms: float = 0.0


@dataclass(frozen=True)
class Scenario:
    players: tuple[str, ...]
    gods: tuple[God | None, ...]
    sensors: str = "presence"
    noise: NoiseSettings = field(default_factory=NoiseSettings)
    events: tuple[PhysicalEvent, ...] = ()
    clock: TimeControl | None = None
    """The game clock (`"clock": "60+300"`), None without one."""
    seats: Seats = NO_SEATS
    """Who plays each colour (`"seats": {"B": {"kind": "engine", "level": 4}}`); the
    engine's seed is the noise seed."""

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"players": list(self.players)}
        if any(self.gods):
            document["gods"] = {
                p: g.value if g else None for p, g in zip(self.players, self.gods, strict=True)
            }
        document["sensors"] = self.sensors
        noise = self.noise
        document["noise"] = {
            "seed": noise.seed,
            "flicker": noise.flicker,
            "bounce_ms": noise.bounce_ms,
        }
        if self.clock is not None:
            document["clock"] = self.clock.text()
        if self.seats:
            document["seats"] = seats_json(self.seats, self.players)
        document["events"] = [event.to_json() for event in self.events]
        return document


def load_scenario(text: str) -> Scenario:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(
            "json", f"malformed JSON ({error.msg} at line {error.lineno})"
        ) from None
    return scenario_from_json(data)


def scenario_from_json(data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError("json", "a scenario is a JSON object")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise ScenarioError(unknown[0], f"unknown field (fields: {', '.join(FIELDS)})")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise ScenarioError("players", "a list of 2 to 4 player ids")
    if not all(isinstance(p, str) and p for p in players) or len(set(players)) != len(players):
        raise ScenarioError("players", "player ids are different non-empty strings")
    sensors = data.get("sensors", "presence")
    if sensors not in SENSORS:
        raise ScenarioError("sensors", f"one of {', '.join(SENSORS)}, not {sensors!r}")
    gods = _gods(data.get("gods"), tuple(players))
    if len(players) == 3 and not all(gods):
        raise ScenarioError("gods", "three-player games need a god for every player")
    if len(players) == 3 and sensors == "polarity":
        raise ScenarioError("sensors", "polarity tells two players (or two teams) apart, not three")
    return Scenario(
        players=tuple(players),
        gods=gods,
        sensors=sensors,
        noise=_noise(data.get("noise", {})),
        events=tuple(_event(i, e, tuple(players)) for i, e in enumerate(_events(data))),
        clock=_clock(data.get("clock", "off"), len(players)),
        seats=_seats(data.get("seats"), tuple(players)),
    )


def _seats(data: Any, players: tuple[str, ...]) -> Seats:
    try:
        return parse_seats(data, players)
    except SeatsError as error:
        field_name, _, problem = str(error).partition(": ")
        raise ScenarioError(field_name, problem) from None


def _clock(data: Any, players: int) -> TimeControl | None:
    if not isinstance(data, str):
        raise ScenarioError("clock", f'a time control like "60+300", not {data!r}')
    try:
        control = parse_time_control(data)
    except TimeControlError as error:
        raise ScenarioError("clock", str(error)) from None
    if control is not None and players == 3:
        raise ScenarioError("clock", "a loss on time needs two sides: no clock for three players")
    return control


def _gods(data: Any, players: tuple[str, ...]) -> tuple[God | None, ...]:
    if data is None:
        return (None,) * len(players)
    if not isinstance(data, dict):
        raise ScenarioError("gods", "an object of player id -> god name")
    for player in data:
        if player not in players:
            raise ScenarioError(f"gods.{player}", "not one of the players")
    try:
        gods = tuple(None if data.get(p) is None else parse_board_god(data[p]) for p in players)
        check_lineup(make_lineup(players, gods))  # a god barred for the players, or twice
    except UnknownGodError as error:
        raise ScenarioError("gods", str(error)) from None
    except UnsupportedPositionError as error:
        raise ScenarioError("gods", error.problem) from None
    return gods


def _noise(data: Any) -> NoiseSettings:
    if not isinstance(data, dict):
        raise ScenarioError("noise", "an object with seed, flicker, bounce_ms")
    for key in data:
        if key not in ("seed", "flicker", "bounce_ms"):
            raise ScenarioError(f"noise.{key}", "unknown field (seed, flicker, bounce_ms)")
    seed, flicker, bounce = (
        data.get("seed", 0),
        data.get("flicker", 0.0),
        data.get("bounce_ms", 0.0),
    )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError("noise.seed", f"a whole number, not {seed!r}")
    if not _number(flicker) or not 0 <= flicker < 1:
        raise ScenarioError("noise.flicker", f"a probability from 0 to below 1, not {flicker!r}")
    if not _number(bounce) or not 0 <= bounce <= 1000:
        raise ScenarioError("noise.bounce_ms", f"milliseconds from 0 to 1000, not {bounce!r}")
    return NoiseSettings(seed, float(flicker), float(bounce))


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _events(data: dict[str, Any]) -> list[Any]:
    events = data.get("events")
    if not isinstance(events, list):
        raise ScenarioError("events", "a list of physical events")
    return events


def _event(index: int, data: Any, players: tuple[str, ...]) -> PhysicalEvent:
    where = f"events[{index}]"
    if not isinstance(data, dict):
        raise ScenarioError(where, "an object with t and op")
    t = data.get("t")
    if not _number(t) or t < 0:
        raise ScenarioError(f"{where}.t", f"seconds from 0, not {t!r}")
    op = data.get("op")
    if op not in OPS:
        raise ScenarioError(f"{where}.op", f"one of {', '.join(OPS)}, not {op!r}")
    if op == "carry_out":
        return PhysicalEvent(float(t), op)
    if op == "press":
        button = data.get("button")
        if button not in BUTTONS:
            raise ScenarioError(f"{where}.button", f"one of {', '.join(BUTTONS)}, not {button!r}")
        return PhysicalEvent(float(t), op, button=button)
    try:
        cell = parse_cell(data.get("cell"))
    except CellError as error:
        raise ScenarioError(f"{where}.cell", str(error)) from None
    if op == "lift":
        return PhysicalEvent(float(t), op, cell)
    piece = data.get("piece")
    if piece not in PIECES:
        raise ScenarioError(f"{where}.piece", f"one of {', '.join(PIECES)}, not {piece!r}")
    player = data.get("player")
    if piece == "worker" and player not in players:
        raise ScenarioError(f"{where}.player", f"a worker needs one of the players, not {player!r}")
    return PhysicalEvent(float(t), op, cell, piece, player if piece == "worker" else None)
