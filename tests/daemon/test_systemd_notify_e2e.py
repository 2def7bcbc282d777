"""The daemon under systemd's eyes: READY once it serves, WATCHDOG while the board is
alive, STOPPING on SIGTERM — datagrams on a real NOTIFY_SOCKET."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from tests.daemon.harness import WAIT_TIMEOUT, Daemon


def receive_until(sock: socket.socket, wanted: str, seen: list[str]) -> None:
    deadline = time.monotonic() + WAIT_TIMEOUT
    while not any(wanted in message for message in seen):
        sock.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            seen.append(sock.recv(4096).decode())
        except TimeoutError:
            raise AssertionError(f"no {wanted} from the daemon; got {seen}") from None


def test_ready_watchdog_and_stopping_reach_systemd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        monkeypatch.setenv("NOTIFY_SOCKET", path)
        monkeypatch.setenv("WATCHDOG_USEC", "2000000")  # no WATCHDOG_PID: meant for the child
        monkeypatch.delenv("WATCHDOG_PID", raising=False)
        daemon = Daemon(tmp_path / "state")
        try:
            daemon.start()
            seen: list[str] = []
            receive_until(sock, "READY=1", seen)
            receive_until(sock, "WATCHDOG=1", seen)
            assert daemon.stop() == 0
            receive_until(sock, "STOPPING=1", seen)
        finally:
            daemon.close()
    assert any(message.startswith("STATUS=") for message in seen)
