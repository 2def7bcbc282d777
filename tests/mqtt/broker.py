"""A real Mosquitto broker for the tests (Debian's, installed by `python3 dev.py test`), and
a recording MQTT client: any MQTT client, as a club's scoreboard or a home hub would be.

The broker listens on a free port of 127.0.0.1 with a config written into its own
folder (under the test's `tmp_path`); `stop` ends it and removes the folder. It keeps no
persistence, like a broker restarted from scratch.
"""

from __future__ import annotations

import getpass
import json
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as paho

MOSQUITTO = "/usr/sbin/mosquitto"
MOSQUITTO_PASSWD = "/usr/bin/mosquitto_passwd"
TIMEOUT = 30.0
"""Generous: a loaded machine may be slow; nothing here asserts on timing."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(condition: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class Mosquitto:
    def __init__(
        self,
        directory: Path,
        users: dict[str, str] | None = None,
        tls: bool = False,
        acl: str | None = None,
    ) -> None:
        self.directory = directory
        self.users = users
        self.acl = acl
        """An ACL file's text (with `users`): what each account may read and write."""
        self.port = free_port()
        self.tls_port = free_port() if tls else None
        """A second listener, TLS with a certificate of `ca_file`'s test CA for 127.0.0.1."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def ca_file(self) -> Path:
        return self.directory / "ca.pem"

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> Mosquitto:
        self.directory.mkdir(parents=True, exist_ok=True)
        lines = [
            f"listener {self.port} 127.0.0.1",
            f"user {getpass.getuser()}",  # as root it would switch to `mosquitto`
            "persistence false",
            f"log_dest file {self.directory / 'mosquitto.log'}",
            "log_type all",
        ]
        if self.tls_port is not None:
            if not self.ca_file.exists():
                self._certificates()
            lines += [
                f"listener {self.tls_port} 127.0.0.1",
                f"cafile {self.ca_file}",
                f"certfile {self.directory / 'server.pem'}",
                f"keyfile {self.directory / 'server.key'}",
            ]
        if self.users is None:
            lines.append("allow_anonymous true")
        else:
            passwords = self.directory / "passwords"
            passwords.write_text("".join(f"{u}:{p}\n" for u, p in self.users.items()))
            passwords.chmod(0o600)
            subprocess.run([MOSQUITTO_PASSWD, "-U", str(passwords)], check=True)
            lines += ["allow_anonymous false", f"password_file {passwords}"]
        if self.acl is not None:
            acl = self.directory / "acl"
            acl.write_text(self.acl)
            lines.append(f"acl_file {acl}")
        config = self.directory / "mosquitto.conf"
        config.write_text("\n".join(lines) + "\n")
        with (self.directory / "stderr.log").open("ab") as stderr:  # its warnings as root
            self.process = subprocess.Popen([MOSQUITTO, "-c", str(config)], stderr=stderr)
        wait_for(self._listening, "mosquitto to listen")
        return self

    def _certificates(self) -> None:
        """A test CA, and the broker's certificate for 127.0.0.1 signed by it (openssl)."""
        d = self.directory
        (d / "san.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
        for command in (
            f"req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=test-club-CA "
            f"-keyout {d}/ca.key -out {d}/ca.pem",
            f"req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout {d}/server.key "
            f"-out {d}/server.csr",
            f"x509 -req -in {d}/server.csr -CA {d}/ca.pem -CAkey {d}/ca.key -CAcreateserial "
            f"-days 2 -extfile {d}/san.cnf -out {d}/server.pem",
        ):
            subprocess.run(["openssl", *command.split()], check=True, capture_output=True)

    def _listening(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"mosquitto exited: {self.log()}")
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def log(self) -> str:
        paths = (self.directory / "stderr.log", self.directory / "mosquitto.log")
        return "".join(path.read_text(errors="replace") for path in paths if path.exists())

    def kill(self) -> None:
        """Gone at once, as in a crash or a pulled plug (retained messages lost)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


@dataclass(frozen=True)
class Received:
    topic: str
    payload: str
    qos: int
    retain: bool
    at: float = field(default=0.0, compare=False)
    """`time.perf_counter()` when it arrived (for bench/daemon.py)."""

    def json(self) -> Any:
        return json.loads(self.payload)


class Recorder:
    """A subscriber that keeps every message (paho's network thread), reconnecting."""

    def __init__(self, port: int, topics: tuple[str, ...] = ("#",), **login: str) -> None:
        self.messages: list[Received] = []
        self._lock = threading.Lock()
        self._topics = topics
        self.client = paho.Client(paho.CallbackAPIVersion.VERSION2)
        if login:
            self.client.username_pw_set(login["username"], login["password"])
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.reconnect_delay_set(0.1, 0.5)
        self.subscribed = 0
        self.client.on_subscribe = self._on_subscribe
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        wait_for(lambda: self.subscribed > 0, "the recorder's subscription")

    def _on_connect(self, client: paho.Client, *_: Any) -> None:
        client.subscribe([(topic, 1) for topic in self._topics])

    def _on_subscribe(self, *_: Any) -> None:
        self.subscribed += 1

    def _on_message(self, client: paho.Client, userdata: Any, message: paho.MQTTMessage) -> None:
        received = Received(
            message.topic,
            message.payload.decode(),
            message.qos,
            bool(message.retain),
            time.perf_counter(),
        )
        with self._lock:
            self.messages.append(received)

    def on(self, topic: str) -> list[Received]:
        with self._lock:
            return [m for m in self.messages if m.topic == topic]

    def last(self, topic: str) -> Received | None:
        found = self.on(topic)
        return found[-1] if found else None

    def wait(self, condition: Callable[[Recorder], bool], what: str) -> None:
        wait_for(lambda: condition(self), what)

    def publish(self, topic: str, payload: str, retain: bool = False) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(TIMEOUT)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()
