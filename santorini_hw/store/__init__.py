"""Append-only SQLite journal of games and events; the daemon restores from it on start."""

from santorini_hw.store.journal import Store
from santorini_hw.store.records import (
    Entry,
    Evaluation,
    Event,
    EventKind,
    GameInfo,
    ReplayError,
    StoredGame,
    StoredMove,
)
from santorini_hw.store.recovery import open_or_recover, quarantine
from santorini_hw.store.schema import (
    SCHEMA_VERSION,
    CorruptStoreError,
    NewerSchemaError,
    StoreError,
    UnknownGameError,
)

__all__ = [
    "SCHEMA_VERSION",
    "CorruptStoreError",
    "Entry",
    "Evaluation",
    "Event",
    "EventKind",
    "GameInfo",
    "NewerSchemaError",
    "ReplayError",
    "Store",
    "StoreError",
    "StoredGame",
    "StoredMove",
    "UnknownGameError",
    "open_or_recover",
    "quarantine",
]
