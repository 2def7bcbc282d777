"""The anchor benchmark's plumbing without the anchor: unpacking from a git directory,
our side's commands, and the check that every proposed turn is a legal one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench.alphazero.install import (
    ANCHOR_FILES,
    NETWORKS,
    AnchorSetupError,
    unpack,
)
from bench.alphazero.match import IllegalTurnError, Tally, legal_turn
from bench.alphazero.players import InProcessRules, RulesCommand, default_executable
from bench.alphazero.translate import Proposal, position_key
from santorini_hw.commands.hints import result_json
from santorini_hw.commands.rules import turns_json
from santorini_hw.hints.search import best_turn
from santorini_hw.rules.position_json import position_from_json

START = {
    "heights": {"c3": 2, "d2": 3},
    "workers": {"A": ["c3", "a1"], "B": ["e1", "e5"]},
    "to_move": "A",
}
CONSTANTS = "NO_GOD = 0\nNB_GODS = 11 # Modify this to 1 to disable use of any god\n"


def make_anchor_repository(root: Path, constants: str = CONSTANTS) -> Path:
    """A git repository with the anchor's file names (and made-up contents)."""
    for name in (*ANCHOR_FILES, *NETWORKS.values()):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {name}\n", encoding="utf-8")
    (root / "santorini" / "SantoriniConstants.py").write_text(constants, encoding="utf-8")
    (root / "README.md").write_text("not needed by the bench\n", encoding="utf-8")

    def git(*arguments: str) -> None:
        subprocess.run(["git", "-C", str(root), *arguments], check=True, capture_output=True)

    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "anchor")
    return root / ".git"


def test_the_anchor_is_unpacked_once_per_commit_and_mode(tmp_path: Path) -> None:
    git_dir = make_anchor_repository(tmp_path / "anchor")
    cache = tmp_path / "cache"
    plain = unpack(git_dir, cache, gods=False)
    with_gods = unpack(git_dir, cache, gods=True)
    assert plain.directory.parent == with_gods.directory.parent == cache / plain.commit[:12]
    assert plain.network == plain.directory / "santorini" / "pretrained.pt"
    assert with_gods.network.name == "pretrained_withgods.pt"
    assert all((plain.directory / name).exists() for name in ANCHOR_FILES)
    assert not (plain.directory / "README.md").exists()
    assert not (plain.directory / NETWORKS[True]).exists()
    constants = "santorini/SantoriniConstants.py"
    assert "NB_GODS = 1 #" in (plain.directory / constants).read_text(encoding="utf-8")
    assert (with_gods.directory / constants).read_text(encoding="utf-8") == CONSTANTS
    marker = plain.directory / "worker.log"
    marker.write_text("kept", encoding="utf-8")
    assert unpack(git_dir, cache, gods=False) == plain
    assert marker.read_text(encoding="utf-8") == "kept"
    assert not [p for p in plain.directory.parent.iterdir() if p.name.startswith("unpacking-")]


def test_an_anchor_without_its_gods_switch_is_refused(tmp_path: Path) -> None:
    git_dir = make_anchor_repository(tmp_path / "anchor", constants="NB_GODS = 3\n")
    with pytest.raises(AnchorSetupError, match="expected one 'NB_GODS = 11'"):
        unpack(git_dir, tmp_path / "cache", gods=False)
    assert not list((tmp_path / "cache").rglob("SantoriniConstants.py"))


def test_a_folder_that_is_not_a_git_directory_says_how_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(AnchorSetupError, match="fetch github:cestpasphoto/alpha-zero-general"):
        unpack(tmp_path, tmp_path / "cache", gods=True)


def test_a_proposed_turn_is_the_legal_turn_with_its_result_and_winner() -> None:
    legal = turns_json(position_from_json(START))["turns"]
    winning = next(turn for turn in legal if turn["winner"] == "A")
    found = legal_turn(legal, Proposal(["c3-d2"], winning["result"], "A"), "the anchor", START)
    assert found == winning
    quiet = next(turn for turn in legal if turn["winner"] is None)
    claimed = Proposal(quiet["actions"], quiet["result"], "A")
    with pytest.raises(IllegalTurnError, match="a winner our rules do not give"):
        legal_turn(legal, claimed, "the anchor", START)


def test_an_illegal_turn_stops_with_the_position_and_the_turn() -> None:
    legal = turns_json(position_from_json(START))["turns"]
    teleport = {**START, "workers": {"A": ["e3", "a1"], "B": ["e1", "e5"]}, "to_move": "B"}
    with pytest.raises(IllegalTurnError, match=r"the engine played c3-e3 \(no legal turn"):
        legal_turn(legal, Proposal(["c3-e3"], teleport, None), "the engine", START)


def test_our_side_asks_the_santorini_hw_command() -> None:
    rules = RulesCommand(default_executable())
    turns = rules.legal_turns(START)
    assert turns == turns_json(position_from_json(START))["turns"]
    move = rules.best(START, nodes=50, seed=1)
    assert move.turn is not None and move.turn["winner"] == "A"
    assert move.nodes <= 50 and move.seconds > 0
    keys = {position_key(turn["result"]) for turn in turns}
    assert position_key(move.turn["result"]) in keys


def test_the_in_process_side_answers_as_the_command_does() -> None:
    command, in_process = RulesCommand(default_executable()), InProcessRules()
    midgame = {**START, "workers": {"A": ["b2", "c4"], "B": ["d4", "e5"]}, "heights": {"c3": 1}}
    assert in_process.legal_turns(midgame) == command.legal_turns(midgame)
    for seed in (1, 2):
        ours, theirs = (
            in_process.best(midgame, nodes=300, seed=seed),
            command.best(midgame, nodes=300, seed=seed),
        )
        assert ours.turn == theirs.turn and ours.nodes == theirs.nodes


def test_the_in_process_side_can_search_with_the_move_prior() -> None:
    midgame = {
        **START,
        "workers": {"A": ["b2", "c4"], "B": ["d4", "e5"]},
        "heights": {"c3": 1, "b3": 1, "d3": 2},
        "gods": {"A": "Demeter", "B": "Artemis"},
    }
    with_prior = InProcessRules(prior_keep=6).best(midgame, nodes=900, seed=3)
    expected = best_turn(position_from_json(midgame), node_budget=900, seed=3, prior_keep=6)
    assert with_prior.nodes == expected.nodes
    assert with_prior.turn == result_json(expected)["turn"]


def test_the_prior_is_offered_only_in_process() -> None:
    bench = Path(__file__).resolve().parents[2] / "bench" / "anchor.py"
    argv = [sys.executable, str(bench), "--anchor-git", "x", "--prior-keep", "12"]
    refused = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert refused.returncode == 2
    assert "--prior-keep needs --in-process" in refused.stderr


def test_the_tally_counts_the_engines_wins_by_each_sides_god() -> None:
    tally = Tally()
    tally.count(True, {"engine": "Atlas", "anchor": "Pan"})
    tally.count(False, {"engine": "Pan", "anchor": "Atlas"})
    tally.count(False, {"engine": "Atlas", "anchor": "Apollo"})
    tally.count(True, {})  # a game without gods counts only in the total
    assert (tally.wins, tally.losses) == (2, 2)
    assert tally.by_god_lines() == [
        "  engine's wins, the engine holding: Atlas 1 of 2, Pan 0 of 1",
        "  engine's wins, the anchor holding: Apollo 0 of 1, Atlas 0 of 1, Pan 1 of 1",
    ]
    assert Tally().by_god_lines() == []
