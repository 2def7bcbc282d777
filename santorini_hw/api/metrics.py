"""Prometheus text exposition of the daemon's counters (no client library needed)."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import asdict
from typing import TYPE_CHECKING

from santorini_hw.daemon.event_hub import EventHub
from santorini_hw.sensing.bridge_session import BridgeState

if TYPE_CHECKING:
    from santorini_hw.daemon.service import BoardService

_PREFIX = "santorini_"


def metrics_text(service: BoardService, hub: EventHub, requests: int) -> str:
    bridge = service.hardware.scanner.bridge
    lines: list[str] = []

    def metric(name: str, kind: str, value: float, labels: str = "") -> None:
        full = _PREFIX + name
        if not any(line.startswith(f"# TYPE {full} ") for line in lines):
            lines.append(f"# TYPE {full} {kind}")
        lines.append(f"{full}{labels} {value}")

    for name, value in service.counters.items():
        metric(f"{name}_total", "counter", value)
    for kind, count in sorted(service.event_counts.items()):
        metric("referee_events_total", "counter", count, f'{{kind="{kind}"}}')
    metric("hint_searches_total", "counter", service.hints.searches)
    metric("hint_requests_joined_total", "counter", service.hints.joined)
    metric("hint_failures_total", "counter", service.hints.failures)
    metric("hint_table_entries", "gauge", service.hint_table_entries)
    metric("http_requests_total", "counter", requests)
    metric("websocket_clients", "gauge", hub.clients)
    metric("websocket_dropped_clients_total", "counter", hub.dropped_clients)
    metric("websocket_messages_total", "counter", hub.published)
    metric("bridge_connected", "gauge", int(bridge.state is BridgeState.CONNECTED))
    for name, value in asdict(bridge.counters).items():
        metric(f"bridge_{name}_total", "counter", value)
    metric("board_error", "gauge", int(service.referee.error is not None))
    metric("alive", "gauge", int(service.alive()))
    metric("asyncio_tasks", "gauge", len(asyncio.all_tasks()))
    metric("python_allocated_blocks", "gauge", sys.getallocatedblocks())  # growth: a leak
    for link, report in service.reports.items():
        for key, value in report().items():
            if isinstance(value, int | float):  # bools too: 0 or 1
                kind = "counter" if key.endswith("_total") else "gauge"
                metric(f"{link}_{key}", kind, int(value) if isinstance(value, bool) else value)
    return "\n".join(lines) + "\n"
