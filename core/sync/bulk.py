"""Central rows straight into columns, for the puller's fast path (every vector reused as sent).

:class:`PageReader` reads the pages after the watermark ahead, in a thread, from one COPY stream
(:mod:`core.sync.stream`); :func:`fetch_page` reads the records of given keys (those whose
stored version is stale) through the same stream; :func:`permitted_keys` lists every key the
user may read, for the revocation check.
"""

from __future__ import annotations

import io
import threading
from collections import deque
from collections.abc import Sequence
from contextlib import closing
from datetime import datetime

import pyarrow as pa
import pyarrow.csv as pacsv

from core.platform_support import lower_thread_priority
from core.sync.connect import Connection
from core.sync.page import Page, payload
from core.sync.stream import stream_pages

__all__ = ["Page", "PageReader", "fetch_page", "payload", "permitted_keys"]

READER_NICE = 10  # added to the reader thread's nice value (Linux)


class PageReader:
    """Pages read ahead in keyset order by one thread, while the caller writes the earlier ones.

    At most ``ahead_rows`` vectors wait in the queue (and always one page); the thread owns the
    connection until :meth:`close`; it stops at an error (raised by :meth:`next` in the caller's
    thread), when closed, or after the last (empty) page and the keys listing that follows it
    (:attr:`keys`, read once closed).
    """

    def __init__(self, con: Connection, limit: int, after: tuple[datetime, str, int],
                 models: dict[str, tuple[str, int]], *, ahead_rows: int) -> None:
        self._con, self._limit, self._after, self._models = con, limit, after, models
        self._ahead = ahead_rows
        self._queue: deque[Page | BaseException] = deque()
        self._queued_rows = 0
        self._cond = threading.Condition()
        self._stop = False
        self.keys: pa.Table | None = None  # :func:`permitted_keys`, listed after the last page
        self._thread = threading.Thread(target=self._read, name="ovillo-sync-read", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        # the writer is a sync's slowest part and the reader is ahead of it: give the writer the core when
        # both want one (Linux only; elsewhere, or in a sandbox that forbids it, the same sync a little slower)
        lower_thread_priority(by=READER_NICE)
        try:
            with closing(stream_pages(self._con, self._limit, self._after, self._models)) as pages:
                for page in pages:
                    self._put(page, page.chunks.num_rows)
                    if self._stop:
                        return  # closing the stream cancels the statement
        except BaseException as exc:  # handed to the caller's thread, which raises it
            self._put(exc, 0)
            return
        # the connection is free while the caller writes the last pages: list the permitted keys
        # for the revocation check now (a later listing is taken when this one fails)
        try:
            self.keys = permitted_keys(self._con)
        except Exception:  # the caller lists them itself, and reports what goes wrong then
            self.keys = None
            try:
                self._con.rollback()
            except Exception:
                pass  # a lost connection: the caller's own listing says so

    def _put(self, item: Page | BaseException, rows: int) -> None:
        with self._cond:
            while self._queue and self._queued_rows + rows > self._ahead and not self._stop:
                self._cond.wait()
            self._queue.append(item)
            self._queued_rows += rows
            self._cond.notify_all()

    def next(self) -> Page:
        """The next page (``last`` is None after the last record); a read's error is raised here."""
        with self._cond:
            while not self._queue:
                self._cond.wait()
            item = self._queue.popleft()
            if isinstance(item, Page):
                self._queued_rows -= item.chunks.num_rows
            self._cond.notify_all()
        if isinstance(item, BaseException):
            raise item
        return item

    def close(self) -> None:
        """Stop reading and wait for the thread (a read in flight finishes; its page is dropped)."""
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._thread.join()


def fetch_page(con: Connection, keys: Sequence[tuple[str, int]],
               models: dict[str, tuple[str, int]] | None = None) -> Page:
    """The records ``keys`` (those the server still lets this user read), with the vectors of
    ``models`` (modality → (model, dimension)), as one page (``last`` None when none is readable)."""
    pages = list(stream_pages(con, max(1, len(keys)), None, models or {}, keys=keys))
    got = [p for p in pages if p.last is not None]
    return Page.joined(got) if got else pages[-1]  # the stream's closing empty page


def permitted_keys(con: Connection) -> pa.Table:
    """Every key the server lets this user read, with its ``updated_at`` (naive UTC): ``st, sid, ts``.

    The server joins them into one CSV value: a COPY sends a message per row, each read in Python
    holding the GIL the writer needs; one value is parsed in C++.
    """
    con.commit()
    con.execute("SET LOCAL DateStyle = 'ISO'")  # the stamps' text, whatever the server's default
    row = con.execute("SELECT string_agg('\"' || replace(section_tipo, '\"', '\"\"') || '\",' || section_id || ',' "
                      "|| (updated_at AT TIME ZONE 'UTC')::text, E'\\n') FROM records").fetchone()
    con.commit()
    text = row[0] if row else None
    if not text:  # nothing permitted (an empty CSV is an error to the reader)
        return pa.table({"st": pa.array([], pa.string()), "sid": pa.array([], pa.int64()),
                         "ts": pa.array([], pa.timestamp("us"))})
    return pacsv.read_csv(io.BytesIO(str(text).encode()),
                          read_options=pacsv.ReadOptions(column_names=["st", "sid", "ts"]),
                          parse_options=pacsv.ParseOptions(newlines_in_values=True),
                          convert_options=pacsv.ConvertOptions(
                              column_types={"st": pa.string(), "sid": pa.int64(), "ts": pa.timestamp("us")},
                              quoted_strings_can_be_null=False))
