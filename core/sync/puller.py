"""``ovillo sync``: pull exactly the records (and vectors) the central server lets this user read.

The server's row-level security decides what is visible; the client never filters. One sync runs
in stages: :mod:`~core.sync.check` (the schema and the vectors' model), then the records after
the watermark in keyset order ``(updated_at, section_tipo, section_id)`` are read
(:mod:`~core.sync.bulk` in columns when every vector is reused, :mod:`~core.sync.read` in rows
otherwise), staged into local transactions (:mod:`~core.sync.stage`) and written with the new
watermark in the *same* transaction (:mod:`~core.sync.write`), so a ``kill -9`` at any moment
loses at most the pages in flight and the next sync resumes after the last committed one. Then
a keys-only listing of everything permitted is compared with the local central-origin records
(:mod:`~core.sync.compare`): keys no longer listed are removed (tombstoned on the server →
``removed``, otherwise → ``revoked``), and keys whose ``updated_at`` differs are fetched again (a
row committed late with an earlier timestamp cannot slip past the watermark).
Local-origin records are never touched.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from datetime import datetime, timezone
from typing import Any, cast

import psycopg
import pyarrow as pa

from core.models.encoder import TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.store.db import Store
from core.store.writer import RecordKey, RecordWriter
from core.sync.bulk import PageReader, fetch_page
from core.sync.check import ModelPlan, check_server
from core.sync.compare import compare_keys
from core.sync.connect import Connection, SyncError
from core.sync.read import Row, count_after, embedding_rows, rows_after, rows_of, tombstoned
from core.sync.report import SyncSummary
from core.sync.stage import GROUP_ROWS, PageGroups, row_key, stage_rows
from core.sync.state import Watermark, resume_state
from core.sync.write import SyncWriter, defer_checkpoints


class Puller:
    """One sync of one local store from one central connection (as the user it was opened with)."""

    def __init__(self, store: Store, con: Connection, *, server: str, user: str, page: int = 500,
                 encoder: Callable[[str], TextEncoder] | None = None, group_rows: int = GROUP_ROWS,
                 ahead_rows: int | None = None, ramp: bool = True, writer: RecordWriter | None = None) -> None:
        """``encoder(name)`` loads the local text model, for when the central vectors are of another
        model (None: such a sync is refused with :class:`~core.errors.ModelMismatch`); ``group_rows``:
        see :class:`~core.sync.stage.PageGroups` (0: every page its own transaction); ``ahead_rows``:
        vectors read ahead at most (default: a few groups, so the reader is rarely what the writer
        waits for); ``ramp``: start a long sync with smaller groups; ``writer``: the store's writer
        (default: a plain :class:`RecordWriter`)."""
        self.store, self.con, self.server, self.user, self.page = store, con, server, user, page
        self.group_rows, self.ramp = group_rows, ramp
        self.ahead_rows = 8 * group_rows if ahead_rows is None else ahead_rows
        self.summary = SyncSummary()
        self.out = SyncWriter(store, writer or RecordWriter(store), self.summary)
        self.plan = ModelPlan()
        self._load_encoder = encoder

    @property
    def writer(self) -> RecordWriter:
        """The store's writer every page goes through."""
        return self.out.writer

    def check_server(self) -> None:
        """Refuse a central schema newer than this program, and vectors of another model."""
        self.plan = check_server(self.con, self.store, self._load_encoder)

    # -- the run --------------------------------------------------------------
    def run(self, cancel: CancelToken | None = None) -> Generator[Progress, None, SyncSummary]:
        """Pages, then the keys comparison; yields progress, returns the summary."""
        try:
            return (yield from self._run(cancel))
        except psycopg.OperationalError as exc:
            # the server went away mid-sync: every committed page (and its watermark) is kept
            raise SyncError(f"the connection to the central server was lost mid-sync "
                            f"({str(exc).strip().splitlines()[-1] if str(exc).strip() else 'no answer'})",
                            hint="What arrived is kept; run the same sync again to resume.") from exc

    def _run(self, cancel: CancelToken | None) -> Generator[Progress, None, SyncSummary]:
        started = time.monotonic()
        self.check_server()
        state, mark = resume_state(self.store, self.server, self.user)
        total = count_after(self.con, mark)
        restore = defer_checkpoints(self.store)
        try:
            listed = yield from self._pages(mark, state, total, cancel)
            yield Progress("check", 0, None, "keys", message="comparing permitted keys")
            self._compare(state, listed)
            state["last_sync"] = datetime.now(timezone.utc).isoformat()
            self.out.save(state)
        finally:
            restore()  # the one checkpoint
        self.summary.seconds = round(time.monotonic() - started, 3)
        return self.summary

    def _pages(self, mark: Watermark, state: dict[str, Any], total: int,
               cancel: CancelToken | None) -> Generator[Progress, None, pa.Table | None]:
        """Every record after the watermark, page by page, each page committed with its watermark;
        returns the permitted keys when they were listed on the way (see :meth:`_bulk_pages`)."""
        if self.plan.encoder is None:
            return (yield from self._bulk_pages(mark, state, total, cancel))
        clock, done = EtaClock(), 0
        while True:
            if cancel:
                cancel.check()
            rows = rows_after(self.con, mark, self.page)
            if not rows:
                break
            last = rows[-1]
            mark = Watermark(cast(datetime, last[9]).astimezone(timezone.utc), *row_key(last))
            state["watermark"] = mark.to_json()
            self._write_rows(rows, state)
            done += len(rows)
            yield Progress("sync", done, max(total, done), "records", eta_s=clock.eta(done, max(total, done)))
        return None

    def _bulk_pages(self, mark: Watermark, state: dict[str, Any], total: int,
                    cancel: CancelToken | None) -> Generator[Progress, None, pa.Table | None]:
        """:meth:`_pages` when every vector is reused: pages in columns, read ahead by one thread
        while the caller writes, consecutive pages written together (:class:`PageGroups`). A kill
        loses at most the group in flight; a cancel or a lost connection first writes the pages
        already read. Returns the keys listing the reader took after the last page."""
        clock, done = EtaClock(), 0
        groups = PageGroups(self.group_rows, ramp=self.ramp, total=total)
        reader = PageReader(self.con, self.page, mark.key(), self.plan.reused(), ahead_rows=self.ahead_rows)
        try:
            while True:
                if cancel is not None and cancel.cancelled:
                    self.out.write_pages(groups.take(), state)
                    cancel.check()
                try:
                    page = reader.next()
                except BaseException:
                    self.out.write_pages(groups.take(), state)  # what arrived is kept
                    raise
                if page.last is None:
                    break
                done += page.records.num_rows
                if groups.add(page):
                    self.out.write_pages(groups.take(), state)
                yield Progress("sync", done, max(total, done), "records", eta_s=clock.eta(done, max(total, done)))
            self.out.write_pages(groups.take(), state)
        finally:
            reader.close()
        return reader.keys

    def _write_rows(self, rows: Sequence[Row], state: dict[str, Any]) -> None:
        """Central rows with their vectors, and the state, in one local transaction (the user's own records skipped)."""
        claim = self.out.claim([row_key(r) for r in rows])
        admitted = [r for r in rows if row_key(r) not in claim.own]
        recs = stage_rows(admitted, lambda keys: embedding_rows(self.con, keys), self.plan, self.summary)
        self.out.write_records(recs, claim, state)

    def _compare(self, state: dict[str, Any], listed: pa.Table | None = None) -> None:
        """Remove what is no longer permitted; fetch again what changed behind the watermark
        (``listed``: the keys listing when the page reader took it; see :func:`compare_keys`)."""
        gone, stale = compare_keys(self.store, self.con, listed)
        if gone:
            self.out.remove(gone, tombstoned(self.con, gone), state)
        for i in range(0, len(stale), self.page):
            chunk: list[RecordKey] = stale[i:i + self.page]
            if self.plan.encoder is None:
                page = fetch_page(self.con, chunk, self.plan.reused())
                if page.records.num_rows:
                    self.out.write_page(page, state)
                continue
            rows = rows_of(self.con, chunk)
            if rows:
                self._write_rows(rows, state)
