"""Position JSON: the contract's fields, round trips and a clear error for each bad input."""

from __future__ import annotations

import json

import pytest

from santorini_hw.rules.position_json import (
    PositionError,
    UnsupportedPositionError,
    parse_position,
    position_from_json,
    position_to_json,
)

CONTRACT_EXAMPLE = {
    "heights": {"c3": 2, "d2": 3},
    "domes": ["d2"],
    "workers": {"A": ["b3", "c4"], "B": ["c2", "c3"]},
    "gods": {"A": "Demeter", "B": "Artemis"},
    "to_move": "A",
    "athena_moved_up": False,
}


def test_the_design_example_round_trips() -> None:
    assert position_to_json(position_from_json(CONTRACT_EXAMPLE)) == CONTRACT_EXAMPLE


def test_god_names_are_case_insensitive_and_missing_gods_mean_no_power() -> None:
    start = position_from_json(
        {"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "B", "gods": {"A": "pAn"}}
    )
    assert position_to_json(start)["gods"] == {"A": "Pan", "B": None}
    assert start.player == "B"


def test_four_players_play_in_alternating_teams() -> None:
    document = {
        "workers": {"A": ["a1", "a2"], "B": ["e1", "e2"], "C": ["a1", "a2"], "D": ["e1", "e2"]},
        "teams": [["A", "C"], ["B", "D"]],
        "to_move": "C",
    }
    start = position_from_json(document)
    assert start.lineup.is_team_game and start.side == 0
    assert position_to_json(start)["workers"]["C"] == ["a1", "a2"]


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ("{not json", "json"),
        ("[1, 2]", "json"),
        ('{"to_move": "A"}', "workers"),
        ('{"workers": {"A": ["a1", "a2"]}, "to_move": "A"}', "workers"),
        ('{"workers": {"A": ["a1", "a2", "a3"], "B": ["e1", "e2"]}, "to_move": "A"}', "workers.A"),
        ('{"workers": {"A": ["a1", "a1"], "B": ["e1", "e2"]}, "to_move": "A"}', "workers.A"),
        ('{"workers": {"A": ["a1", "e1"], "B": ["e1", "e2"]}, "to_move": "A"}', "workers.B"),
        ('{"workers": {"A": ["a1", "z9"], "B": ["e1", "e2"]}, "to_move": "A"}', "workers.A"),
        ('{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "C"}', "to_move"),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "gods": {"A": "Odin"}}',
            "gods.A",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "gods": {"Q": "Pan"}}',
            "gods.Q",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "heights": {"c3": 4}}',
            "heights.c3",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "heights": {"c3": true}}',
            "heights.c3",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "heights": {"f1": 1}}',
            "heights",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "domes": ["a1"]}',
            "workers.A",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "domes": ["c1", "c1"]}',
            "domes",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "athena_moved_up": true}',
            "athena_moved_up",
        ),
        (
            '{"workers": {"A": ["a1", "a2"], "B": ["e1", "e2"]}, "to_move": "A", "colour": "red"}',
            "colour",
        ),
    ],
)
def test_bad_input_names_the_field(document: str, field: str) -> None:
    with pytest.raises(PositionError) as raised:
        parse_position(document)
    assert raised.value.field == field
    assert str(raised.value).startswith(f"{field}: ")


def test_three_player_positions_mark_eliminated_players_by_empty_worker_lists() -> None:
    document = {
        "workers": {"A": ["a1", "a2"], "B": [], "C": ["e1", "e2"]},
        "gods": {"A": "Pan", "B": "Atlas", "C": "Hermes"},
        "to_move": "A",
    }
    start = position_from_json(document)
    assert not start.alive(1) and start.next_player() == 2
    assert json.loads(json.dumps(position_to_json(start)))["workers"]["B"] == []


@pytest.mark.parametrize(
    ("gods", "reason"),
    [
        ({"A": "Bia", "B": "Bia"}, "unsupported: Bia twice (there is one card of each god)"),
        ({"A": "Circe", "B": "Eros"}, "unsupported: Circe against Eros"),
        ({"A": "Circe", "B": "Chaos"}, "unsupported: Circe against Chaos"),
        ({"A": "Aphrodite", "B": "Pan", "C": "Atlas"}, "unsupported: Aphrodite with 3 players"),
        ({"A": "Chronus", "B": "Pan", "C": "Atlas"}, "unsupported: Chronus with 3 players"),
        ({"A": "Zeus", "B": "Pan", "C": "Atlas", "D": None}, "unsupported: Zeus with 4 players"),
    ],
)
def test_refused_line_ups_say_unsupported(gods: dict[str, str | None], reason: str) -> None:
    cells = {"A": ["a1", "a2"], "B": ["e1", "e2"], "C": ["c1", "c2"], "D": ["a5", "b5"]}
    document: dict[str, object] = {
        "workers": {player: cells[player] for player in gods},
        "gods": gods,
        "to_move": "A",
    }
    if len(gods) == 4:
        document["workers"] = {p: cells["A" if p in "AC" else "B"] for p in gods}
        document["teams"] = [["A", "C"], ["B", "D"]]
    with pytest.raises(UnsupportedPositionError) as raised:
        position_from_json(document)
    assert raised.value.reason == reason


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"extra_turns": 1}, "extra_turns"),
        ({"female": {"A": "c3"}}, "female.A"),
        ({"tokens": {"A": -1}}, "tokens.A"),
        ({"chaos": {"A": {"power": "Zeus", "deck": []}}}, "chaos.A.power"),
        ({"circe_has_power": "yes"}, "circe_has_power"),
    ],
)
def test_malformed_v2_fields_name_the_field(extra: dict[str, object], field: str) -> None:
    document = {"workers": {"A": ["a1", "a2"], "B": ["e1"]}, "to_move": "A", **extra}
    document["gods"] = {"A": "Selene", "B": "Chaos"}
    with pytest.raises(PositionError) as raised:
        position_from_json(document)
    assert raised.value.field == field


def test_fields_of_absent_gods_are_ignored_so_positions_stay_equal() -> None:
    plain = {"workers": {"A": ["a1", "a2"], "B": ["e1"]}, "to_move": "A", "gods": {"A": "Zeus"}}
    noisy = {**plain, "tokens": {"B": 2}, "circe_has_power": True, "female": {"A": "a1"}}
    assert position_from_json(noisy) == position_from_json(plain)
    assert set(position_to_json(position_from_json(noisy))) == set(
        position_to_json(position_from_json(plain))
    )


def test_the_contract_v2_example_round_trips() -> None:
    example = {
        "heights": {"c3": 2},
        "domes": [],
        "workers": {"A": ["b3", "c4"], "B": ["c2"]},
        "gods": {"A": "Selene", "B": "Chaos"},
        "to_move": "A",
        "athena_moved_up": False,
        "female": {"A": "c4"},
        "chaos": {"B": {"power": "Demeter", "deck": ["Pan", "Atlas"]}},
    }
    assert position_to_json(position_from_json(example)) == example
