"""One connection to the broker, kept up: what the MQTT link and the board link share.

`BrokerSession._connect_forever` runs the subclass's `_session` (one connection, from
connect to loss) again and again: a broker that is down, slow or refusing is retried
with a doubling delay (`Backoff`), and its trouble is said once in the log and kept in
`status` and `error` for /api/health. `connected` opens one client with the settings'
login and TLS.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import aiomqtt
from aiomqtt.exceptions import MqttConnectError  # a CONNACK refusal (not re-exported)

from santorini_hw.daemon.mqtt.config import MqttConfig
from santorini_hw.daemon.mqtt.messages import Message

_log = logging.getLogger(__name__)

FIRST_RETRY, LAST_RETRY = 0.5, 30.0
"""Seconds before reconnecting: doubling from the first to the last, reset by a connect."""
TIMEOUT = 10.0
"""Seconds a connect or an acknowledgement may take before the broker counts as gone."""
KEEPALIVE = 30


class Backoff:
    """Seconds to wait before each retry: `first`, doubling, never above `last`.

    >>> backoff = Backoff(0.5, 2.0)
    >>> [backoff.next() for _ in range(4)]
    [0.5, 1.0, 2.0, 2.0]
    """

    def __init__(self, first: float = FIRST_RETRY, last: float = LAST_RETRY) -> None:
        self.first, self.last = first, last
        self._delay = first

    def next(self) -> float:
        delay = self._delay
        self._delay = min(delay * 2, self.last)
        return delay

    def reset(self) -> None:
        self._delay = self.first


class BrokerSession:
    name = "MQTT"
    """How the log names this connection."""

    def __init__(
        self,
        config: MqttConfig,
        backoff: Backoff | None,
        sleep: Callable[[float], Awaitable[None]],
        timeout: float,
    ) -> None:
        self.config = config
        self._backoff = backoff or Backoff()
        self._sleep = sleep
        self._timeout = timeout
        self.status = "connecting"
        """connecting, connected, disconnected (lost or unreachable) or refused."""
        self.error: str | None = None
        self.counters = {"connects": 0, "failures": 0, "errors": 0}

    async def run(self) -> None:
        """The link's work, until cancelled."""
        raise NotImplementedError

    async def _session(self) -> None:
        """One connection, from connect until it is lost (MqttError, OSError)."""
        raise NotImplementedError

    def _guarded(self, step: Callable[[], None], failure: str) -> None:
        """A failure of one step is logged (`failure` says what it means) and counted:
        the link never takes the board down (its task shares the daemon's TaskGroup)."""
        try:
            step()
        except Exception:
            self.counters["errors"] += 1
            _log.exception("%s: %s", self.name, failure)

    async def _connect_forever(self) -> None:
        while True:
            try:
                await self._session()
            except* (aiomqtt.MqttError, OSError) as group:
                self._failed(group.exceptions[0])
            except* Exception as group:  # a bug of ours: said loudly, then retried
                _log.error("%s: the link failed", self.name, exc_info=group.exceptions[0])
                self._failed(group.exceptions[0])
            await self._sleep(self._backoff.next())

    def _connected(self) -> None:
        self._backoff.reset()
        self.counters["connects"] += 1
        config = self.config
        _log.info("%s: connected to %s as %s", self.name, config.broker.url, config.topics.prefix)
        self.status, self.error = "connected", None

    def _failed(self, error: BaseException) -> None:
        refused = isinstance(error, MqttConnectError)
        status = "refused" if refused else "disconnected"
        text = f"{self.config.broker.url}: {_describe(error)}"
        self.counters["failures"] += 1
        if (status, text) != (self.status, self.error):  # say it once, not every retry
            level = logging.ERROR if refused else logging.WARNING
            hint = " (check mqtt_credentials)" if refused else "; retrying"
            _log.log(level, "%s: broker %s%s", self.name, text, hint)
        self.status, self.error = status, text


@contextlib.asynccontextmanager
async def connected(
    config: MqttConfig, timeout: float, will: Message | None = None
) -> AsyncIterator[aiomqtt.Client]:
    """A client connected to the configured broker (its login, TLS and `will`), for one
    session: MqttError or OSError when it cannot connect or the connection drops."""
    last_will = (
        None if will is None else aiomqtt.Will(will.topic, will.payload, will.qos, will.retain)
    )
    client = aiomqtt.Client(
        config.broker.host,
        config.broker.port,
        username=config.username,
        password=config.password,
        will=last_will,
        tls_context=config.tls,
        timeout=timeout,
        keepalive=KEEPALIVE,
        logger=_log,
    )
    try:
        async with client:
            yield client
    finally:
        # aiomqtt leaves the socket of a connect that timed out open, and watched by
        # the loop: closed here (a no-op when paho closed it), or a silent broker
        # would cost a file descriptor per retry.
        client._client._sock_close()


def _describe(error: BaseException) -> str:
    if isinstance(error, MqttConnectError):
        return f"connection refused: {error}"
    text = str(error) or type(error).__name__
    cause = error.__cause__
    return text if cause is None else f"{text} ({_describe(cause)})"
