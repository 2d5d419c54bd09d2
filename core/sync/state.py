"""The sync state kept in the local store (no PostgreSQL client needed to read it: ``status``)."""

from __future__ import annotations

import json
from typing import Any, cast

from core.store.db import Store

STATE_KEY = "central"


def read_state(store: Store) -> dict[str, Any] | None:
    """``{server, user, last_sync, watermark}`` of the last sync, if any."""
    row = store.cursor().execute("SELECT value FROM sync_state WHERE key = ?", [STATE_KEY]).fetchone()
    return cast(dict[str, Any], json.loads(row[0])) if row and row[0] else None
