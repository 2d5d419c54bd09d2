"""The dense leg: an exact in-memory scan over the stored vectors.

The vectors in DuckDB are the truth; this is a cache of them as one float32
matrix, reloaded when the store's generation moves. An exact scan needs no
recall study and cannot be damaged by an unclean stop (unlike a persisted
HNSW index, docs/design.md §5); numpy's matrix-vector product is ~10× faster than
``array_cosine_distance`` over the same rows. Filters and the profile are
pushed down as boolean masks over per-chunk metadata codes (the profile's by
:meth:`core.acl.Rule.numpy_mask`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from core.acl import AclColumns, Profile
from core.retrieval.bm25 import Bm25Index
from core.retrieval.lexical import ensure_lexical
from core.filters import SearchFilters
from core.store.db import Store

_EPOCH = date(1970, 1, 1)
_NO_DATE = np.iinfo(np.int32).min


@dataclass(frozen=True)
class DenseHit:
    """A chunk row of the matrix and its cosine similarity."""

    chunk_id: str
    score: float


class _Codes:
    """Strings → small ints, so filters become vectorised comparisons."""

    def __init__(self, values: pa.ChunkedArray | pa.Array) -> None:
        dict_arr = pc.dictionary_encode(values).combine_chunks() if isinstance(values, pa.ChunkedArray) \
            else pc.dictionary_encode(values)
        self.vocab = {v: i for i, v in enumerate(dict_arr.dictionary.to_pylist())}
        # nulls (e.g. an undetected language) become -1, a code no filter asks for
        self.codes = dict_arr.indices.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int32)

    def mask(self, wanted: tuple[str, ...] | frozenset[str]) -> np.ndarray:
        ids = [self.vocab[w] for w in wanted if w in self.vocab]
        return np.isin(self.codes, np.asarray(ids, dtype=np.int32))


class VectorIndex:
    """All chunk vectors of one model, plus what filters need, kept in step with the store."""

    def __init__(self, store: Store, model: str) -> None:
        self.store = store
        self.model = model
        self._lock = threading.Lock()
        self._generation = -1
        self.ids: list[str] = []
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self._masks: dict[tuple[Profile, SearchFilters], np.ndarray] = {}
        self.bm25 = Bm25Index(store)

    def invalidate(self) -> None:
        """Forget what was loaded: the next :meth:`refresh` reloads from the store."""
        with self._lock:
            self._generation = -1

    def refresh(self) -> None:
        """Reload vectors and keyword postings when the store changed since the last load."""
        gen = self.store.generation()
        if gen == self._generation:
            return
        with self._lock:
            if gen != self._generation:
                ensure_lexical(self.store)
                self._load()
                self.bm25.load(self.ids)
                self._generation = gen

    def _load(self) -> None:
        table = self.store.cursor().execute("""
            SELECT e.id, e.section_tipo, e.section_id, e.component_tipo, e.lang, e.embedding,
                   r.classification, r.project_ids, r.deleted_at IS NOT NULL AS deleted,
                   coalesce(r.date_start, r.date_end) AS d0, coalesce(r.date_end, r.date_start) AS d1
            FROM rag_embeddings e
            JOIN records r ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id
            WHERE e.model = ?
            ORDER BY e.id
        """, [self.model]).to_arrow_table()
        n = table.num_rows
        self.ids = table.column("id").to_pylist()
        self.record_keys = list(zip(table.column("section_tipo").to_pylist(),
                                    table.column("section_id").to_pylist()))
        if n:
            flat = pc.list_flatten(table.column("embedding")).to_numpy(zero_copy_only=False)
            self.matrix = np.ascontiguousarray(flat.astype(np.float32).reshape(n, -1))
        else:
            self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.collection = _Codes(table.column("section_tipo"))
        self.facet = _Codes(table.column("component_tipo"))
        self.lang = _Codes(table.column("lang"))
        self.classification = _Codes(table.column("classification"))
        self.deleted = table.column("deleted").to_numpy(zero_copy_only=False).astype(bool)
        self.d0 = _days(table.column("d0"))
        self.d1 = _days(table.column("d1"))
        projects = table.column("project_ids").to_pylist()
        self.projects: list[frozenset[int]] = [frozenset(p or ()) for p in projects]
        self.acl = AclColumns(self.classification.codes, self.classification.vocab, self.projects, self.deleted)
        self._masks = {}  # masks describe the rows just replaced
        self.record_ordinal: dict[tuple[str, int], int] = {}
        ordinals = [self.record_ordinal.setdefault(key, len(self.record_ordinal)) for key in self.record_keys]
        self.rec_ord = np.asarray(ordinals, dtype=np.int64)

    def __len__(self) -> int:
        return len(self.ids)

    def mask(self, profile: Profile, filters: SearchFilters) -> np.ndarray:
        """Rows the profile may see that pass the filters (the push-down of the gate's rule).

        Masks are cached per (profile, filters) until the next reload: a reading room
        asks many questions under the same profile and filters.
        """
        key = (profile, filters)
        cached = self._masks.get(key)
        if cached is None:
            cached = self._build_mask(profile, filters)
            if len(self._masks) > 64:
                self._masks.clear()
            self._masks[key] = cached
        return cached.copy()

    def _build_mask(self, profile: Profile, filters: SearchFilters) -> np.ndarray:
        m = profile.rule.numpy_mask(self.acl)
        if filters.collections:
            m &= self.collection.mask(filters.collections)
        if filters.facets:
            m &= self.facet.mask(filters.facets)
        if filters.langs:
            m &= self.lang.mask(filters.langs)
        if filters.classifications:
            m &= self.classification.mask(filters.classifications)
        if filters.date_from is not None:
            m &= (self.d1 != _NO_DATE) & (self.d1 >= (filters.date_from - _EPOCH).days)
        if filters.date_to is not None:
            m &= (self.d0 != _NO_DATE) & (self.d0 <= (filters.date_to - _EPOCH).days)
        return m

    def exclude_record(self, mask: np.ndarray, section_tipo: str, section_id: int) -> np.ndarray:
        """The mask without one record's rows (the seed of a similarity search)."""
        ordinal = self.record_ordinal.get((section_tipo, section_id))
        return mask if ordinal is None else mask & (self.rec_ord != ordinal)

    def top(self, query: np.ndarray, k: int, mask: np.ndarray | None = None) -> list[DenseHit]:
        """Exact top-k by cosine (vectors are L2-normalised, so a dot product)."""
        if not len(self.ids) or k <= 0:
            return []
        scores = self.matrix @ query.astype(np.float32)
        # rank among the allowed rows only, ties by row: the order cannot depend on hidden rows
        rows = np.flatnonzero(mask) if mask is not None else np.arange(len(scores))
        if not len(rows):
            return []
        sub = scores[rows]
        k = min(k, len(sub))
        part = np.argpartition(-sub, k - 1)[:k]
        order = rows[part[np.lexsort((part, -sub[part]))]]
        return [DenseHit(self.ids[i], float(scores[i])) for i in order]

    def vectors_of_record(self, section_tipo: str, section_id: int) -> np.ndarray:
        """The stored vectors of one record (for similar-records; nothing is re-embedded)."""
        rows = self.store.cursor().execute(
            "SELECT embedding FROM rag_embeddings WHERE section_tipo = ? AND section_id = ? AND model = ?",
            [section_tipo, section_id, self.model]).fetchall()
        return np.asarray([r[0] for r in rows], dtype=np.float32)


def _days(col: pa.ChunkedArray) -> np.ndarray:
    """Dates as days since the epoch; missing dates as a sentinel."""
    arr = col.combine_chunks().cast(pa.int32())
    return arr.fill_null(_NO_DATE).to_numpy(zero_copy_only=False).astype(np.int32)
