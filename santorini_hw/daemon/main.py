"""The daemon: the board, the journal and the API in one asyncio loop, under systemd.

`serve(settings)` opens the journal and the token, builds the board (the hardware in
the config, or the simulator), restores the unfinished game, and runs the board's
tasks beside an embedded uvicorn until SIGTERM or SIGINT. uvicorn's own signal
handling is switched off (it would re-raise the signal after shutdown and kill the
process before the `finally` blocks run): the loop's handlers stop the API, then the
board (pixels dark, serial port closed), then close the journal, and `run` returns 0.

systemd hears READY once the API listens, STATUS lines, WATCHDOG only while the board's
health check passes (scan loop and bridge link alive), and STOPPING.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import uvicorn

from santorini_hw.api import create_app
from santorini_hw.api.guard import BODY_LIMIT
from santorini_hw.clock import Clock, ManualClock, SystemClock
from santorini_hw.daemon.allocator import fix_mmap_threshold
from santorini_hw.daemon.board_link.link import BoardLink
from santorini_hw.daemon.board_link.pairing import pairing
from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.daemon.mqtt.config import mqtt_config
from santorini_hw.daemon.mqtt.link import MqttLink
from santorini_hw.daemon.mqtt.session import BrokerSession
from santorini_hw.daemon.private_files import private_database, private_directory
from santorini_hw.daemon.service import BoardService
from santorini_hw.daemon.settings import Settings, SettingsError, user_state_dir
from santorini_hw.daemon.systemd_notify import Notifier
from santorini_hw.daemon.token import TokenError, ensure_token
from santorini_hw.hardware.board import BoardHardware
from santorini_hw.hardware.config import load_hardware_config
from santorini_hw.store import EventKind, open_or_recover

_log = logging.getLogger(__name__)

SIM_BRIDGE_DIR = "sim-bridge"
"""The simulated bridge's port lives in this folder of the state directory."""
STATUS_EVERY = 10.0
"""Seconds between STATUS lines (and watchdog checks when systemd asks for none)."""


class EmbeddedServer(uvicorn.Server):
    """uvicorn without its signal handlers (the daemon owns SIGTERM and SIGINT) and
    without its ten wake-ups a second: its main loop refreshed the Date header and
    looked at `should_exit`; the API's guard stamps the Date and this one waits for
    `exit()`."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._exiting = asyncio.Event()

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield

    async def main_loop(self) -> None:
        await self._exiting.wait()

    def exit(self) -> None:
        """Stop serving: close the listeners, finish the connections, return from serve."""
        self.should_exit = True
        self._exiting.set()

    @property
    def port(self) -> int:
        """The port really bound (the one asked for, or the kernel's pick for 0)."""
        port: int = self.servers[0].sockets[0].getsockname()[1]
        return port


def run(settings: Settings) -> int:
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    os.umask(0o077)  # whatever the daemon creates (a recovered journal too) is its own
    try:
        asyncio.run(serve(settings))
    except SettingsError as error:
        print(f"error: bad setting: {error}", file=sys.stderr)
        return 2
    except TokenError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


async def serve(settings: Settings, notifier: Notifier | None = None) -> None:
    mqtt = mqtt_config(settings)  # a bad MQTT setting stops the start before anything runs
    paired = pairing(settings, mqtt)
    fix_mmap_threshold()  # memory stays flat over an evening of hints (issue 32)
    notifier = notifier or Notifier()
    private_directory(settings.state_dir)
    token = ensure_token(settings.token_file)
    private_database(settings.database)
    store, aside = open_or_recover(settings.database)
    try:
        store.append_event(EventKind.DAEMON_START, {"pid": os.getpid(), "sim": settings.simulated})
        async with _board(settings) as (hardware, sim, before_scan):
            service = BoardService(
                hardware,
                store,
                EventHub(settings.ws_queue),
                settings,
                before_scan=before_scan,
                sim=sim,
            )
            links: list[BrokerSession] = []
            if mqtt is not None:
                link = MqttLink(mqtt, service.hub, service.state, hardware.presses, hardware.holds)
                service.reports["mqtt"] = link.health
                links.append(link)
            if mqtt is not None and paired is not None:
                board_link = BoardLink(mqtt, paired, service, service.hub)
                service.reports["board_link"] = board_link.health
                links.append(board_link)
            await _run(service, settings, token, notifier, links)
        store.append_event(EventKind.DAEMON_STOP, {"pid": os.getpid()})
    finally:
        store.close()
        notifier.close()
    if aside is not None:
        _log.warning("the damaged journal was moved to %s", aside)


@contextlib.asynccontextmanager
async def _board(
    settings: Settings,
) -> AsyncIterator[tuple[BoardHardware, Any, Callable[[], None]]]:
    """The hardware of the config, or the simulator following real time."""
    config = load_hardware_config(settings.hardware_config)
    if not settings.simulated:
        async with BoardHardware(config, SystemClock()) as hardware:
            yield hardware, None, lambda: None
        return
    from sim.hardware import SimulatedHardware  # the simulator is only needed here

    clock = ManualClock()
    bridge_dir = str(settings.state_dir / SIM_BRIDGE_DIR)  # a killed run's is replaced
    async with SimulatedHardware(config, clock=clock, bridge_dir=bridge_dir) as sim:
        yield sim.hardware, sim, _follow_real_time(clock, SystemClock())


def _follow_real_time(clock: ManualClock, real: Clock) -> Callable[[], None]:
    """The simulator's timeline is a `ManualClock`: before each scan, move it to the
    real time elapsed since start, so debouncing and grace periods take real seconds."""
    start = real.monotonic() - clock.monotonic()

    def catch_up() -> None:
        clock.set(max(clock.monotonic(), real.monotonic() - start))

    return catch_up


async def _run(
    service: BoardService,
    settings: Settings,
    token: str,
    notifier: Notifier,
    links: list[BrokerSession],
) -> None:
    app = create_app(service, settings, token)
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        lifespan="off",
        log_level="warning",
        access_log=False,
        date_header=False,  # the guard stamps it (see EmbeddedServer)
        ws_max_size=BODY_LIMIT,
    )
    server = EmbeddedServer(config)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    try:
        async with asyncio.TaskGroup() as tasks:
            board = tasks.create_task(service.run())
            api = tasks.create_task(server.serve())
            health = tasks.create_task(_health(service, server, settings, notifier))
            brokers = [tasks.create_task(link.run()) for link in links]
            await stop.wait()
            notifier.stopping("stopping")
            service.hub.close()  # WebSocket handlers end, so uvicorn need not wait on them
            server.exit()
            await api
            board.cancel()
            health.cancel()
            for broker in brokers:
                broker.cancel()  # the MQTT link says offline on the way out
    finally:
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(number)


async def _health(
    service: BoardService, server: EmbeddedServer, settings: Settings, notifier: Notifier
) -> None:
    while not server.started:
        await asyncio.sleep(0.02)
    url = f"http://{settings.host}:{server.port}/"
    print(f"santorini-hw: serving {url} (state in {settings.state_dir})", flush=True)
    notifier.ready(f"serving {url}")
    interval = min(notifier.watchdog_interval or STATUS_EVERY, STATUS_EVERY)
    while True:
        if service.alive():
            notifier.watchdog()
        else:
            _log.warning("health check failed: not feeding the watchdog")
        notifier.status(_status(service))
        await asyncio.sleep(interval)


def _status(service: BoardService) -> str:
    game = service.game
    bridge = service.hardware.scanner.bridge.state.value
    error = " - board error" if service.referee.error is not None else ""
    if service.menu is not None:
        return f"game {service.game_id}: the board is a menu; bridge {bridge}{error}"
    return (
        f"game {service.game_id}: {game.phase.value}, {game.player} to play; bridge {bridge}{error}"
    )


def main_token(settings: Settings, look_further: bool = False) -> int:
    """`santorini-hw token`: the write token (generated if the daemon never ran). With
    `look_further` (no --state-dir given), when the configured folder has no token but
    the user's state folder has one (where `python3 dev.py run` keeps the daemon's), that
    one is printed, and where it came from goes to stderr."""
    path = settings.token_file
    theirs = user_state_dir(os.environ) / "token"
    if look_further and not path.exists() and theirs.exists():
        print(f"(no token in {path.parent}: this is the one in {theirs.parent})", file=sys.stderr)
        path = theirs
    try:
        print(ensure_token(path))
    except OSError as error:
        print(f"error: {path}: {error.strerror}", file=sys.stderr)
        return 1
    except TokenError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0
