"""Permitted records after a watermark (or of given keys) with their reused vectors: one COPY, in pages.

One ``COPY (SELECT …) TO STDOUT (FORMAT csv)`` returns each record's row followed by its
vectors' rows, in keyset order, in one statement's snapshot (so a vector is never paired with
another version of its record), instead of two queries a page, each planned, checked by
row-level security and answered in Python objects. PostgreSQL sends every row in a
CopyData message of its own, so blocks of whole rows go to Arrow's CSV reader, which parses
them in C++ without holding the GIL while the caller writes; the vectors come as hex of pgvector's
binary form (``vector_send``), decoded by one ``a2b_hex`` and one numpy view per block.
"""

from __future__ import annotations

import binascii
import io
from collections.abc import Generator, Sequence
from datetime import datetime, timezone

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
from psycopg import sql

from core.store.writer import CHUNK_COLUMNS, RECORD_COLUMNS
from core.sync.connect import Connection, SyncError
from core.sync.page import Page, payload

BLOCK_BYTES = 4 << 20  # rows parsed together: Arrow's per-call cost stays small, a block small beside a group

# The keyset index gives the order; the planner, misled by row-level security's filter, would
# otherwise sort the whole payload first, slower than reading it in order. The two
# branches of the lateral union put the record's row before its vectors' rows, all under its key.
_STREAM = """
SELECT r.updated_at AT TIME ZONE 'UTC', r.section_tipo, r.section_id, x.* FROM records r
CROSS JOIN LATERAL (
  SELECT 0 AS kind, r.title, r.lang, r.classification, array_to_string(r.project_ids, ','), r.data::text,
         r.date_start, r.date_end, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text, NULL::int,
         NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::timestamp
  UNION ALL
  SELECT 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, e.component_tipo, e.lang, e.chunk_index, e.modality,
         e.model, e.dimension, e.source_text, e.source_hash, e.chunk_meta::text, vector_dims(e.embedding),
         encode(vector_send(e.embedding), 'hex'), e.updated_at AT TIME ZONE 'UTC'
  FROM rag_embeddings e
  WHERE e.section_tipo = r.section_tipo AND e.section_id = r.section_id
    AND (e.modality, e.model) IN (SELECT * FROM unnest(%s::text[], %s::text[]))
) x
WHERE {where}
ORDER BY r.updated_at, r.section_tipo, r.section_id
"""
_AFTER = "(r.updated_at, r.section_tipo, r.section_id) > (%s, %s, %s)"
_KEYS = "(r.section_tipo, r.section_id) IN (SELECT * FROM unnest(%s::text[], %s::bigint[]))"

_COLUMNS: dict[str, pa.DataType] = {
    "ts": pa.timestamp("us"), "st": pa.string(), "sid": pa.int64(), "kind": pa.int8(), "title": pa.string(),
    "lang": pa.string(), "classification": pa.string(), "projects": pa.string(), "data": pa.string(),
    "date_start": pa.date32(), "date_end": pa.date32(), "component_tipo": pa.string(), "elang": pa.string(),
    "chunk_index": pa.int32(), "modality": pa.string(), "model": pa.string(), "dimension": pa.int32(),
    "source_text": pa.string(), "source_hash": pa.string(), "chunk_meta": pa.string(), "dims": pa.int32(),
    "vector": pa.string(), "eupd": pa.timestamp("us"),
}
# one thread: Arrow's pool took the core the writer, the slower side, needed
_READ = pacsv.ReadOptions(column_names=list(_COLUMNS), use_threads=False)
_PARSE = pacsv.ParseOptions(newlines_in_values=True)
# only an unquoted empty field is NULL in PostgreSQL's CSV: a title "N/A" or "NULL" stays text
_CONVERT = pacsv.ConvertOptions(column_types=_COLUMNS, null_values=[""], strings_can_be_null=True,
                                quoted_strings_can_be_null=False)


_REPAIR = "The central archive needs repair; everything committed before this record is kept."


class _Stop(Exception):
    """Raised into the COPY block by a closed reader: psycopg then cancels the statement."""


def stream_pages(con: Connection, limit: int, after: tuple[datetime, str, int] | None,
                 models: dict[str, tuple[str, int]], *,
                 keys: Sequence[tuple[str, int]] | None = None) -> Generator[Page, None, None]:
    """Pages of at most ``limit`` records after ``after`` in keyset order (or the records ``keys``,
    those the server still lets this user read) with the vectors of ``models`` (modality → (model,
    dimension)), then an empty page whose ``last`` is None.

    Closing the iterator early cancels the statement on the server.
    """
    picked = list(models.items())
    dims = {m: d for m, (_, d) in picked}
    params: list[object] = [[m for m, _ in picked], [n for _, (n, _) in picked]]
    if keys is not None:
        where, params = _KEYS, [*params, [k[0] for k in keys], [k[1] for k in keys]]
    else:
        assert after is not None
        where, params = _AFTER, [*params, *after]
    con.commit()
    tail: pa.Table | None = None
    try:
        with con.cursor() as cur:
            if keys is None:  # a few keys are found through the primary key, then sorted
                cur.execute("SET LOCAL enable_sort = off")
            cur.execute("SET LOCAL DateStyle = 'ISO'")  # the CSV's dates and stamps, whatever the server's default
            # one statement now lasts the whole sync, paused while the writer catches up: a server's
            # statement_timeout meant for queries would cut it (a cut one resumes like a kill)
            cur.execute("SET LOCAL statement_timeout = 0")
            statement = sql.SQL("COPY ({}) TO STDOUT (FORMAT csv)").format(sql.SQL(_STREAM.format(where=where)))
            with cur.copy(statement, params) as copy:
                block: list[bytes] = []
                size = 0
                try:
                    for row in copy:
                        block.append(bytes(row))
                        size += len(row)
                        if size >= BLOCK_BYTES:
                            tail = yield from _cut(_parse(block), tail, limit, dims, final=False)
                            block, size = [], 0
                    if block or tail is not None:
                        yield from _cut(_parse(block), tail, limit, dims, final=True)
                except GeneratorExit:
                    raise _Stop from None
        con.commit()
    except _Stop:
        con.rollback()
        return
    yield Page(pa.table({n: pa.array([], t) for n, t in _RECORD_TYPES.items()}),
               pa.table({n: pa.array([], t) for n, t in _CHUNK_TYPES.items()}), None, 0)


def _parse(block: list[bytes]) -> pa.Table:
    if not block:
        return pa.table({n: pa.array([], t) for n, t in _COLUMNS.items()})
    try:
        return pacsv.read_csv(io.BytesIO(b"".join(block)), read_options=_READ, parse_options=_PARSE,
                              convert_options=_CONVERT)
    except pa.ArrowInvalid as exc:  # e.g. a date before year 1, which the local store cannot hold either
        detail = str(exc).splitlines()[0]
        raise SyncError(f"the central server sent a value this Ovillo cannot read ({detail})", hint=_REPAIR) from exc


def _cut(rows: pa.Table, tail: pa.Table | None, limit: int, dims: dict[str, int],
         *, final: bool) -> Generator[Page, None, pa.Table | None]:
    """Pages of whole records from ``tail`` + ``rows``; returns the rows of a record that may go on."""
    if tail is not None:
        rows = pa.concat_tables([tail, rows])
    if rows.num_rows == 0:
        return None
    sid = rows["sid"].to_numpy()
    st = rows["st"]
    moved = pc.not_equal(st.slice(1), st.slice(0, len(st) - 1)).combine_chunks().to_numpy(zero_copy_only=False)
    starts = np.flatnonzero(np.concatenate(([True], (sid[1:] != sid[:-1]) | moved)))
    end = rows.num_rows if final else int(starts[-1])
    starts = starts[starts < end]
    for i in range(0, len(starts), limit):
        lo = int(starts[i])
        hi = int(starts[i + limit]) if i + limit < len(starts) else end
        yield _page(rows.slice(lo, hi - lo), dims)
    return None if final else rows.slice(end)


_RECORD_TYPES = dict(zip(RECORD_COLUMNS, (pa.string(), pa.int64(), pa.string(), pa.string(), pa.string(),
                                          pa.list_(pa.int32()), pa.string(), pa.date32(), pa.date32(),
                                          pa.timestamp("us"), pa.string()), strict=True))
_CHUNK_TYPES = dict(zip([*CHUNK_COLUMNS, "updated_at"],
                        (pa.string(), pa.int64(), pa.string(), pa.string(), pa.int32(), pa.string(), pa.string(),
                         pa.int32(), pa.string(), pa.string(), pa.string(), pa.list_(pa.float32()),
                         pa.timestamp("us")), strict=True))


def _page(rows: pa.Table, dims: dict[str, int]) -> Page:
    is_record = pc.equal(rows["kind"], 0)
    recs = rows.filter(is_record)
    chunks = rows.filter(pc.invert(is_record))
    n = recs.num_rows
    records = pa.table([recs["st"], recs["sid"], recs["title"], recs["lang"], recs["classification"],
                        _projects(recs["projects"]), recs["data"], recs["date_start"], recs["date_end"], recs["ts"],
                        pa.array(["central"] * n, pa.string())], names=list(RECORD_COLUMNS))
    vectors = _vectors(chunks, dims)
    # the server's stamp of each vector row: an incremental merge keeps a row whose stamp it already has
    chunk_table = pa.table([chunks["st"], chunks["sid"], chunks["component_tipo"], chunks["elang"],
                            chunks["chunk_index"], chunks["modality"], chunks["model"], chunks["dimension"],
                            chunks["source_text"], chunks["source_hash"], chunks["chunk_meta"], vectors,
                            chunks["eupd"]], names=list(_CHUNK_TYPES))
    ts = recs["ts"][n - 1].as_py()
    last = (ts.replace(tzinfo=timezone.utc), recs["st"][n - 1].as_py(), int(recs["sid"][n - 1].as_py()))
    return Page(records, chunk_table, last, payload(records.drop_columns(["origin"])) + payload(chunk_table))


def _projects(col: pa.ChunkedArray) -> pa.Array:
    """``'1,2'`` → [1, 2], ``''`` → [], NULL → NULL (``array_to_string`` of the server's int[])."""
    arr = col.combine_chunks()
    parts = pc.split_pattern(pc.fill_null(arr, ""), ",")
    values = pc.list_flatten(parts)
    parent = pc.list_parent_indices(parts).to_numpy()
    keep = np.asarray(pc.not_equal(values, ""), bool) if len(values) else np.zeros(0, bool)
    counts = np.bincount(parent[keep], minlength=len(arr))
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int32)
    ints = pc.cast(pc.filter(values, pa.array(keep)), pa.int32())
    return pa.ListArray.from_arrays(pa.array(offsets), ints, mask=pc.is_null(arr))


def _vectors(chunks: pa.Table, dims: dict[str, int]) -> pa.Array:
    """The hex of pgvector's binary form (int16 dimension, int16 unused, big-endian float4s) as one
    list<float32>, each checked against the local model's dimension and the one the server states."""
    n = chunks.num_rows
    if n == 0:
        return pa.array([], pa.list_(pa.float32()))
    sent = chunks["dims"].to_numpy()
    stated = chunks["dimension"].to_numpy()
    local = np.array([dims[str(m)] for m in chunks["modality"].to_pylist()], np.int64)
    bad = np.flatnonzero((sent != local) | (stated != local))
    if len(bad):
        i = int(bad[0])
        raise SyncError(f"a central vector of {chunks['st'][i].as_py()}-{chunks['sid'][i].as_py()} has "
                        f"{int(sent[i])} dimensions, {chunks['model'][i].as_py()} has {int(local[i])}",
                        hint=_REPAIR)
    hexes = chunks["vector"].combine_chunks()
    offs = np.frombuffer(hexes.buffers()[1], np.int32)[hexes.offset:hexes.offset + n + 1]
    raw = binascii.a2b_hex(memoryview(hexes.buffers()[2])[int(offs[0]):int(offs[-1])])
    lengths = 4 + 4 * local
    if len(raw) != int(lengths.sum()):
        raise SyncError("the central server sent a vector that does not match its stated dimension", hint=_REPAIR)
    floats = np.frombuffer(raw, ">f4")
    heads = np.concatenate(([0], np.cumsum(local + 1)[:-1]))  # the 4-byte header is one float slot
    keep = np.ones(len(floats), bool)
    keep[heads] = False
    offsets = np.concatenate(([0], np.cumsum(local))).astype(np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(floats[keep].astype(np.float32)))
