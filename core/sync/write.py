"""Sync's local side: each page (or group of pages) written with the sync state in one transaction.

The watermark in the state moves in the same local transaction as the records it covers, so a
``kill -9`` at any moment loses at most what was in flight, and the next sync resumes after the
last commit. Both write paths (pages in columns, records in rows) take the same local-origin rule
(:meth:`SyncWriter.claim`): a record the user made here is never replaced by a central one with its key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb
import pyarrow as pa

from core.store.db import Store
from core.store.writer import RecordKey, RecordRow, RecordWriter
from core.sync.page import Page, payload
from core.sync.report import SyncSummary
from core.sync.state import Watermark, state_step


@dataclass(frozen=True)
class Claim:
    """What the local store holds under a page's keys."""

    held: frozenset[RecordKey]  # central records already here: replaced
    own: frozenset[RecordKey]  # the user's own local records: never replaced, the central record is skipped


class SyncWriter:
    """Writes what a sync read into one store, through one :class:`RecordWriter`, counting it in ``summary``."""

    def __init__(self, store: Store, writer: RecordWriter, summary: SyncSummary) -> None:
        """``writer``: the store's writer (a caller may pass one that also records what each write changed)."""
        self.store, self.writer, self.summary = store, writer, summary

    def claim(self, keys: Sequence[RecordKey]) -> Claim:
        """The local-origin rule: which of ``keys`` are central records here, and which the user's own."""
        if not keys:
            return Claim(frozenset(), frozenset())
        # the keys as a registered table, not two list parameters: an incremental sync's keys are
        # joined in one pass instead of a list search per row
        cur = self.store.cursor()
        cur.register("ovillo_page_keys", pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                                                   "sid": pa.array([k[1] for k in keys], pa.int64())}))
        try:
            rows = cur.execute("SELECT r.section_tipo, r.section_id, r.origin FROM records r "
                               "JOIN ovillo_page_keys k ON r.section_tipo = k.st AND r.section_id = k.sid").fetchall()
        finally:
            cur.unregister("ovillo_page_keys")
        own = frozenset((str(st), int(sid)) for st, sid, o in rows if o == "local")
        return Claim(frozenset((str(st), int(sid)) for st, sid, _ in rows) - own, own)

    def write_pages(self, pages: Sequence[Page], state: dict[str, Any]) -> None:
        """Consecutive pages in one transaction with the last one's watermark; when that does not fit
        (a full disk), page by page, so whatever fits is kept."""
        if not pages:
            return
        try:
            self._write_group(pages, state)
        except (duckdb.Error, OSError):
            if len(pages) == 1:
                raise
            for one in pages:
                self._write_group([one], state)

    def _write_group(self, pages: Sequence[Page], state: dict[str, Any]) -> None:
        group = Page.joined(pages)
        assert group.last is not None
        state["watermark"] = Watermark(*group.last).to_json()
        self.write_page(group, state)

    def write_page(self, page: Page, state: dict[str, Any]) -> None:
        """A page read in columns (every vector reused), with ``state``, in one local transaction."""
        recs, chunks = page.records, page.chunks
        keys = list(zip(recs["section_tipo"].to_pylist(), recs["section_id"].to_pylist(), strict=True))
        claim = self.claim(keys)
        nbytes = page.nbytes
        if claim.own:
            recs = recs.filter(pa.array([k not in claim.own for k in keys]))
            chunks = chunks.filter(pa.array([k not in claim.own for k in zip(
                chunks["section_tipo"].to_pylist(), chunks["section_id"].to_pylist(), strict=True)], pa.bool_()))
            nbytes = payload(recs.drop_columns(["origin"])) + payload(chunks)
        self.writer.write_tables(recs, chunks, also=[state_step(state)])
        # counted once committed: a group that failed is written again page by page
        self.summary.bytes += nbytes
        self._count(claim, recs.num_rows)
        self.summary.vectors_reused += chunks.num_rows

    def write_records(self, recs: Sequence[RecordRow], claim: Claim, state: dict[str, Any]) -> None:
        """Central records read as rows, none of them in ``claim.own``, with ``state``, in one local transaction."""
        self.writer.write(recs, also=[state_step(state)])
        self._count(claim, len(recs))

    def _count(self, claim: Claim, written: int) -> None:
        self.summary.updated += len(claim.held)
        self.summary.added += written - len(claim.held)

    def remove(self, gone: Sequence[RecordKey], dead: set[RecordKey], state: dict[str, Any]) -> None:
        """Remove the central records ``gone`` (``dead``: those the server tombstoned, the rest were revoked)."""
        self.writer.write(remove=gone, also=[state_step(state)])
        self.summary.removed += len(dead)
        self.summary.revoked += len(gone) - len(dead)

    def save(self, state: dict[str, Any]) -> None:
        """``state`` alone, in its own transaction."""
        self.writer.write(also=[state_step(state)])


def defer_checkpoints(store: Store) -> Callable[[], None]:
    """Let the local WAL grow for the rest of the sync; returns the undo, which checkpoints once.

    Each automatic checkpoint costs more as the tables grow; one at the end writes the same pages
    once, and a crash mid-sync replays the WAL at the next open, so every committed page is kept.
    That checkpoint runs without DuckDB's vacuum: it would rewrite the partly filled row groups each
    group's commit leaves into fewer full ones, a cost with no gain for search (later checkpoints
    vacuum as usual). DuckDB runs on one thread until then, which writes a group with less CPU and
    leaves a core to the reader and the server; a search in the window runs on one thread too, for
    the sync's length only. The store's own settings come back with the undo.
    """
    cur = store.cursor()
    before = {name: str(row[0]).replace("'", "''")
              for name in ("checkpoint_threshold", "max_vacuum_tasks", "threads")
              if (row := cur.execute(f"SELECT current_setting('{name}')").fetchone())}
    cur.execute("SET checkpoint_threshold = '1TiB'")
    cur.execute("SET max_vacuum_tasks = 0")
    cur.execute("SET threads = 1")

    def restore() -> None:
        try:
            cur.execute("CHECKPOINT")
        except duckdb.Error:
            pass  # another transaction is open (a search in the window) or the disk is full: the WAL
            # holds every commit, and a later checkpoint writes it
        finally:
            for name, value in before.items():
                cur.execute(f"SET {name} = '{value}'")
    return restore
