"""sd_notify: datagrams of KEY=value lines to NOTIFY_SOCKET, nothing at all outside systemd."""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from santorini_hw.daemon.systemd_notify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    """A service manager stand-in: a datagram socket bound in tmp_path."""
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as receiver:
        receiver.bind(str(path))
        receiver.settimeout(5)
        yield receiver, str(path)


def received(receiver: socket.socket) -> list[str]:
    return receiver.recv(4096).decode().split("\n")


def test_outside_systemd_nothing_is_sent_and_nothing_fails() -> None:
    with Notifier(environ={}) as notifier:
        assert not notifier.enabled
        assert not notifier.ready("up")
        assert not notifier.watchdog()
        assert notifier.watchdog_interval is None


def test_ready_with_a_status_is_one_datagram(listener: tuple[socket.socket, str]) -> None:
    receiver, path = listener
    with Notifier(environ={"NOTIFY_SOCKET": path}) as notifier:
        assert notifier.ready("board idle")
    assert received(receiver) == ["READY=1", "STATUS=board idle"]


def test_status_watchdog_and_stopping_each_send_their_line(
    listener: tuple[socket.socket, str],
) -> None:
    receiver, path = listener
    with Notifier(environ={"NOTIFY_SOCKET": path}) as notifier:
        assert notifier.status("bridge unplugged")
        assert notifier.watchdog()
        assert notifier.stopping()
    assert [received(receiver) for _ in range(3)] == [
        ["STATUS=bridge unplugged"],
        ["WATCHDOG=1"],
        ["STOPPING=1"],
    ]


def test_a_status_cannot_smuggle_in_another_assignment(
    listener: tuple[socket.socket, str],
) -> None:
    receiver, path = listener
    with Notifier(environ={"NOTIFY_SOCKET": path}) as notifier:
        notifier.status("error\nREADY=1")
    assert received(receiver) == ["STATUS=error READY=1"]


def test_an_at_sign_means_the_abstract_namespace() -> None:
    name = f"santorini-hw-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as receiver:
        receiver.bind("\0" + name)
        receiver.settimeout(5)
        with Notifier(environ={"NOTIFY_SOCKET": "@" + name}) as notifier:
            assert notifier.ready()
        assert received(receiver) == ["READY=1"]


def test_a_vanished_socket_is_logged_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        caplog.at_level(logging.WARNING),
        Notifier(environ={"NOTIFY_SOCKET": str(tmp_path / "gone")}) as notifier,
    ):
        assert not notifier.watchdog()
    assert "sd_notify" in caplog.text


def test_watchdog_interval_is_half_of_watchdog_usec() -> None:
    notifier = Notifier(environ={"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())})
    assert (notifier.watchdog_timeout, notifier.watchdog_interval) == (20.0, 10.0)


def test_a_watchdog_meant_for_another_process_is_ignored() -> None:
    notifier = Notifier(environ={"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"})
    assert notifier.watchdog_interval is None


@pytest.mark.parametrize("usec", ["", "0", "soon"])
def test_no_or_bad_watchdog_usec_means_no_watchdog(usec: str) -> None:
    assert Notifier(environ={"WATCHDOG_USEC": usec}).watchdog_interval is None


def test_an_address_that_is_no_unix_socket_disables_notifying() -> None:
    assert not Notifier(environ={"NOTIFY_SOCKET": "vsock:2:1234"}).enabled


def test_the_real_environment_is_read_by_default(
    listener: tuple[socket.socket, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    receiver, path = listener
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    with Notifier() as notifier:
        notifier.watchdog()
    assert received(receiver) == ["WATCHDOG=1"]
