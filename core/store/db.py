"""The local store: one DuckDB connection, a write lock, transactions and the generation counter.

Writes go through :meth:`Store.transaction` under one lock (a single writer,
docs/design.md §9); readers take their own cursor so they can run beside it.
"""

from __future__ import annotations

import gc
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

import duckdb

from core.errors import StoreError
from core.store.changes import stamp
from core.store.connection import connect
from core.store.migrations import migrate, schema_version


def now() -> datetime:
    """Naive UTC timestamp (DuckDB TIMESTAMP has no zone)."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Store:
    """An open store file (or an in-memory one when ``path`` is None)."""

    def __init__(self, path: Path | None, *, threads: int | None = None) -> None:
        self.path = path
        self._con = connect(path, threads=threads)
        self._write_lock = threading.RLock()
        self._closed = False
        self._cursors: weakref.WeakSet[duckdb.DuckDBPyConnection] = weakref.WeakSet()  # handed out, maybe in use
        self._readable = threading.Event()  # cleared while the file is swapped under the connection
        self._readable.set()
        # a cursor is made and counted, or the gate is closed, never both at once: without it a cursor made
        # between quiet()'s check and the swap kept the old file attached
        self._gate = threading.Lock()
        with self._write_lock:
            self.applied_migrations = migrate(self._con)

    # -- connections -------------------------------------------------------
    def cursor(self) -> duckdb.DuckDBPyConnection:
        """A cursor for reads on the calling thread (DuckDB cursors are per-thread)."""
        while True:
            self._readable.wait()
            with self._gate:
                if not self._readable.is_set():
                    continue  # quiet() closed the gate after the wait: wait for the swap to end
                if self._closed:
                    raise StoreError("the store is closed")
                cur = self._con.cursor()
                if self.path is not None:
                    cur.execute("USE store")  # cursors do not inherit the connection's default database
                self._cursors.add(cur)
                return cur

    @contextmanager
    def quiet(self, timeout_s: float = 30.0) -> Iterator[bool]:
        """No new cursor while inside; yields True once every cursor handed out is gone (a query still
        running on one keeps the attached file alive, and re-attaching its path would then fail), False
        if some outlived ``timeout_s``."""
        with self._gate:
            self._readable.clear()
        try:
            deadline = time.monotonic() + timeout_s
            while True:
                gc.collect()
                if not self._cursors or time.monotonic() > deadline:
                    break
                time.sleep(0.02)
            yield not self._cursors
        finally:
            self._readable.set()

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """Run writes atomically: everything inside commits together or not at all."""
        with self._write_lock:
            cur = self.cursor()
            cur.execute("BEGIN TRANSACTION")
            try:
                yield cur
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            else:
                cur.execute("COMMIT")
            finally:
                cur.close()
                self._cursors.discard(cur)  # closed: it holds the file no more, whoever still names it

    @contextmanager
    def exclusive(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The connection itself, under the write lock, for work on the attached file (a rewrite)."""
        with self._write_lock:
            if self._closed:
                raise StoreError("the store is closed")
            yield self._con

    def checkpoint(self) -> None:
        """Write the WAL into the database file now."""
        with self.exclusive() as con:
            con.execute("CHECKPOINT")

    def close(self) -> None:
        """Checkpoint and close; safe to call twice."""
        if self._closed:
            return
        with self._write_lock:
            try:
                self._con.execute("CHECKPOINT")
            except duckdb.Error:
                pass  # a read-only or damaged file still closes
            self._con.close()
            self._closed = True

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- bookkeeping -------------------------------------------------------
    @property
    def schema_version(self) -> str:
        """Newest applied migration name."""
        return schema_version(self.cursor())

    def generation(self) -> int:
        """A counter bumped by every committed change of searchable data (caches key on it)."""
        row = self.cursor().execute("SELECT value FROM store_meta WHERE key = 'generation'").fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def bump_generation(cur: duckdb.DuckDBPyConnection, *, logged: bool = False) -> None:
        """Mark searchable data as changed, inside the caller's transaction. ``logged``: every record the
        transaction changed went to :func:`core.store.changes.log_changes`, so derived data may follow
        incrementally; otherwise it is rebuilt."""
        cur.execute("UPDATE store_meta SET value = CAST(CAST(value AS BIGINT) + 1 AS VARCHAR) "
                    "WHERE key = 'generation'")
        stamp(cur, logged)

    def size_bytes(self) -> int:
        """Bytes on disk of the store file and its WAL."""
        if self.path is None:
            return 0
        total = 0
        for p in (self.path, self.path.with_name(self.path.name + ".wal")):
            if p.exists():
                total += p.stat().st_size
        return total
