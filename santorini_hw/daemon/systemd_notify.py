"""Tell systemd how the daemon is doing (sd_notify), without libsystemd or a library.

The protocol is one datagram of ``KEY=value`` lines to the Unix socket named by
``NOTIFY_SOCKET`` (a leading ``@`` means the abstract namespace). Outside systemd the
variable is unset and every call does nothing, so the daemon runs the same in a terminal.

>>> notifier = Notifier(environ={})
>>> notifier.enabled, notifier.ready("up"), notifier.watchdog_interval
(False, False, None)
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

from santorini_hw.closing import Closing

_log = logging.getLogger(__name__)


class Notifier(Closing):
    """One connection to the service manager: ready, status, watchdog and stopping."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self.watchdog_timeout = _watchdog_timeout(env)
        """Seconds without a ``WATCHDOG=1`` after which systemd kills the service, or None."""
        self._socket: socket.socket | None = None

    @property
    def enabled(self) -> bool:
        return self.address is not None

    @property
    def watchdog_interval(self) -> float | None:
        """How often to send ``WATCHDOG=1``: half the timeout, as systemd recommends."""
        return None if self.watchdog_timeout is None else self.watchdog_timeout / 2

    def ready(self, status: str | None = None) -> bool:
        """Start-up is complete (``Type=notify`` units are "started" only now)."""
        return self.send("READY=1", *_status(status))

    def status(self, text: str) -> bool:
        """A one-line state shown by ``systemctl status``."""
        return self.send(*_status(text))

    def watchdog(self) -> bool:
        """Still alive: resets the ``WatchdogSec`` timer."""
        return self.send("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        """Shutdown has begun (so a slow stop is not mistaken for a hang)."""
        return self.send("STOPPING=1", *_status(status))

    def send(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines; False when not under systemd or the send failed.

        A failed send is logged, never raised: losing a status line must not stop the board.
        """
        if self.address is None:
            return False
        try:
            if self._socket is None:
                self._socket = socket.socket(
                    socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC
                )
            self._socket.sendto("\n".join(assignments).encode(), self.address)
        except OSError as error:
            _log.warning("sd_notify to %r failed: %s", self.address, error)
            return False
        return True

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None


def _socket_address(value: str) -> str | None:
    """A filesystem path, or ``@name`` for the abstract namespace (sent as ``\\0name``)."""
    if value.startswith("/"):
        return value
    if value.startswith("@"):
        return "\0" + value[1:]
    if value:
        _log.warning("NOTIFY_SOCKET=%r is not a Unix socket address: not notifying", value)
    return None


def _watchdog_timeout(env: Mapping[str, str]) -> float | None:
    """``WATCHDOG_USEC`` in seconds, if it is meant for this process (``WATCHDOG_PID``)."""
    pid = env.get("WATCHDOG_PID")
    if pid is not None and pid != str(os.getpid()):
        return None
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 1_000_000 if usec > 0 else None


def _status(text: str | None) -> tuple[str, ...]:
    """``STATUS=...`` on one line (a newline would start another assignment)."""
    return () if text is None else ("STATUS=" + " ".join(text.splitlines()),)
