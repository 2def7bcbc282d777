"""Invitations to remote seats: one secret token per seat, kept only as its hash.

The owner invites someone to a remote seat (`invite`): the token goes to them once and
is never kept, logged or shown again; the daemon keeps its SHA-256 (journalled with the
game, so a restart keeps the invitation, a new game drops it). A request names its
token; `seat_of` says whose seat it opens, comparing against every seat's hash in
constant time (no early answer for a near miss).

>>> tokens = SeatTokens()
>>> token = tokens.invite("B")
>>> tokens.seat_of(token), tokens.seat_of("guess"), "B" in tokens
('B', None, True)
>>> tokens.revoke("B"), tokens.seat_of(token)
(True, None)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

TOKEN_BYTES = 32
"""Random bytes in a seat token (43 URL-safe characters)."""


def token_hash(token: str) -> str:
    """The hex SHA-256 of a token: what is stored and compared."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class SeatTokens:
    """The invitations of one game, by player (see the module doc)."""

    def __init__(self, hashes: Mapping[str, str] | None = None) -> None:
        self._hashes = dict(hashes or {})

    @property
    def hashes(self) -> dict[str, str]:
        """Player -> token hash (what the journal keeps)."""
        return dict(self._hashes)

    def __contains__(self, player: object) -> bool:
        return player in self._hashes

    def invite(self, player: str) -> str:
        """A new token for `player`'s seat (the last one stops working)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._hashes[player] = token_hash(token)
        return token

    def revoke(self, player: str) -> bool:
        """`player`'s token stops working; False if there was none."""
        return self._hashes.pop(player, None) is not None

    def seat_of(self, token: str) -> str | None:
        """The seat `token` opens, or None; every stored hash is compared, in constant time."""
        given = token_hash(token)
        found = None
        for player, stored in self._hashes.items():
            if hmac.compare_digest(given, stored):
                found = player
        return found
