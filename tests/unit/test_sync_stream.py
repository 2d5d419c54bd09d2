"""The sync stream's pure parts (core/sync/stream.py) without a server: rows cut into pages of
whole records, project lists and vectors decoded from the CSV's text, a wrong dimension refused."""

from __future__ import annotations

import binascii
import struct
from datetime import datetime, timezone

import numpy as np
import pyarrow as pa
import pytest

from core.sync import stream
from core.sync.connect import SyncError

TS = datetime(2026, 1, 2, 3, 4, 5, 678901)


def hexvec(values: list[float]) -> str:
    """pgvector's binary form (int16 dimension, int16 unused, big-endian float4s) as hex."""
    return binascii.b2a_hex(struct.pack(">hh", len(values), 0) + struct.pack(f">{len(values)}f", *values)).decode()


def rows(records: list[tuple[str, int, int]], dim: int = 3) -> pa.Table:
    """CSV-shaped rows: per (collection, id, vectors) a record row then its vector rows."""
    out: dict[str, list[object]] = {n: [] for n in stream._COLUMNS}
    for st, sid, nvec in records:
        for k in range(-1, nvec):  # -1: the record's own row
            vals: dict[str, object] = {n: None for n in stream._COLUMNS}
            vals.update(ts=TS, st=st, sid=sid, kind=0 if k < 0 else 1)
            if k < 0:
                vals.update(title=f"t{sid}", classification="public", projects="2,5" if sid % 2 else "", data="{}")
            else:
                vals.update(component_tipo="rag:body", elang="en", chunk_index=k, modality="text", model="m",
                            dimension=dim, source_text=f"s{sid}.{k}", source_hash="h", chunk_meta="{}", dims=dim,
                            vector=hexvec([float(sid), float(k), 0.5][:dim]))
            for n, v in vals.items():
                out[n].append(v)
    return pa.table({n: pa.array(v, stream._COLUMNS[n]) for n, v in out.items()})


def test_pages_hold_whole_records_and_a_record_may_go_on_into_the_next_block() -> None:
    first = rows([("a", 1, 2), ("a", 2, 1), ("b", 3, 2)])
    second = rows([("b", 4, 3)])  # the next block: b-3 had no more rows, b-4 begins
    gen = stream._cut(first, None, 2, {"text": 3}, final=False)
    pages = []
    try:
        while True:
            pages.append(next(gen))
    except StopIteration as stop:
        tail = stop.value
    assert [p.records["section_id"].to_pylist() for p in pages] == [[1, 2]]  # b-3 may go on: held back
    assert tail is not None and set(tail["sid"].to_pylist()) == {3}
    assert pages[0].chunks.num_rows == 3 and pages[0].last == (TS.replace(tzinfo=timezone.utc), "a", 2)
    rest = list(stream._cut(second, tail, 2, {"text": 3}, final=True))
    assert [p.records["section_id"].to_pylist() for p in rest] == [[3, 4]]
    assert rest[0].chunks["section_id"].to_pylist() == [3, 3, 4, 4, 4]
    assert rest[0].records["project_ids"].to_pylist() == [[2, 5], []]
    vec = rest[0].chunks["embedding"].to_pylist()[1]
    assert np.allclose(vec, [3.0, 1.0, 0.5]) and rest[0].chunks["embedding"].type == pa.list_(pa.float32())


def test_page_limit_counts_records_not_rows() -> None:
    got = list(stream._cut(rows([("a", i, 2) for i in range(1, 8)]), None, 3, {"text": 3}, final=True))
    assert [p.records.num_rows for p in got] == [3, 3, 1]
    assert [p.chunks.num_rows for p in got] == [6, 6, 2]
    assert [p.last[2] for p in got if p.last] == [3, 6, 7]


def test_project_lists_keep_null_apart_from_empty() -> None:
    got = stream._projects(pa.chunked_array([pa.array(["1,20,3", "", None, "7"])]))
    assert got.to_pylist() == [[1, 20, 3], [], None, [7]]


def test_a_vector_of_the_wrong_dimension_is_refused_by_name() -> None:
    bad = rows([("a", 1, 1)], dim=2)
    with pytest.raises(SyncError, match="a-1 has 2 dimensions, m has 3"):
        list(stream._cut(bad, None, 10, {"text": 3}, final=True))
