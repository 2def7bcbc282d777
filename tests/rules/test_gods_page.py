"""The gods page shows exactly the sentences of `gods.POWERS`, for all thirty gods."""

from __future__ import annotations

import re
from pathlib import Path

from santorini_hw.rules.gods import POWERS, God

PAGE = Path(__file__).resolve().parents[2] / "docs" / "play" / "gods.md"


def test_the_gods_page_lists_every_god_with_its_sentence_from_the_code() -> None:
    listed = dict(re.findall(r"^- \*\*(\w+)\*\*: (.+)$", PAGE.read_text(), flags=re.MULTILINE))
    assert listed == {god.value: POWERS[god] for god in God}
    assert len(listed) == 30
