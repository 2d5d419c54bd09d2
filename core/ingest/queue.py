"""The persistent index queue: dirty markers with claims, a TTL and retry back-off.

A marker is written before any work and deleted in the same transaction that
commits the work, so a ``kill -9`` at any point leaves either the old state
plus a marker (redo) or the new state without one (done). Claims name their
process; a claim whose process is gone, or older than the TTL, is taken over.
"""

from __future__ import annotations

import json
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import duckdb

from core.ingest.options import FileOptions
from core.platform_support import pid_alive
from core.store.db import Store, now

__all__ = ["now"]  # re-exported: the queue's callers stamp times with it


def new_claimant() -> str:
    """Identity of this worker: host, pid and a nonce."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _claimant_alive(claimant: str) -> bool:
    try:
        host, pid, _ = claimant.split(":", 2)
        if host != socket.gethostname():
            return True  # cannot tell; the TTL decides
        return pid_alive(int(pid))
    except ValueError:
        return False


@dataclass
class QueueItem:
    """One claimed marker."""

    path: str
    root: str | None
    options: FileOptions
    attempts: int


def enqueue(cur: duckdb.DuckDBPyConnection, path: str, root: str | None, options: FileOptions) -> None:
    """Mark a source dirty (idempotent; keeps the attempt count of an existing marker)."""
    cur.execute("""
        INSERT INTO index_queue (path, root, options, enqueued_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (path) DO UPDATE SET options = excluded.options, root = excluded.root
    """, [path, root, json.dumps(options.to_json()), now()])


def enqueue_many(cur: duckdb.DuckDBPyConnection, marks: list[tuple[str, str | None, FileOptions]]) -> None:
    """:func:`enqueue` for many files in one statement (one per file cost ~3 ms at scan).

    Each file keeps its own enqueue time, in the given order, so claims come in the same order.
    """
    rows: dict[str, tuple[str | None, str, Any]] = {}
    for path, root, options in marks:  # one INSERT may not touch a key twice: the last options win
        stamp = rows[path][2] if path in rows else now()
        rows[path] = (root, json.dumps(options.to_json()), stamp)
    if not rows:
        return
    cur.execute("""
        INSERT INTO index_queue (path, root, options, enqueued_at)
        SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[])::JSON, unnest(?::TIMESTAMP[])
        ON CONFLICT (path) DO UPDATE SET options = excluded.options, root = excluded.root
    """, [list(rows), [r[0] for r in rows.values()], [r[1] for r in rows.values()], [r[2] for r in rows.values()]])


def claim(store: Store, claimant: str, ttl_s: int, paths: set[str] | None = None,
          exclude: set[str] | frozenset[str] = frozenset()) -> QueueItem | None:
    """Claim the next ready marker (optionally only among ``paths``, never one in ``exclude`` —
    those this claimant already holds in its current batch); None when none is ready."""
    items = claim_many(store, claimant, ttl_s, 1, paths=paths, exclude=exclude)
    return items[0] if items else None


def claim_many(store: Store, claimant: str, ttl_s: int, n: int, paths: set[str] | None = None,
               exclude: set[str] | frozenset[str] = frozenset()) -> list[QueueItem]:
    """Claim up to ``n`` ready markers in one transaction (one scan of the queue, not one per file)."""
    t = now()
    out: list[QueueItem] = []
    with store.transaction() as cur:
        rows = cur.execute("""
            SELECT path, root, options, attempts, claimed_by, claimed_at FROM index_queue
            WHERE (next_attempt_at IS NULL OR next_attempt_at <= ?)
            ORDER BY enqueued_at, path
        """, [t]).fetchall()
        for path, root, options, attempts, claimed_by, claimed_at in rows:
            if len(out) >= n:
                break
            if (paths is not None and path not in paths) or path in exclude:
                continue
            if claimed_by and claimed_by != claimant:
                expired = claimed_at is None or claimed_at < t - timedelta(seconds=ttl_s)
                if not expired and _claimant_alive(claimed_by):
                    continue
            out.append(QueueItem(path, root, FileOptions.from_json(options), attempts + 1))
        if out:
            cur.executemany("UPDATE index_queue SET claimed_by = ?, claimed_at = ?, attempts = attempts + 1 "
                            "WHERE path = ?", [[claimant, t, it.path] for it in out])
    return out


def release(store: Store, path: str) -> None:
    """Give a claim back untouched (cancellation): the marker stays for the next run."""
    with store.transaction() as cur:
        cur.execute("UPDATE index_queue SET claimed_by = NULL, claimed_at = NULL, "
                    "attempts = greatest(attempts - 1, 0) WHERE path = ?", [path])


def retry_later(store: Store, path: str, error: str, delay_s: float) -> None:
    """Keep the marker for a later attempt after an unexpected failure."""
    with store.transaction() as cur:
        cur.execute("UPDATE index_queue SET claimed_by = NULL, claimed_at = NULL, last_error = ?, "
                    "next_attempt_at = ? WHERE path = ?", [error, now() + timedelta(seconds=delay_s), path])


def done(cur: duckdb.DuckDBPyConnection, path: str) -> None:
    """Delete the marker, inside the transaction that commits the work."""
    cur.execute("DELETE FROM index_queue WHERE path = ?", [path])


def pending(store: Store) -> int:
    """Markers waiting (claimed or not)."""
    row = store.cursor().execute("SELECT count(*) FROM index_queue").fetchone()
    return int(row[0]) if row else 0
