"""The boards' protocol: a game's log with numbered, hashed entries, and a clear refusal
for any message that is not one."""

from __future__ import annotations

import doctest
import json
from types import ModuleType

import pytest

from santorini_hw.daemon.board_link import pairing, protocol
from santorini_hw.daemon.board_link.pairing import Pairing
from santorini_hw.daemon.board_link.protocol import (
    GameLog,
    LinkMessageError,
    decode,
    encode,
    game_entries,
    id_order,
    log_from_json,
    position_hash,
    shared_id,
    turn_json,
)
from santorini_hw.daemon.mqtt.config import mqtt_config
from santorini_hw.daemon.settings import SettingsError, load_settings
from santorini_hw.rules.actions import parse_actions
from santorini_hw.rules.cells import parse_cell
from santorini_hw.rules.game import Game
from santorini_hw.rules.gods import God

SETUP = ("a1", "d1", "c3", "e5")


def _played(*turns: str, gods: tuple[God | None, ...] | None = None) -> Game:
    game = Game.new(("A", "B"), gods)
    for cell in SETUP:
        game.place(parse_cell(cell))
    for turn in turns:
        game.play_turn(parse_actions(turn))
    return game


@pytest.mark.parametrize("module", [protocol, pairing], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_every_placement_and_turn_is_numbered_with_the_position_it_leads_to() -> None:
    game = _played("d1-d2 c1", "c3-b3 b2")
    entries = game_entries(game)
    assert [(e.n, e.kind, e.player, e.text) for e in entries] == [
        (1, "place", "A", "a1"),
        (2, "place", "A", "d1"),
        (3, "place", "B", "c3"),
        (4, "place", "B", "e5"),
        (5, "turn", "A", "d1-d2 c1"),
        (6, "turn", "B", "c3-b3 b2"),
    ]
    assert entries[-1].hash == position_hash(game.position)
    assert len({e.hash for e in entries}) == len(entries)


def test_the_same_game_on_two_boards_hashes_the_same_and_a_different_build_does_not() -> None:
    ours, theirs = _played("d1-d2 c1"), _played("d1-d2 c1")
    other = _played("d1-d2 c2")
    assert game_entries(ours) == game_entries(theirs)
    assert game_entries(ours)[-1].hash != game_entries(other)[-1].hash


def test_a_log_round_trips_through_json() -> None:
    game = _played("d1-d2 c1", gods=(God.APOLLO, None))
    log = GameLog(shared_id("club/board-1", 3, 1000), ("A", "B"), (God.APOLLO, None), ("A",),
                  tuple(game_entries(game)))  # fmt: skip
    text = encode(log.to_json())
    assert log_from_json(decode(text)) == log
    assert json.loads(text)["gods"] == ["Apollo", None]


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"v": 2}, "v: protocol version 1"),
        ({"game": "club/board-1#3"}, "game: not a linked game id"),
        ({"local": ["C"]}, "local: some of the players"),
        ({"gods": ["Zeus-ish", None]}, "gods:"),
        (
            {"entries": [{"n": 2, "kind": "place", "player": "A", "text": "a1", "hash": "x"}]},
            "entries: numbered 1, 2",
        ),
        (
            {"entries": [{"n": 1, "kind": "undo", "player": "A", "text": "a1", "hash": "x"}]},
            "entry.kind: one of place, turn",
        ),
        (
            {"entries": [{"n": 1, "kind": "place", "player": "A", "text": "z9", "hash": "x"}]},
            "entry.text:",
        ),
        ({"disagreement": 3}, "disagreement:"),
    ],
)
def test_a_malformed_log_is_refused_naming_its_fault(change: dict, complaint: str) -> None:  # type: ignore[type-arg]
    good = GameLog("club/board-1#3@1000", ("A", "B"), (None, None), ("A",), ()).to_json()
    with pytest.raises(LinkMessageError, match=complaint):
        log_from_json(decode(encode({**good, **change})))


@pytest.mark.parametrize("payload", [b"\xff\xfe", b"[1, 2]", b"not json", b'{"v": 1}'])
def test_what_is_not_a_message_is_refused(payload: bytes) -> None:
    with pytest.raises(LinkMessageError):
        decode(payload)


def test_a_turn_message_names_its_game_and_entry() -> None:
    entry = game_entries(_played("d1-d2 c1"))[-1]
    document = decode(encode(turn_json("club/board-1#3@1000", entry)))
    assert protocol.entry_from_json(document["entry"]) == entry


def test_a_later_game_orders_after_an_earlier_one_whoever_started_it() -> None:
    assert id_order("club/board-2#1@2000") > id_order("club/board-1#9@1000")
    assert id_order("club/board-2#1@1000") > id_order("club/board-1#9@1000")  # a tie: by id


def test_pairing_needs_a_broker_and_another_prefix() -> None:
    environ = {"SANTORINI_HW_BOARD_LINK": "club/board-2"}
    settings = load_settings(files=(), environ=environ)
    with pytest.raises(SettingsError, match=r"board_link: .* set mqtt_url"):
        pairing.pairing(settings, mqtt_config(settings))
    environ |= {
        "SANTORINI_HW_MQTT_URL": "mqtt://club.lan",
        "SANTORINI_HW_MQTT_PREFIX": "club/board-2",
    }
    settings = load_settings(files=(), environ=environ)
    with pytest.raises(SettingsError, match="board_link: 'club/board-2' is this board's own"):
        pairing.pairing(settings, mqtt_config(settings))
    settings = load_settings(
        files=(), environ={**environ, "SANTORINI_HW_MQTT_PREFIX": "club/board-1"}
    )
    found = pairing.pairing(settings, mqtt_config(settings))
    assert found is not None and isinstance(found, Pairing)
    assert (found.own.link_game, found.paired.link_turn) == (
        "club/board-1/link/game", "club/board-2/link/turn")  # fmt: skip


def test_a_pair_that_is_no_topic_is_a_bad_setting() -> None:
    with pytest.raises(SettingsError, match="SANTORINI_HW_BOARD_LINK"):
        load_settings(files=(), environ={"SANTORINI_HW_BOARD_LINK": "club/+/x"})
