"""Between reading and writing: what goes into each local transaction, in the writer's form.

Pages read in columns are gathered into groups (:class:`PageGroups`); rows read one by one become
:class:`~core.store.writer.RecordRow` with their vectors, the central ones kept as sent or the text
embedded here with the local model (:func:`stage_rows`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from datetime import date, datetime, timezone
from typing import Any, cast

import numpy as np

from core.store.connection import ROW_GROUP_ROWS
from core.store.writer import EmbeddingRow, RecordKey, RecordRow
from core.sync.check import ModelPlan
from core.sync.connect import SyncError
from core.sync.page import Page
from core.sync.read import Row
from core.sync.report import SyncSummary

# pages are written together until they hold this many records and vectors: the store's row group,
# the size a transaction writes straight into the file instead of the WAL
GROUP_ROWS = ROW_GROUP_ROWS
GROUP_SECONDS = 10.0  # … or until this long after the group's first page: a slow link still commits often


class PageGroups:
    """Consecutive pages gathered for one local transaction.

    A group is full once it holds ``group_rows`` records and as many vectors (or four times that of
    either: a collection of few vectors or of many per record), or :data:`GROUP_SECONDS` after its
    first page. DuckDB writes a transaction's inserts of a whole row group straight into the file;
    smaller ones go through the WAL and are written again by the next checkpoint.
    """

    def __init__(self, group_rows: int, *, ramp: bool, total: int) -> None:
        """``group_rows`` 0: every page is a group; ``ramp``: a sync of ``total`` records, when long,
        starts with smaller groups."""
        self.group_rows = group_rows
        self.pages: list[Page] = []
        self._since = 0.0
        self._size = [0, 0]  # records, vectors staged
        self._groups = 0
        # a long sync starts writing early: its first two groups are a quarter and half of one
        # (through the WAL, written again at the end), so the writer does not wait for a whole
        # group to be read; a short one writes once
        self._long = ramp and total >= 4 * group_rows

    def add(self, page: Page) -> bool:
        """Stage ``page``; True when the group is full and should be written now."""
        if not self.pages:
            self._since = time.monotonic()
        self.pages.append(page)
        self._size[0] += page.records.num_rows
        self._size[1] += page.chunks.num_rows
        g = self.group_rows >> (max(0, 2 - self._groups) if self._long else 0)
        if min(self._size) >= g or max(self._size) >= 4 * g or time.monotonic() - self._since >= GROUP_SECONDS:
            self._groups += 1
            return True
        return False

    def take(self) -> list[Page]:
        """The staged pages, in order; the next page starts a new group."""
        pages, self.pages = self.pages, []
        self._size = [0, 0]
        return pages


def row_key(row: Row) -> RecordKey:
    """The key of a record row read by :mod:`core.sync.read`."""
    return (str(row[0]), int(cast(int, row[1])))


def stage_rows(rows: Sequence[Row], fetch: Callable[[Sequence[RecordKey]], Sequence[Row]], plan: ModelPlan,
               summary: SyncSummary) -> list[RecordRow]:
    """Central record rows (those the local-origin rule admits) as records to write, with their
    vectors: ``fetch(keys)`` reads the vector rows of ``keys`` (:func:`core.sync.read.embedding_rows`)."""
    recs = []
    for r in rows:
        summary.bytes += _size(r)
        recs.append(RecordRow(
            section_tipo=str(r[0]), section_id=int(cast(int, r[1])), title=str(r[2]), lang=cast(str | None, r[3]),
            classification=str(r[4]), project_ids=[int(p) for p in cast(list[int], r[5] or [])],
            data=cast(dict[str, Any], r[6] or {}), date_start=cast(date | None, r[7]),
            date_end=cast(date | None, r[8]), origin="central",
            updated_at=cast(datetime, r[9]).astimezone(timezone.utc).replace(tzinfo=None)))  # the store's naive UTC
    by_key = {rec.key: rec for rec in recs}
    if by_key:
        for key, emb in _embeddings(fetch(list(by_key)), plan, summary):
            by_key[key].embeddings.append(emb)
    return recs


def _embeddings(rows: Sequence[Row], plan: ModelPlan, summary: SyncSummary) -> list[tuple[RecordKey, EmbeddingRow]]:
    """The vectors of the local model's kind, as sent; text of another model's, embedded here."""
    out: list[tuple[RecordKey, EmbeddingRow]] = []
    ours = {(str(r[0]), int(cast(int, r[1])), str(r[5])) for r in rows
            if str(r[6]) == plan.reusable.get(str(r[5]))}
    foreign: dict[tuple[RecordKey, str, int], Row] = {}
    for r in rows:
        modality, model, dim = str(r[5]), str(r[6]), int(cast(int, r[7]))
        pinned = plan.local.get(modality)
        if pinned is None or plan.reusable.get(modality) != model:
            key = row_key(r)
            if plan.encoder is not None and modality == "text" and (*key, modality) not in ours:
                # one chunk once, whichever central model it came in (the smallest name wins)
                slot = (key, str(r[2]), int(cast(int, r[4])))
                if slot not in foreign or model < str(foreign[slot][6]):
                    foreign[slot] = r
            continue  # else: a model being built beside the active one on the server, not ours to mix in
        vec = _vector(cast(bytes, r[11]))
        if vec.shape != (dim,) or dim != pinned[1]:
            raise SyncError(f"a central vector of {r[0]}-{r[1]} has {vec.shape[0]} dimensions, "
                            f"{model} has {pinned[1]}", hint="The central archive needs repair; "
                            "everything committed before this record is kept.")
        summary.bytes += _size(r[:11]) + 4 * dim
        out.append((row_key(r), _embedding_row(r, model, vec)))
    summary.vectors_reused += len(out)
    return out + _embed_locally(list(foreign.values()), plan, summary)


def _embed_locally(rows: list[Row], plan: ModelPlan, summary: SyncSummary) -> list[tuple[RecordKey, EmbeddingRow]]:
    """Embed central chunks with the local text model (their source text: the passage as cited)."""
    if not rows or plan.encoder is None:
        return []
    name, _, _ = plan.local["text"]
    vecs = plan.encoder.embed_batch([str(r[8]) for r in rows], kind="passage")
    summary.vectors_embedded += len(rows)
    for r in rows:
        summary.bytes += _size(r[:11])
    return [(row_key(r), _embedding_row(r, name, np.asarray(v, np.float32))) for r, v in zip(rows, vecs, strict=True)]


def _embedding_row(r: Row, model: str, vector: np.ndarray) -> EmbeddingRow:
    """A central vector row (:func:`core.sync.read.embedding_rows`) as the store's row, with ``model``'s vector."""
    return EmbeddingRow(component_tipo=str(r[2]), chunk_index=int(cast(int, r[4])), model=model, embedding=vector,
                        source_text=str(r[8]), source_hash=str(r[9]), lang=cast(str | None, r[3]),
                        modality=str(r[5]), chunk_meta=cast(dict[str, Any], r[10] or {}))


def _vector(sent: bytes) -> np.ndarray:
    """pgvector's binary form (int16 dimension, int16 unused, big-endian float4s) as float32."""
    n = int.from_bytes(sent[:2], "big")
    if len(sent) != 4 + 4 * n:
        return np.zeros(0, np.float32)  # malformed: the caller's dimension check refuses it
    return np.frombuffer(sent, ">f4", count=n, offset=4).astype(np.float32)


def _size(values: Sequence[object]) -> int:
    """The payload of one row's values: text by its bytes, a vector 4 per dimension, other scalars 8."""
    total = 0
    for v in values:
        if isinstance(v, str):
            total += len(v.encode())
        elif isinstance(v, (dict, list)):
            total += len(json.dumps(v, default=str).encode()) if not (isinstance(v, list) and v and
                                                                       isinstance(v[0], float)) else 4 * len(v)
        elif v is not None:
            total += 8
    return total
