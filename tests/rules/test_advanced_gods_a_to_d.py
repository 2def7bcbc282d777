"""The advanced gods Aphrodite to Dionysus, one test per ruling (contract v2, section 3)."""

from __future__ import annotations

from tests.rules.advanced_helpers import first_steps, turns_of, winners


# Aphrodite
def test_aphrodite_neighbour_must_end_its_move_next_to_her() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["c3", "a5"]}, gods={"B": "Aphrodite"})
    assert {s for s in first_steps(found) if s.startswith("b2")} == {"b2-c2", "b2-b3"}
    assert "e5-e4" in first_steps(found)  # e5 did not start next to her


def test_aphrodite_judges_apollo_swap_where_her_worker_lands() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["c3", "a5"]}, gods={"A": "Apollo", "B": "Aphrodite"})
    result, _ = found["b2-c3 d4"]
    assert result["workers"] == {"A": ["c3", "e5"], "B": ["a5", "b2"]}


def test_aphrodite_forbids_a_winning_step_away_from_her() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["c3", "e1"]},
        heights={"b2": 2, "a1": 3, "c2": 3},
        gods={"B": "Aphrodite"},
    )
    assert "b2-a1" not in first_steps(found)
    assert found["b2-c2"][1] == "A"  # c2 is next to her: that win stands


# Ares
def test_ares_may_remove_a_block_next_to_his_unmoved_worker() -> None:
    found = turns_of({"A": ["a1", "e5"], "B": ["c3", "a5"]}, gods={"A": "Ares"}, heights={"d5": 2})
    assert found["a1-a2 a1"][0]["heights"]["d5"] == 2
    assert found["a1-a2 a1 d5v"][0]["heights"]["d5"] == 1


def test_ares_removes_no_dome_and_nothing_under_a_worker() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["d4", "a5"]},
        gods={"A": "Ares"},
        heights={"d5": 3, "d4": 1},
        domes=["d5"],
    )
    assert not any(text.endswith(("d5v", "d4v")) for text in found)


def test_ares_with_a_single_worker_has_no_unmoved_worker() -> None:
    found = turns_of({"A": ["a1"], "B": ["e5", "a5"]}, gods={"A": "Ares"}, heights={"b1": 1})
    assert not any(text.endswith("v") for text in found)


# Bia
def test_bia_removes_the_worker_just_beyond_her_step() -> None:
    found = turns_of({"A": ["a1", "e1"], "B": ["c3", "e5"]}, gods={"A": "Bia"})
    result, winner = found["a1-b2 a1"]
    assert result["workers"]["B"] == ["e5"] and winner is None


def test_bia_wins_by_removing_the_last_opponent_worker() -> None:
    found = turns_of({"A": ["a1", "e1"], "B": ["c3"]}, gods={"A": "Bia"})
    result, winner = found["a1-b2"]
    assert winner == "A" and result["workers"]["B"] == []


def test_bia_removing_the_last_worker_of_one_of_two_opponents_plays_on() -> None:
    found = turns_of(
        {"A": ["a1", "e1"], "B": ["c3"], "C": ["e5", "a5"]},
        gods={"A": "Bia", "B": "Pan", "C": "Atlas"},
    )
    result, winner = found["a1-b2 a1"]
    assert winner is None and result["workers"]["B"] == [] and result["to_move"] == "C"


# Chaos
def test_chaos_plays_the_face_up_simple_power() -> None:
    chaos = {"A": {"power": "Artemis", "deck": ["Pan"]}}
    found = turns_of({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Chaos"}, chaos=chaos)
    assert "a1-a2 a2-a3 a4" in found


def test_chaos_draws_after_any_turn_that_builds_a_dome() -> None:
    chaos = {"B": {"power": "Pan", "deck": ["Atlas", "Hermes"]}}
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"B": "Chaos"}, chaos=chaos, heights={"b1": 3}
    )
    assert found["a1-a2 b1X"][0]["chaos"] == {"B": {"power": "Atlas", "deck": ["Hermes"]}}
    assert found["a1-a2 a1"][0]["chaos"] == chaos


def test_chaos_with_an_empty_deck_draws_from_the_unheld_simple_gods() -> None:
    chaos = {"B": {"power": "Apollo", "deck": []}}
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]},
        gods={"A": "Artemis", "B": "Chaos"},
        chaos=chaos,
        heights={"b1": 3},
    )
    drawn = found["a1-a2 b1X"][0]["chaos"]["B"]
    rest = ["Athena", "Atlas", "Demeter", "Hephaestus", "Hermes", "Minotaur", "Pan", "Prometheus"]
    assert drawn == {"power": "Apollo", "deck": rest}  # Apollo, discarded, is drawn again


def test_chaos_default_deck_is_the_unheld_simple_gods_in_order() -> None:
    found = turns_of({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Apollo", "B": "Chaos"})
    chaos = next(iter(found.values()))[0]["chaos"]["B"]
    assert chaos["power"] == "Artemis" and chaos["deck"][0] == "Athena"


def test_chaos_does_not_draw_after_a_winning_turn() -> None:
    chaos = {"B": {"power": "Pan", "deck": ["Atlas"]}}
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["d5", "e1"]},
        gods={"B": "Chaos"},
        chaos=chaos,
        heights={"b2": 2, "c3": 3},
    )
    assert found["b2-c3"][1] == "A" and found["b2-c3"][0]["chaos"] == chaos


# Charon
def test_charon_ferries_a_neighbour_across_then_that_worker_moves() -> None:
    found = turns_of({"A": ["b2", "e5"], "B": ["a1", "e1"]}, gods={"A": "Charon"})
    result, _ = found["a1~c3 b2-b1 a1"]
    assert result["workers"]["B"] == ["c3", "e1"] and result["workers"]["A"] == ["b1", "e5"]
    assert not any(text.startswith("a1~c3 e5-") for text in found)


def test_charon_ferries_only_onto_a_free_cell_on_the_board() -> None:
    found = turns_of({"A": ["b2", "a3"], "B": ["a1", "c1"]}, gods={"A": "Charon"}, domes=["c3"])
    assert not any("~" in text.split()[0] for text in found if text.startswith(("a1~", "c1~")))
    assert "c1~a3" not in {text.split()[0] for text in found}


def test_a_ferry_is_not_a_move_and_never_wins() -> None:
    found = turns_of(
        {"A": ["b2", "e5"], "B": ["a1", "e1"]}, gods={"A": "Charon"}, heights={"a1": 2, "c3": 3}
    )
    assert all(winner is None for text, (_, winner) in found.items() if "~" in text)


# Chronus
def test_chronus_wins_when_the_opponent_builds_the_fifth_complete_tower() -> None:
    towers = ["a5", "b5", "c5", "d5"]
    found = turns_of(
        {"A": ["a1", "e1"], "B": ["e3", "a3"]},
        gods={"B": "Chronus"},
        heights={cell: 3 for cell in [*towers, "b1"]},
        domes=towers,
    )
    result, winner = found["a1-a2 b1X"]
    assert winner == "B" and "b1" in result["domes"]


def test_chronus_wins_when_dionysus_additional_turns_end_with_five_towers() -> None:
    towers = ["a5", "b5", "c5", "d5", "e5"]
    fields = {
        "gods": {"A": "Dionysus", "B": "Chronus"},
        "heights": dict.fromkeys(towers, 3),
        "domes": towers,
    }
    owed_two = turns_of({"A": ["a1", "e1"], "B": ["e3", "a3"]}, **fields, extra_turns=2)
    assert owed_two["pass"][1] == "B"
    assert all(winner is None for text, (_, winner) in owed_two.items() if text != "pass")
    owed_one = turns_of({"A": ["a1", "e1"], "B": ["e3", "a3"]}, **fields, extra_turns=1)
    assert winners(owed_one) == {"B"}  # every one of them ends the additional turns


# Circe
def test_circe_takes_the_power_of_an_opponent_whose_workers_stand_apart() -> None:
    found = turns_of({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Circe", "B": "Artemis"})
    result, _ = found["a1-a2 a2-a3 a4"]
    assert result["circe_has_power"] is True


def test_circe_takes_nothing_when_the_opponent_workers_neighbour() -> None:
    found = turns_of({"A": ["a1", "e5"], "B": ["d1", "e1"]}, gods={"A": "Circe", "B": "Artemis"})
    assert not any(text.count("-") > 1 for text in found)
    assert all(result["circe_has_power"] is False for result, _ in found.values())


def test_the_opponent_has_no_power_while_circe_holds_it() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]},
        gods={"A": "Circe", "B": "Artemis"},
        to_move="B",
        circe_has_power=True,
    )
    assert not any(text.count("-") > 1 for text in found)
    assert all(result["circe_has_power"] is False for result, _ in found.values())


def test_circe_holding_athena_blocks_the_opponent_on_their_turn() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]},
        gods={"A": "Circe", "B": "Athena"},
        heights={"a2": 1, "d1": 1},
    )
    result, _ = found["a1-a2 a1"]
    assert result["athena_moved_up"] is True and result["circe_has_power"] is True
    reply = turns_of(
        result["workers"], gods=result["gods"], heights=result["heights"], to_move="B",
        athena_moved_up=True, circe_has_power=True,
    )  # fmt: skip
    assert "e1-d1" not in {text.split()[0] for text in reply}
    assert all(r["athena_moved_up"] is False for r, _ in reply.values())


# Dionysus
def test_dionysus_completing_a_tower_earns_an_additional_turn() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Dionysus"}, heights={"b1": 3}
    )
    result, _ = found["a1-a2 b1X"]
    assert result["to_move"] == "A" and result["extra_turns"] == 1
    assert found["a1-a2 a1"][0]["to_move"] == "B"


def test_dionysus_additional_turn_moves_and_builds_with_an_opponent_worker() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "e1"]},
        gods={"A": "Dionysus"},
        heights={"d1": 2},
        extra_turns=1,
    )
    result, winner = found["e1-d2 d1"]
    assert result["workers"]["B"] == ["c5", "d2"] and result["to_move"] == "B"
    assert result["heights"]["d1"] == 3 and winner is None
    assert not any(text.startswith(("a1-", "e5-")) for text in found)


def test_dionysus_may_pass_his_remaining_additional_turns() -> None:
    found = turns_of({"A": ["a1", "e5"], "B": ["c5", "e1"]}, gods={"A": "Dionysus"}, extra_turns=2)
    result, _ = found["pass"]
    assert result["extra_turns"] == 0 and result["to_move"] == "B"
    assert found["e1-d2 d1"][0]["extra_turns"] == 1 and found["e1-d2 d1"][0]["to_move"] == "A"


def test_no_one_wins_in_a_dionysus_additional_turn() -> None:
    found = turns_of(
        {"A": ["a1", "e5"], "B": ["c5", "d2"]},
        gods={"A": "Dionysus"},
        heights={"d2": 2, "d3": 3},
        extra_turns=1,
    )
    assert "d2-d3 d4" in found and winners(found) == {None}


def test_dionysus_moving_a_medusa_worker_petrifies_no_one() -> None:
    found = turns_of(
        {"A": ["a1", "c1"], "B": ["c3", "e5"]},
        gods={"A": "Dionysus", "B": "Medusa"},
        heights={"b2": 1},
        extra_turns=1,
    )
    result, _ = found["c3-b2 b3"]
    assert result["workers"]["A"] == ["a1", "c1"]
