"""Central rows straight into columns, for the puller's fast path (every vector reused as sent).

:class:`PageReader` reads the pages after the watermark ahead, in a thread, from one COPY stream
(:mod:`core.sync.stream`); :func:`fetch_page` reads the records of given keys (those whose
stored version is stale) with psycopg's binary protocol: JSON stays text (the local store
parses it once, in DuckDB), and the vectors arrive as pgvector's binary form, turned into one
float32 array with a single numpy conversion. Records and their vectors are read in one
REPEATABLE READ snapshot, so a vector replaced between the two reads cannot be paired with the
other version of its record.
"""

from __future__ import annotations

import io
import os
import sys
import threading
from collections import deque
from collections.abc import Sequence
from contextlib import closing
from datetime import datetime, timezone
from typing import Any, cast

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

from core.store.writer import CHUNK_COLUMNS, RECORD_COLUMNS
from core.sync.connect import Connection, SyncError
from core.sync.page import Page, payload
from core.sync.stream import stream_pages

__all__ = ["Page", "PageReader", "fetch_page", "payload", "permitted_keys"]

READER_NICE = 10  # added to the reader thread's nice value (Linux)

_RECORDS = ("SELECT section_tipo, section_id, title, lang, classification, project_ids, data::text, date_start, "
            "date_end, updated_at AT TIME ZONE 'UTC' FROM records r")
_KEYED = " JOIN unnest(%s::text[], %s::bigint[]) AS k(st, sid) ON r.section_tipo = k.st AND r.section_id = k.sid"

_RECORD_TYPES = (pa.string(), pa.int64(), pa.string(), pa.string(), pa.string(), pa.list_(pa.int32()), pa.string(),
                 pa.date32(), pa.date32(), pa.timestamp("us"))
_CHUNK_TYPES = (pa.string(), pa.int64(), pa.string(), pa.string(), pa.int32(), pa.string(), pa.string(), pa.int32(),
                pa.string(), pa.string(), pa.string())


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
        if sys.platform == "linux":
            # the writer is a sync's slowest part and the reader is ahead of it: give the writer the
            # core when both want one (measured: 100k records 10.9 → 10.3 s on 2 cores); on Linux a
            # thread has a priority of its own, and lowering it is always allowed
            try:
                tid = threading.get_native_id()
                os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + READER_NICE))
            except OSError:
                pass  # a sandbox that forbids it: the same sync, a little slower
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


def _vectors(sent: Sequence[bytes], dims: Sequence[int], where: Sequence[str], named: Sequence[object],
             models: Sequence[str]) -> pa.Array:
    """pgvector binary values (int16 dimension, int16 unused, big-endian float4s) as one list<float32>;
    ``dims``: the local model's dimension for each, ``named``: the dimension the server states."""
    for v, d, w, stated, model in zip(sent, dims, where, named, models, strict=True):
        n = int.from_bytes(v[:2], "big")
        if len(v) != 4 + 4 * n or n != d or stated != d:
            raise SyncError(f"a central vector of {w} has {n if len(v) == 4 + 4 * n else 0} dimensions, "
                            f"{model} has {d}", hint="The central archive needs repair; "
                            "everything committed before this record is kept.")
    if not sent:
        return pa.array([], pa.list_(pa.float32()))
    floats = np.frombuffer(b"".join(sent), ">f4")
    lengths = np.asarray(dims, np.int64) + 1
    heads = np.concatenate(([0], np.cumsum(lengths)[:-1]))  # the 4-byte header is one float slot
    keep = np.ones(len(floats), bool)
    keep[heads] = False
    offsets = np.concatenate(([0], np.cumsum(np.asarray(dims, np.int64)))).astype(np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(floats[keep].astype(np.float32)))


def fetch_page(con: Connection, keys: Sequence[tuple[str, int]],
               models: dict[str, tuple[str, int]] | None = None) -> Page:
    """The records ``keys`` (those the server still lets this user read), with the vectors of
    ``models`` (modality → (model, dimension)); others are not read."""
    sql, params = _RECORDS + _KEYED, [[k[0] for k in keys], [k[1] for k in keys]]
    con.commit()  # the snapshot below starts a transaction of its own
    with con.cursor(binary=True) as cur:
        cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        rows = cur.execute(sql, params).fetchall()
        chunk_rows: list[tuple[Any, ...]] = []
        if rows and models:
            picked = list(models.items())
            chunk_rows = cur.execute(
                "SELECT e.section_tipo, e.section_id, component_tipo, e.lang, chunk_index, modality, model, dimension, "
                "source_text, source_hash, chunk_meta::text, vector_send(embedding), e.updated_at AT TIME ZONE 'UTC' "
                "FROM rag_embeddings e "
                f"JOIN ({sql.replace(_RECORDS, 'SELECT r.section_tipo, r.section_id FROM records r', 1)}) p "
                "ON e.section_tipo = p.section_tipo AND e.section_id = p.section_id "
                "JOIN unnest(%s::text[], %s::text[]) AS m(modality, model) USING (modality, model)",
                [*params, [m for m, _ in picked], [n for _, (n, _) in picked]]).fetchall()
    con.commit()
    cols: list[Sequence[Any]] = list(zip(*rows)) if rows else [() for _ in _RECORD_TYPES]
    records = pa.table([pa.array(c, t) for c, t in zip(cols, _RECORD_TYPES, strict=True)]
                       + [pa.array(["central"] * len(rows), pa.string())], names=list(RECORD_COLUMNS))
    dims = {m: d for m, (_, d) in (models or {}).items()}
    ccols: list[Sequence[Any]] = list(zip(*chunk_rows)) if chunk_rows else [() for _ in range(13)]
    vectors = _vectors(cast(Sequence[bytes], ccols[11]), [dims[str(m)] for m in ccols[5]],
                       [f"{st}-{sid}" for st, sid in zip(ccols[0], ccols[1], strict=True)], ccols[7],
                       [str(m) for m in ccols[6]])
    # the server's stamp of each vector row: an incremental merge keeps a row whose stamp it already has
    chunks = pa.table([pa.array(c, t) for c, t in zip(ccols[:11], _CHUNK_TYPES, strict=True)]
                      + [vectors, pa.array(ccols[12], pa.timestamp("us"))], names=[*CHUNK_COLUMNS, "updated_at"])
    last = None
    if rows:
        ts = cast(datetime, rows[-1][9]).replace(tzinfo=timezone.utc)
        last = (ts, str(rows[-1][0]), int(cast(int, rows[-1][1])))
    return Page(records, chunks, last, payload(records.drop_columns(["origin"])) + payload(chunks))


def permitted_keys(con: Connection) -> pa.Table:
    """Every key the server lets this user read, with its ``updated_at`` (naive UTC): ``st, sid, ts``.

    The server joins them into one CSV value: a COPY sends a message per row, and reading 100k
    of them cost 0.08 s of Python (holding the GIL the writer needs); one value costs nothing.
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
