"""Player names: a small safe set, so a name is plain text everywhere it is shown.

ASCII letters, digits, space, ``-``, ``_`` and ``.``; 1 to 16 characters; no space at
either end (a record line is trimmed). Nothing in the set is markup, a quote or a
separator of the record's notation.

>>> check_player_name("Ann Lee")
'Ann Lee'
>>> check_player_name("<b>")
Traceback (most recent call last):
...
ValueError: '<b>': 1-16 letters, digits, spaces, '-', '_' or '.' (no space at either end)
"""

from __future__ import annotations

import re

PLAYER_NAME_PATTERN = r"^[A-Za-z0-9_.\-]([A-Za-z0-9 _.\-]{0,14}[A-Za-z0-9_.\-])?$"
_NAME = re.compile(PLAYER_NAME_PATTERN)
RULE = "1-16 letters, digits, spaces, '-', '_' or '.' (no space at either end)"


def check_player_name(name: str) -> str:
    """`name` if it is in the safe set; ValueError (quoting at most 20 characters) if not."""
    if not _NAME.fullmatch(name):
        shown = name[:20].encode("utf-8", "backslashreplace").decode("utf-8")
        raise ValueError(f"{shown!r}: {RULE}")
    return name
