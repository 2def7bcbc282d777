"""SIGTERM with WebSocket clients connected, or connected once and gone, on a quiet board:
the daemon still stops cleanly (exit 0, `daemon_stop` journalled), and the clients gauge
follows the clients that are really there."""

from __future__ import annotations

import json
import signal
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from santorini_hw.store import Store
from tests.daemon.harness import SETUP, WAIT_TIMEOUT, Daemon


def _quiet(daemon: Daemon) -> None:
    """Setup done: the lights hold a steady scene, so no message comes unasked."""
    daemon.place_workers(SETUP)


def _client(daemon: Daemon) -> ClientConnection:
    socket = connect(daemon.url.replace("http://", "ws://") + "/api/events", legacy=True)
    assert json.loads(socket.recv(timeout=WAIT_TIMEOUT))["type"] == "state"
    return socket


def _clients_gauge(daemon: Daemon) -> int:
    for line in daemon.http.get("/metrics").text.splitlines():
        if line.startswith("santorini_websocket_clients "):
            return int(float(line.split()[1]))
    raise AssertionError("no santorini_websocket_clients gauge")


def _wait_gauge(daemon: Daemon, count: int) -> None:
    deadline = time.monotonic() + WAIT_TIMEOUT
    while _clients_gauge(daemon) != count:
        assert time.monotonic() < deadline, f"the clients gauge never came to {count}"
        time.sleep(0.05)


def _journal_ends_with_daemon_stop(daemon: Daemon) -> None:
    with Store.open(daemon.state_dir / "games.sqlite3") as store:
        assert store.events()[-1].kind == "daemon_stop"
    _no_traceback(daemon)


def _no_traceback(daemon: Daemon) -> None:
    """Clients leaving is normal: nothing in the daemon's log about it."""
    assert "Traceback" not in "".join(daemon.output), "".join(daemon.output)


def test_clients_that_leave_are_no_longer_counted(daemon: Daemon) -> None:
    _quiet(daemon)
    sockets = [_client(daemon) for _ in range(3)]
    _wait_gauge(daemon, 3)
    for socket in sockets[:2]:
        socket.close()
    _wait_gauge(daemon, 1)
    sockets[2].close()
    _wait_gauge(daemon, 0)
    _no_traceback(daemon)


def test_sigterm_with_clients_gone_on_a_quiet_board(daemon: Daemon) -> None:
    _quiet(daemon)
    for _ in range(4):
        _client(daemon).close()
    assert daemon.stop(signal.SIGTERM) == 0
    _journal_ends_with_daemon_stop(daemon)


def test_sigterm_with_clients_connected_closes_them_and_exits_0(daemon: Daemon) -> None:
    _quiet(daemon)
    sockets = [_client(daemon) for _ in range(5)]
    _client(daemon).close()  # and one gone already
    _wait_gauge(daemon, 5)
    assert daemon.stop(signal.SIGTERM) == 0
    _journal_ends_with_daemon_stop(daemon)
    for socket in sockets:
        try:
            while True:
                socket.recv(timeout=WAIT_TIMEOUT)  # state and pixel messages until the close
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1001
        socket.close()
