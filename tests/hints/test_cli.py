"""`santorini-hw rules best` and `santorini-hw match` on the command line."""

from __future__ import annotations

import io
import json

import pytest

from santorini_hw.cli import main

WIN_IN_ONE = (
    '{"heights": {"c3": 2, "c4": 3}, "workers": {"A": ["c3", "a1"], "B": ["e5", "e4"]},'
    ' "to_move": "A"}'
)
BLOCK = WIN_IN_ONE.replace('"to_move": "A"', '"to_move": "B"')


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_best_prints_the_winning_turn_with_its_result(monkeypatch, capsys) -> None:
    status, out, _ = run(monkeypatch, capsys, ["rules", "best", "--nodes", "200"], WIN_IN_ONE)
    answer = json.loads(out)
    assert status == 0
    assert answer["turn"]["actions"] == ["c3-c4"]
    assert answer["turn"]["winner"] == "A"
    assert answer["turn"]["result"]["workers"]["A"] == ["a1", "c4"]
    assert answer["mate_in"] == 1 and answer["depth"] == 1


def test_best_answers_one_line_per_position(monkeypatch, capsys) -> None:
    argv = ["rules", "best", "--depth", "2", "--seed", "3"]
    status, out, _ = run(monkeypatch, capsys, argv, WIN_IN_ONE + "\n" + BLOCK + "\n")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(lines) == 2
    assert "c4X" in lines[1]["turn"]["actions"]
    assert set(lines[1]) == {"turn", "score", "mate_in", "depth", "nodes"}


def test_best_with_a_time_budget(monkeypatch, capsys) -> None:
    status, out, _ = run(monkeypatch, capsys, ["rules", "best", "--time", "0.2"], BLOCK)
    assert status == 0 and json.loads(out)["depth"] >= 1


def test_best_is_reproducible_with_a_node_budget(monkeypatch, capsys) -> None:
    argv = ["rules", "best", "--nodes", "400", "--seed", "5"]
    first = run(monkeypatch, capsys, argv, BLOCK)
    assert first == run(monkeypatch, capsys, argv, BLOCK)


def test_best_refuses_bad_input_with_one_line(monkeypatch, capsys) -> None:
    status, out, err = run(monkeypatch, capsys, ["rules", "best"], '{"workers": {"A": ["c3"]}}')
    assert status == 2 and out == ""
    assert err.startswith("error: line 1: workers") and err.count("\n") == 1


def test_best_refuses_a_bad_budget(monkeypatch, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(monkeypatch, capsys, ["rules", "best", "--time", "-1"], BLOCK)
    assert exit_info.value.code == 2


def test_match_prints_wins_losses_and_elo(monkeypatch, capsys) -> None:
    argv = ["match", "engine:depth=1", "random", "--games", "2", "--seed", "1"]
    status, out, _ = run(monkeypatch, capsys, argv, "")
    assert status == 0
    assert out.startswith("engine:depth=1 vs random: games 2: wins 2, losses 0")
    assert "Elo difference +inf" in out


def test_match_refuses_an_unknown_player(monkeypatch, capsys) -> None:
    status, _, err = run(monkeypatch, capsys, ["match", "engine", "stockfish"], "")
    assert status == 2 and "unknown player 'stockfish'" in err
