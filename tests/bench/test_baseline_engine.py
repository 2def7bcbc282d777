"""The earlier engine of `bench/strength.py --vs-baseline`: which gods it can be dealt."""

from __future__ import annotations

from bench.baseline_engine import knows_advanced_gods

BEFORE_ADVANCED_GODS = "f4b43e9~1"
"""The commit before the advanced gods' turn rules came in (f4b43e9)."""


def test_a_commit_before_the_advanced_gods_is_dealt_only_the_simple_ones() -> None:
    assert not knows_advanced_gods(BEFORE_ADVANCED_GODS)


def test_todays_commit_knows_the_advanced_gods() -> None:
    assert knows_advanced_gods("HEAD")
