"""The API's write token: generated once into a file only its owner can read.

Every write request must carry it as ``Authorization: Bearer TOKEN``; `santorini-hw token`
prints it. The file is created with mode 0600 atomically (O_EXCL), so a token is never
readable by others, not even for an instant. An existing file that others may read is
made 0600 (with a warning: the token may have been read, delete the file for a new one);
one the daemon cannot fix is refused.
"""

from __future__ import annotations

import logging
import os
import secrets
import stat
from pathlib import Path

_log = logging.getLogger(__name__)


class TokenError(ValueError):
    """The token file cannot be used (the message says why and what to do)."""


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
    _private(path)
    token = path.read_text(encoding="ascii").strip()
    if not token:
        raise TokenError(f"{path} is empty: delete it to have a new token generated")
    return token


def _private(path: Path) -> None:
    mode = stat.S_IMODE(path.stat().st_mode)
    if not mode & 0o077:
        return
    try:
        path.chmod(0o600)
    except OSError as error:
        raise TokenError(
            f"{path} is readable by others (mode {mode:o}) and cannot be made private "
            f"({error.strerror}): chmod 600 it, or delete it for a new token"
        ) from None
    _log.warning(
        "%s was readable by others (mode %o): made it 0600; delete it for a new token", path, mode
    )
