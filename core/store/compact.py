"""Erasing for real: after records are removed or revoked, the store is rewritten into a fresh file.

DuckDB marks deleted rows and frees the blocks that held them, but never overwrites those blocks:
a revoked record's text stayed readable with ``strings`` after two syncs and an ingest. A vacuum
or a rewrite of the tables inside the same file frees more blocks with the same bytes in them,
so the only way to leave no copy is a new file. ``COPY FROM DATABASE`` carries every table,
constraint, index and the keyword index's macros; the new file replaces the old one atomically.
A write that removes records sets ``erase_pending`` in the same transaction, so a crash before
the rewrite leaves the flag and the next operation (or the next close) finishes the job.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import duckdb

from core.errors import StoreError
from core.store.connection import ROW_GROUP_ROWS, sql_literal
from core.store.db import Store

PENDING_KEY = "erase_pending"


def mark_erased(cur: duckdb.DuckDBPyConnection) -> None:
    """Inside the removing transaction: the store holds bytes of removed records until compacted."""
    cur.execute("INSERT OR REPLACE INTO store_meta VALUES (?, '1')", [PENDING_KEY])


def erase_pending(store: Store) -> bool:
    """True when removed records may still have bytes in the store file."""
    row = store.cursor().execute("SELECT value FROM store_meta WHERE key = ?", [PENDING_KEY]).fetchone()
    return bool(row and row[0] == "1")


def compact(store: Store) -> float | None:
    """Rewrite the store into a fresh file and put it in place of the old one; returns the seconds taken, or
    None when a reader kept a cursor past the wait (nothing changed; the flag stays). A no-op for an
    in-memory store (nothing on disk to leave behind)."""
    path = store.path
    if path is None:
        return 0.0
    started = time.monotonic()
    fresh = path.with_name(path.name + ".compact")  # connect() removes one a crash left
    with store.exclusive() as con:
        for p in (fresh, fresh.with_name(fresh.name + ".wal")):
            p.unlink(missing_ok=True)
        try:
            con.execute("CHECKPOINT")
            con.execute(f"ATTACH '{sql_literal(str(fresh))}' AS ovillo_fresh (ROW_GROUP_SIZE {ROW_GROUP_ROWS})")
            try:
                con.execute("COPY FROM DATABASE store TO ovillo_fresh")
                con.execute("DELETE FROM ovillo_fresh.store_meta WHERE key = ?", [PENDING_KEY])
            finally:
                con.execute("DETACH ovillo_fresh")
        except duckdb.Error as exc:
            fresh.unlink(missing_ok=True)
            raise StoreError(f"could not rewrite the store to erase removed records: {exc}",
                             hint="Nothing was lost; the next import, sync or close tries again.") from exc
        _fsync(fresh)
        with store.quiet() as quiet:
            if not quiet:  # a reader held on: the flag stays, the next import, sync or close erases
                fresh.unlink(missing_ok=True)
                return None
            con.execute("USE memory")
            con.execute("DETACH store")
            try:
                os.replace(fresh, path)
                _fsync(path.parent)
            finally:
                con.execute(f"ATTACH '{sql_literal(str(path))}' AS store (ROW_GROUP_SIZE {ROW_GROUP_ROWS})")
                con.execute("USE store")
    return time.monotonic() - started


def compact_if_pending(store: Store) -> float | None:
    """:func:`compact` when removed records may have left bytes behind; None when nothing was pending or the
    store cannot be read now (a full disk invalidated it): the flag stays for the next open."""
    try:
        pending = erase_pending(store)
    except duckdb.Error:
        return None
    return compact(store) if pending else None


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
