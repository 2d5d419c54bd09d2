"""The sync state kept in the local store (no PostgreSQL client needed to read it: ``status``).

One JSON value under :data:`STATE_KEY`: ``{server, user, last_sync, watermark}``. It is written in
the same local transaction as each page, so the watermark never runs ahead of what is stored.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, cast

import duckdb

from core.store.db import Store, now

STATE_KEY = "central"


@dataclass(frozen=True)
class Watermark:
    """The last record committed locally, in keyset order ``(updated_at, section_tipo, section_id)``."""

    updated_at: datetime
    section_tipo: str
    section_id: int

    def to_json(self) -> list[object]:
        """``[iso timestamp, section_tipo, section_id]``."""
        return [self.updated_at.isoformat(), self.section_tipo, self.section_id]

    def key(self) -> tuple[datetime, str, int]:
        """The keyset position, as the server's queries take it."""
        return (self.updated_at, self.section_tipo, self.section_id)


ORIGIN = Watermark(datetime(1970, 1, 1, tzinfo=timezone.utc), "", -1)  # before every record


def read_state(store: Store) -> dict[str, Any] | None:
    """``{server, user, last_sync, watermark}`` of the last sync, if any."""
    row = store.cursor().execute("SELECT value FROM sync_state WHERE key = ?", [STATE_KEY]).fetchone()
    return cast(dict[str, Any], json.loads(row[0])) if row and row[0] else None


def resume_state(store: Store, server: str, user: str) -> tuple[dict[str, Any], Watermark]:
    """The state a sync from ``server`` as ``user`` starts from, and the watermark it resumes after."""
    state = read_state(store)
    if not state or state.get("server") != server or state.get("user") != user:
        # another server or user: start from the beginning (the keys comparison removes the rest)
        state = {"server": server, "user": user, "last_sync": None, "watermark": None}
    mark = state.get("watermark")
    return state, (Watermark(datetime.fromisoformat(mark[0]), str(mark[1]), int(mark[2])) if mark else ORIGIN)


def state_step(state: dict[str, Any]) -> Callable[[duckdb.DuckDBPyConnection], None]:
    """A bookkeeping step that saves ``state`` inside the transaction it is given to."""
    def step(cur: duckdb.DuckDBPyConnection) -> None:
        cur.execute("INSERT INTO sync_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                    "SET value = excluded.value, updated_at = excluded.updated_at",
                    [STATE_KEY, json.dumps(state), now()])
    return step
