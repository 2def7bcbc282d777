"""The local API (FastAPI), the event WebSocket and the monitoring page."""

from santorini_hw.api.app import create_app

__all__ = ["create_app"]
