"""The API's write token: generated once into a file only its owner can read.

Every write request must carry it as ``Authorization: Bearer TOKEN``; `santorini-hw token`
prints it. The file is created with mode 0600 atomically (O_EXCL), so a token is never
readable by others, not even for an instant.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def ensure_token(path: Path) -> str:
    """The token in `path`, generating it first when the file does not exist."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return read_token(path)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        token = secrets.token_urlsafe(32)
        file.write(token + "\n")
        file.flush()
        os.fsync(file.fileno())
    return token


def read_token(path: Path) -> str:
    token = path.read_text(encoding="ascii").strip()
    if not token:
        raise ValueError(f"{path} is empty: delete it to have a new token generated")
    return token
